// "Still looking for work?": companies see how recently the job seeker said so, and fresh profiles are easier to find.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDaysAgo } from '@/lib/format';
import { useConfirmStillLooking } from '../api/confirm-still-looking';

export function StillLooking({ confirmedAt }: { confirmedAt: string }) {
  const { t } = useTranslation('profile');
  const confirm = useConfirmStillLooking();
  const [now, setNow] = useState(() => Date.now());
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <p className="font-medium text-slate-900">{t('looking.heading')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('looking.body', { when: formatDaysAgo(confirmedAt, now) })}</p>
      </div>
      <Button
        variant="outline"
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: () => {
              setNow(Date.now());
              toast({ variant: 'success', title: t('looking.done') });
            },
            onError: (error) => toast({ variant: 'destructive', title: t('looking.failed'), description: errorMessage(error, t('looking.failed')) }),
          })
        }
      >
        {confirm.isPending && <Spinner />}
        {t('looking.button')}
      </Button>
    </div>
  );
}
