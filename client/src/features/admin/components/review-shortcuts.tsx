// The review page's keyboard: one key per action, so a reviewer goes through the queue without the mouse. Keys are
// matched by their place on the keyboard (KeyboardEvent.code), so they work the same with an Arabic layout.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECTION_REASONS } from '#shared/profile.ts';
import { VERIFIABLE_FACTS, type VerifiableFact } from '#shared/hiring-facts.ts';
import { ModalDialog, ModalDialogHeader } from '@/components/ui/modal-dialog';

export interface ReviewKeyActions {
  approve(): void;
  reject(): void;
  next(): void;
  previous(): void;
  playPause(): void;
  toggleSound(): void;
  nextSpeed(): void;
  toggleReason(index: number): void;
  toggleFact(fact: VerifiableFact): void;
  help(): void;
}

/** Where a key is text being typed (a note, a search), not a command. Check boxes and buttons are not typing. */
const TYPING = 'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"])';
const INTERACTIVE = 'button, a[href], input, textarea, select, video, summary, [tabindex]:not([tabindex="-1"])';

export function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TYPING) !== null;
}

const digit = (code: string) => (/^Digit[1-9]$/.test(code) ? Number(code.slice(5)) : undefined);

/** Listens on the window while the page is open; the latest actions are used (they change with each render). */
export function useReviewShortcuts(actions: ReviewKeyActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const act = latest.current;
      const number = digit(event.code);
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (event.key === '?' || (event.shiftKey && event.code === 'Slash')) return run(act.help);
      if (number !== undefined) {
        if (event.shiftKey && number <= VERIFIABLE_FACTS.length) return run(() => act.toggleFact(VERIFIABLE_FACTS[number - 1]!));
        if (!event.shiftKey && number <= REJECTION_REASONS.length) return run(() => act.toggleReason(number - 1));
        return;
      }
      if (event.shiftKey) return;
      switch (event.code) {
        case 'KeyA':
          return run(act.approve);
        case 'KeyR':
          return run(act.reject);
        case 'KeyN':
          return run(act.next);
        case 'KeyP':
          return run(act.previous);
        case 'KeyK':
          return run(act.playPause);
        case 'Space':
          // On a button or the player, Space is theirs.
          if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
          return run(act.playPause);
        case 'KeyM':
          return run(act.toggleSound);
        case 'KeyS':
          return run(act.nextSpeed);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** A key as the overlay and the buttons show it. Beside a control it is only a reminder (the control carries
 *  aria-keyshortcuts), so screen readers skip it there; `spoken` keeps it in the overlay's list. */
export function Key({ children, spoken }: { children: string; spoken?: boolean }) {
  return (
    <kbd aria-hidden={spoken ? undefined : true} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-800">
      {children}
    </kbd>
  );
}

/** The list of keys, opened with "?" (a dialog: Escape closes it and gives the focus back). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const rows: [string, string][] = [
    ['A', t('shortcuts.approve')],
    ['R', t('shortcuts.reject')],
    [`1 – ${REJECTION_REASONS.length}`, t('shortcuts.reasons')],
    ['N', t('shortcuts.next')],
    ['P', t('shortcuts.previous')],
    ['K', t('shortcuts.playPause')],
    ['M', t('shortcuts.sound')],
    ['S', t('shortcuts.speed')],
    ...VERIFIABLE_FACTS.map((fact, index): [string, string] => [`Shift + ${index + 1}`, t('shortcuts.fact', { fact: t(`facts.name.${fact}`) })]),
    ['?', t('shortcuts.help')],
  ];
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy="review-shortcuts-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
        <div className="p-5 sm:p-6">
          <ModalDialogHeader
            title={t('shortcuts.title')}
            closeLabel={t('shortcuts.close')}
            className="flex items-center justify-between gap-3"
            titleClassName="text-lg font-semibold"
            autoFocusClose
          />
          <p className="mt-1 text-sm text-slate-600">{t('shortcuts.intro')}</p>
          <dl className="mt-4 divide-y divide-slate-100">
            {rows.map(([key, text]) => (
              <div key={key} className="flex items-center justify-between gap-4 py-2">
                <dt className="text-sm text-slate-800">{text}</dt>
                <dd className="shrink-0" dir="ltr">
                  <Key spoken>{key}</Key>
                </dd>
              </div>
            ))}
          </dl>
        </div>
    </ModalDialog>
  );
}
