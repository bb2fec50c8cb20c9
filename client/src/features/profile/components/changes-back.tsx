// Said above the edit form when it opens with changes that were not saved (kept on the phone), with a way back to
// the profile as saved.
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
