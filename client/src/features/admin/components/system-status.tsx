// The System page: whether the product is healthy, on one page for its operator. Open incidents first, then the
// backups (each one's archive to download), the background queues, e-mails given up on (with Retry), sizes, the
// version and migration, and the server processes running.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminEmail } from '#shared/admin.ts';
import { JOB_QUEUES, type JobBacklog, type JobQueue, type StorageFigure, type SystemBackup, type SystemStatus } from '#shared/system-status.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { cn } from '@/lib/utils';
import { backupDownloadUrl } from '../api/download-backup';
import { useSystemStatus } from '../api/get-system-status';
import { useRetryEmail } from '../api/retry-email';
import { when } from './paged-list';

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 8120000 bytes as '8.1 MB' in the reader's language (units of 1000, as disks are sold). */
export function sizeText(bytes: number, language: string): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // '512 bytes' in words ('512 byte' is the short form); the larger units short: 'kB', 'MB', 'GB'.
  const whole = unit === 0;
  return new Intl.NumberFormat(language, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: whole ? 'long' : 'short', maximumFractionDigits: whole ? 0 : 1 }).format(value);
}

/** A time something has waited, in its largest whole unit: '45 seconds', '12 minutes', '26 hours', '3 days'. */
export function ageText(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : seconds < 2 * 86_400 ? [seconds / 3600, 'hour'] : [seconds / 86_400, 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.floor(value));
}

