// Save a candidate with a private note, edit the note, or remove them from the shortlist.
import { useState } from 'react';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CandidateDetail } from '#shared/candidates.ts';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useRemoveFromShortlist } from '../api/remove-from-shortlist';
import { useSaveToShortlist } from '../api/save-to-shortlist';
import { ltr, ltrValues } from '@/lib/ltr-values';

export function ShortlistControl({ candidate }: { candidate: CandidateDetail }) {
  const { t } = useTranslation('candidates');
  const [note, setNote] = useState(candidate.shortlist?.note ?? '');
  const save = useSaveToShortlist();
  const remove = useRemoveFromShortlist();
  const saveOnce = useSendOnce();
  const removeOnce = useSendOnce();
  const saved = Boolean(candidate.shortlist);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('shortlist.failedTitle'), description: errorMessage(error, t('shortlist.failed')) });

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void saveOnce(() =>
          save.mutateAsync({ id: candidate.id, note }, { onSuccess: () => toast({ variant: 'success', title: saved ? t('shortlist.noteSaved') : t('shortlist.saved') }), onError: failed }),
        );
      }}
    >
      <Field
        id={`shortlist-${candidate.id}-note`}
        label={t('shortlist.note')}
        hint={candidate.shortlist?.note && candidate.shortlist.noteBy ? ltrValues(`${t('shortlist.noteHint')} ${t('shortlist.noteBy', { name: ltr(candidate.shortlist.noteBy) })}`) : t('shortlist.noteHint')}
      >
        {(ids) => <Textarea {...ids} rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.currentTarget.value)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={saved ? 'outline' : 'primary'} disabled={save.isPending}>
          {saved ? <BookmarkCheck aria-hidden="true" className="h-4 w-4" /> : <Bookmark aria-hidden="true" className="h-4 w-4" />}
          {saved ? t('shortlist.updateNote') : t('shortlist.save')}
        </Button>
        {saved && (
          <Button
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              void removeOnce(() => remove.mutateAsync(candidate.id, { onSuccess: () => { setNote(''); toast({ title: t('shortlist.removed') }); }, onError: failed }))
            }
          >
            {t('shortlist.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
