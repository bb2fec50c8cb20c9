// Said above the edit form when it opens with changes that were not saved (kept on the phone), with a way back to
// the profile as saved; and once that way was taken.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function ChangesBack({ onUndo }: { onUndo: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <p role="status">{t('edit.changesBack')}</p>
      <Button type="button" variant="outline" size="sm" onClick={onUndo}>
        {t('edit.undoChanges')}
      </Button>
    </div>
  );
}

/** Takes the focus from the Undo button, which is gone with the form it reset, and says what happened. */
export function ChangesUndone() {
  const { t } = useTranslation('profile');
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <p ref={note} role="status" tabIndex={-1} className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      {t('edit.changesUndone')}
    </p>
  );
}
