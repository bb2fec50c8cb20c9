// The language switch of the header and the footer: a globe with the current language's name, in the header at every
// width (a phone's too, outside the menu); each language named in itself. The choice applies at once, is remembered
// on this device, and becomes the account's when someone is signed in. It is the browser's own select, so a phone
// opens its own picker.
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES } from '#shared/locales.ts';
import { useCurrentUser, useSetLocale } from '@/lib/auth';
import { applyLanguage } from '@/lib/language';
import { clsx } from 'clsx';
import { useHydrated } from '@/hooks/use-hydrated';

/** `id` names the select; a page may hold two switches (the header's and the footer's). */
export function LanguageSwitch({ id, tone = 'light', className }: { id: string; tone?: 'light' | 'dark'; className?: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const setLocale = useSetLocale();
  const current = isLocale(i18n.language) ? i18n.language : 'en';
  // On a page the server rendered, a choice made before the code arrives would be lost: the switch waits for it.
  const hydrated = useHydrated();
  const iconClass = clsx('pointer-events-none absolute h-4 w-4', tone === 'dark' ? 'text-slate-300' : 'text-slate-600');

  return (
    <div className={clsx('relative flex shrink-0 items-center', className)}>
      <Globe aria-hidden="true" className={clsx(iconClass, 'start-2.5')} />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        disabled={!hydrated}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          void applyLanguage(locale);
          // A failed save leaves the language on this device; the account keeps its own until the next change.
          if (user) setLocale.mutate(locale);
        }}
        className={clsx(
          'h-10 max-w-[9rem] cursor-pointer appearance-none truncate rounded-full border ps-8 pe-7 text-sm font-medium',
          tone === 'dark'
            ? 'border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className={clsx(iconClass, 'end-2.5')} />
    </div>
  );
}
