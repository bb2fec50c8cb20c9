// /profile: each company that viewed the profile, downloaded the CV or made contact, newest first, with what the
// job seeker can do about it; and the weekly e-mail of it, on or off.
import { useTranslation } from 'react-i18next';
import type { ProfileActivityItem } from '#shared/employers.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDaysAgo } from '@/lib/format';
import { clsx } from 'clsx';
import { useProfileActivity } from '../api/get-profile-activity';
import { useSetActivityEmails } from '../api/set-activity-emails';
import { CompanyActions } from './company-actions';
import { VerifiedBadge } from './verified-badge';

function whatHappened(t: (key: string) => string, item: ProfileActivityItem): string {
  if (item.type === 'view') return t('activity.viewed');
  if (item.type === 'cv_download') return t('activity.downloaded');
  return item.channel === 'whatsapp' ? t('activity.contactedWhatsapp') : item.channel === 'email' ? t('activity.contactedEmail') : t('activity.contacted');
}

function WeeklyEmailSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('trust');
  const set = useSetActivityEmails();
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        checked={on}
        disabled={set.isPending}
        onChange={(event) =>
          set.mutate(event.currentTarget.checked, {
            onSuccess: ({ activityEmails }) => toast({ variant: 'success', title: t(activityEmails ? 'activity.emailsOn' : 'activity.emailsOff') }),
            onError: (error) => toast({ variant: 'destructive', title: t('activity.emailsFailed'), description: errorMessage(error, t('activity.emailsFailed')) }),
          })
        }
      />
      {t('activity.emails')}
    </label>
  );
}

export function ProfileActivity({ activityEmails }: { activityEmails: boolean }) {
  const { t } = useTranslation('trust');
  const activity = useProfileActivity();
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div>
      <h2 id="activity" className="text-lg font-semibold text-slate-900">
        {t('activity.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('activity.intro')}</p>
      <div className="mt-3">
        <WeeklyEmailSwitch on={activityEmails} />
      </div>
      {activity.isPending ? (
        <Spinner className="mt-4" />
      ) : activity.isError ? (
        <div role="alert" className="mt-4 text-sm text-red-900">
          {t('activity.loadFailed')}{' '}
          <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
            {t('activity.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('activity.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {items.map((item, n) => (
            <li key={`${item.companyId}-${item.at}-${n}`} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className={clsx('flex flex-wrap items-center gap-2 font-medium', item.blocked ? 'text-slate-500' : 'text-slate-900')}>
                  <span className="break-words">{item.companyName}</span>
                  <VerifiedBadge verified={item.verified} />
                  {item.blocked && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('blocked')}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {whatHappened(t, item)} · <time dateTime={item.at}>{formatDaysAgo(item.at)}</time>
                </p>
              </div>
              <CompanyActions company={item} />
            </li>
          ))}
        </ul>
      )}
      {activity.hasNextPage && (
        <Button variant="outline" className="mt-3" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
          {activity.isFetchingNextPage && <Spinner />}
          {t('activity.more')}
        </Button>
      )}
    </div>
  );
}
