import { useTranslation } from 'react-i18next';
import type { ProfileVisibility } from '#shared/profile.ts';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { clsx } from 'clsx';
import { useUpdateProfile } from '../api/update-profile';

/**
 * Hide/Show: whether companies find the profile in their searches (the profile's visibility). Shown, a profile not
 * yet approved is still found only once it is.
 */
export function VisibilitySwitch({ visibility, approved }: { visibility: ProfileVisibility; approved: boolean }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const visible = visibility === 'visible';
  const toggle = () =>
    update.mutate(
      { visibility: visible ? 'hidden' : 'visible' },
      {
        onSuccess: (profile) =>
          toast({ variant: 'success', title: profile.visibility === 'hidden' ? t('page.hiddenToast') : approved ? t('page.shownToast') : t('page.visibleOnceApproved') }),
        onError: (error) => toast({ variant: 'destructive', title: t('edit.failedTitle'), description: errorMessage(error, t('page.visibilityFailed')) }),
      },
    );
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id="visibility-label" className="font-medium text-slate-900">
          {t('page.visibilityLabel')}
        </p>
        <p id="visibility-hint" className="mt-1 text-sm text-slate-600">
          {!visible ? t('page.hiddenHint') : approved ? `${t('page.visibleHint')} ${t('page.notLookingHint')}` : t('page.visibleOnceApproved')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={visible}
        aria-labelledby="visibility-label"
        aria-describedby="visibility-hint"
        disabled={update.isPending}
        onClick={toggle}
        className={clsx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
          visible ? 'bg-brand-700' : 'bg-slate-300',
        )}
      >
        <span className={clsx('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', visible ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1')} />
      </button>
    </div>
  );
}
