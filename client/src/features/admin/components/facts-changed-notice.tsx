// An approved profile whose owner changed a fact the team checks against documents: what the reviewer is asked to
// look at, and "Looked at", which takes the profile out of the queue's "facts changed" lane.
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useMarkFactsLookedAt } from '../api/mark-facts-looked-at';
import { when } from './paged-list';

export function FactsChangedNotice({ profile }: { profile: ReviewItem }) {
  const { t, i18n } = useTranslation('admin');
  const looked = useMarkFactsLookedAt();
  if (!profile.factsChangedAt) return null;
  return (
    <div role="region" aria-labelledby="facts-changed-title" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <div className="min-w-0 text-amber-950">
        <h2 id="facts-changed-title" className="font-semibold">{t('review.factsChanged.title')}</h2>
        <p className="text-sm">{t('review.factsChanged.body', { when: when(profile.factsChangedAt, i18n.language) })}</p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={looked.isPending}
        onClick={() =>
          looked.mutate(
            { id: profile.id, version: profile.version },
            {
              onSuccess: () => toast({ variant: 'success', title: t('review.factsChanged.done') }),
              onError: (error) => toast({ variant: 'destructive', title: t('review.failed'), description: errorMessage(error, t('review.failed')) }),
            },
          )
        }
      >
        {looked.isPending && <Spinner />}
        {t('review.factsChanged.lookedAt')}
      </Button>
    </div>
  );
}