function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('min-w-0 p-5', className)}>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </section>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{children}</p>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Incidents({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation('admin');
  if (status.incidents.length === 0) {
    return (
      <Section id="system-incidents" title={t('system.incidents.title')}>
        <p className="text-brand-800">{t('system.incidents.none')}</p>
      </Section>
    );
  }
  return (
    <Section id="system-incidents" title={t('system.incidents.title')} className="border-red-300 bg-red-50">
      <ul className="space-y-3">
        {status.incidents.map((incident) => (
          <li key={incident.id}>
            <p className="font-semibold text-red-900">{t(`system.incidents.kind.${incident.kind}`, { defaultValue: incident.kind })}</p>
            <p className="text-sm text-red-900">{t('system.incidents.since', { when: when(incident.openedAt, i18n.language) })}</p>
            {Object.keys(incident.detail).length > 0 && (
              <dl className="mt-1 font-mono text-xs text-slate-800" dir="ltr">
                {Object.entries(incident.detail).map(([key, value]) => (
                  <div key={key} className="[overflow-wrap:anywhere]">
                    <dt className="inline">{key}: </dt>
                    <dd className="inline">{String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const BACKUP_STATE_CLASS: Record<SystemBackup['state'], string> = {
  running: 'text-amber-800',
  succeeded: 'text-brand-800',
  failed: 'font-semibold text-red-800',
};

function Backups({ backups }: { backups: SystemBackup[] }) {
  const { t, i18n } = useTranslation('admin');
  const command = ltr('npm run backup');
  return (
    <Section id="system-backups" title={t('system.backups.title')}>
      {backups.length === 0 ? (
        <Empty>{ltrValues(t('system.backups.empty', { command }), 'font-mono whitespace-nowrap')}</Empty>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">{ltrValues(t('system.backups.intro', { command }), 'font-mono whitespace-nowrap')}</p>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {backups.map((backup) => {
              const started = when(backup.startedAt, i18n.language);
              return (
                <li key={backup.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{started}</p>
                    <p className="text-sm text-slate-700">
                      {t(`system.backups.trigger.${backup.trigger}`)}
                      {' · '}
                      <span className={BACKUP_STATE_CLASS[backup.state]}>{t(`system.backups.state.${backup.state}`)}</span>
                      {backup.size !== null && ` · ${sizeText(backup.size, i18n.language)}`}
                    </p>
                    {backup.state === 'failed' && backup.errorDetail && (
                      <p className="mt-1 font-mono text-xs text-red-800 [overflow-wrap:anywhere]" dir="ltr">
                        {backup.errorDetail}
                      </p>
                    )}
                    {backup.removedAt && <p className="mt-1 text-sm text-slate-700">{t('system.backups.removed', { when: when(backup.removedAt, i18n.language) })}</p>}
                  </div>
                  {backup.downloadable && (
                    <a
                      href={backupDownloadUrl(backup.id)}
                      download
                      aria-label={t('system.backups.downloadLabel', { when: started })}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    >
                      {t('system.backups.download')}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Section>
  );
}

function Queues({ backlogs }: { backlogs: JobBacklog[] }) {
  const { t, i18n } = useTranslation('admin');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Section id="system-queues" title={t('system.queues.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('system.queues.intro')}</p>
      <div className="space-y-4">
        {(Object.keys(JOB_QUEUES) as JobQueue[]).map((queue) => (
          <div key={queue}>
            <h3 className="font-medium text-slate-900">{t(`system.queues.name.${queue}`)}</h3>
            <dl className="mt-2 grid grid-cols-3 gap-2">
              {backlogs
                .filter((backlog) => backlog.queue === queue)
                .map((backlog) => {
                  const alarming = backlog.state === 'failed' && backlog.items > 0;
                  return (
                    <div key={backlog.state} className={cn('min-w-0 rounded-lg p-2', alarming ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-900')}>
                      <dt className="text-xs">{t(`system.queues.state.${backlog.state}`)}</dt>
                      <dd className="text-lg font-semibold">{number.format(backlog.items)}</dd>
                      {backlog.oldestAgeSeconds !== null && (
                        <dd className="text-xs">{t('system.queues.oldest', { age: ageText(backlog.oldestAgeSeconds, i18n.language) })}</dd>
                      )}
                    </div>
                  );
                })}
            </dl>
          </div>
        ))}
      </div>
    </Section>
  );
}

function FailedEmail({ email }: { email: AdminEmail }) {
  const { t, i18n } = useTranslation('admin');
  const retry = useRetryEmail();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{email.subject}</p>
        <p className="text-sm text-slate-700">
          <bdi dir="ltr" className="[overflow-wrap:anywhere]">
            {email.to}
          </bdi>
          {' · '}
          <bdi dir="ltr">{email.template}</bdi>
          {` · ${t('system.emails.queued', { when: when(email.createdAt, i18n.language) })} · ${t('system.emails.attempts', { count: email.attempts })}`}
        </p>
        {email.lastError && (
          <p className="mt-1 font-mono text-xs text-red-800 [overflow-wrap:anywhere]" dir="ltr">
            {email.lastError}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={retry.isPending}
        aria-label={t('system.emails.retryLabel', { to: email.to })}
        onClick={() =>
          retry.mutate(email.id, {
            onSuccess: () => toast({ variant: 'success', title: t('emails.retried') }),
            onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, t('emails.failed')) }),
          })
        }
      >
        {retry.isPending && <Spinner className="h-4 w-4" />}
        {t('emails.retry')}
      </Button>
    </li>
  );
}

function FailedEmails({ failed }: { failed: SystemStatus['failedEmails'] }) {
  const { t } = useTranslation('admin');
  return (
    <Section id="system-emails" title={t('system.emails.title')}>
      {failed.items.length === 0 ? (
        <Empty>{t('system.emails.none')}</Empty>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {failed.items.map((email) => (
              <FailedEmail key={email.id} email={email} />
            ))}
          </ul>
          {failed.total > failed.items.length && (
            <p className="mt-3 text-sm text-slate-700">
              {t('system.emails.more', { shown: failed.items.length, total: failed.total })}{' '}
              <Link href="/admin/emails" className="font-medium text-brand-800 underline underline-offset-2">
                {t('system.emails.open')}
              </Link>
            </p>
          )}
        </>
      )}
    </Section>
  );
}

function Storage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation('admin');
  const figure = (value: StorageFigure) => `${sizeText(value.bytes, i18n.language)} · ${t('system.storage.count', { count: value.count })}`;
  return (
    <Section id="system-storage" title={t('system.storage.title')}>
      <dl className="divide-y divide-slate-100">
        <Row label={t('system.storage.database')}>{sizeText(status.databaseBytes, i18n.language)}</Row>
        <Row label={t('system.storage.files')}>{figure(status.storage.files)}</Row>
        <Row label={t('system.storage.dataExports')}>{figure(status.storage.dataExports)}</Row>
        <Row label={t('system.storage.backups')}>{figure(status.storage.backups)}</Row>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{t('system.storage.note')}</p>
    </Section>
  );
}

function Version({ status }: { status: SystemStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Section id="system-version" title={t('system.version.title')}>
      <dl className="divide-y divide-slate-100">
        <Row label={t('system.version.product')}>
          <bdi dir="ltr">{status.version}</bdi>
        </Row>
        <Row label={t('system.version.migration')}>{status.migration ? <bdi dir="ltr">{status.migration}</bdi> : t('system.version.unknownMigration')}</Row>
      </dl>
    </Section>
  );
}

function Instances({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation('admin');
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const secondsBefore = (iso: string) => Math.max(0, Math.round((Date.parse(status.checkedAt) - Date.parse(iso)) / 1000));
  return (
    <Section id="system-instances" title={t('system.instances.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('system.instances.intro')}</p>
      {status.instances.length === 0 ? (
        <Empty>{t('system.instances.none')}</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {status.instances.map((instance) => (
            <li key={instance.id} className="p-3">
              <p className="font-medium text-slate-900">
                <bdi dir="ltr" className="[overflow-wrap:anywhere]">
                  {instance.host}
                </bdi>
                {' · '}
                {ltrValues(t('system.instances.process', { pid: ltr(String(instance.pid)) }))}
                {' · '}
                <bdi dir="ltr">{instance.version}</bdi>
              </p>
              <p className="text-sm text-slate-700">
                {t('system.instances.since', { when: when(instance.startedAt, i18n.language) })}
                {' · '}
                {t('system.instances.seen', { ago: relative.format(-secondsBefore(instance.seenAt), 'second') })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The page's figures as the server read them; `onRefresh` reads them again. */
export function SystemStatusView({ status, onRefresh, refreshing }: { status: SystemStatus; onRefresh: () => void; refreshing: boolean }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {t('system.checked', { when: when(status.checkedAt, i18n.language) })}
        </p>
        <Button size="sm" variant="outline" disabled={refreshing} onClick={onRefresh}>
          {refreshing && <Spinner className="h-4 w-4" />}
          {t('system.refresh')}
        </Button>
      </div>
      <Incidents status={status} />
      <Backups backups={status.backups} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <Queues backlogs={status.backlogs} />
        <FailedEmails failed={status.failedEmails} />
        <Storage status={status} />
        <Version status={status} />
      </div>
      <Instances status={status} />
    </div>
  );
}

export function SystemStatusPage() {
  const { t } = useTranslation('admin');
  const query = useSystemStatus();
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner className="text-brand-700" />
        {t('list.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{errorMessage(query.error, t('system.failed'))}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  return <SystemStatusView status={query.data} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />;
}
