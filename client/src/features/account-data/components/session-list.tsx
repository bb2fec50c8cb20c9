// Where the account is signed in: each device with its browser and system, the network it signed in from (an
// address prefix, not a place: nothing here looks addresses up) and when it was last used; sign out of each, or of
// all the others at once.
import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '#shared/sessions.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import i18n from '@/lib/i18n';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { sessionsQuery, useSessions } from '../api/list-sessions';

const ICONS = { phone: Smartphone, tablet: Tablet, computer: Laptop } as const;

/** 'Active now' within five minutes (a session is touched about once a minute), else how long ago, in words. */
function lastUsed(instant: string, t: (key: string, values?: Record<string, unknown>) => string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(instant)) / 60_000));
  if (minutes < 5) return t('sessions.activeNow');
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const when = minutes < 60 ? format.format(-minutes, 'minute') : minutes < 48 * 60 ? format.format(-Math.round(minutes / 60), 'hour') : format.format(-Math.round(minutes / 1440), 'day');
  return t('sessions.lastSeen', { when });
}

export function SessionList() {
  const { t } = useTranslation('account-data');
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const queryClient = useQueryClient();
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('sessions.failedAction'), description: errorMessage(error, t('sessions.failedAction')) });

  if (sessions.isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="text-brand-700" />
        {t('sessions.loading')}
      </p>
    );
  }
  if (!sessions.data) {
    return (
      <div role="alert" className="text-sm text-slate-800">
        <p>{t('sessions.failed')}</p>
        <Button className="mt-2" size="sm" variant="outline" onClick={() => void sessions.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    );
  }
  const items = sessions.data.items;
  const deviceName = (item: SessionView) =>
    item.browser || item.system
      ? t('sessions.device', { browser: item.browser ?? t('sessions.unknownBrowser'), system: item.system ?? t('sessions.unknownSystem') })
      : t('sessions.unknownDevice');
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('sessions.intro')}</p>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {items.map((item) => {
          const Icon = ICONS[item.kind ?? 'computer'];
          const name = deviceName(item);
          return (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="flex min-w-0 gap-3">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    <bdi>{name}</bdi>
                    {item.current && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">{t('sessions.thisDevice')}</span>}
                  </p>
                  <p className="text-sm text-slate-700">
                    {item.network ? (
                      <>
                        {item.sameNetwork ? t('sessions.sameNetworkLabel') : t('sessions.networkLabel')}{' '}
                        {/* One left-to-right run, never broken: 127.0.0.0/24 read '1 / 27.0.0.0/24' in Arabic. */}
                        <bdi dir="ltr" className="whitespace-nowrap">
                          {item.network}
                        </bdi>
                      </>
                    ) : (
                      t('sessions.noNetwork')
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    {item.current ? t('sessions.activeNow') : lastUsed(item.lastSeenAt, t)}
                    {item.signedInAt && <> · {t('sessions.signedIn', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(item.signedInAt)) })}</>}
                  </p>
                </div>
              </div>
              {!item.current && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('sessions.signOutNamed', { device: name })}
                  disabled={end.isPending}
                  onClick={() => end.mutate(item.id, { onSuccess: () => toast({ variant: 'success', title: t('sessions.signedOut') }), onError: failed })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {items.length > 1 ? (
        <Button
          variant="outline"
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => {
                toast({ variant: 'success', title: t('sessions.othersSignedOut') });
                void queryClient.invalidateQueries(sessionsQuery);
              },
              onError: failed,
            })
          }
        >
          {endOthers.isPending && <Spinner />}
          {t('sessions.signOutOthers')}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{t('sessions.onlyThis')}</p>
      )}
    </div>
  );
}
