// The System page: whether the product is healthy, on one page for its operator. Open incidents first, then the
// backups (each one's archive to download), the background queues, e-mails given up on (with Retry), sizes, the
// version and migration, and the server processes running.
import { useTranslation } from 'react-i18next';
import { JOB_QUEUES, type JobBacklog, type JobQueue, type StorageFigure, type SystemBackup, type SystemStatus } from '#shared/system-status.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { dailyTimeText } from '@/lib/date-text';
import { errorMessage } from '@/lib/error-message';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { clsx } from 'clsx';
import { backupDownloadUrl } from '../api/download-backup';
import { useSystemStatus } from '../api/get-system-status';
import { when } from './paged-list';
import { FailedEmails } from './system-failed-emails';
import { Incidents } from './system-incidents';
import { Instances, Version } from './system-processes';
import { Empty, Row, Section } from './system-section';

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

const BACKUP_STATE_CLASS: Record<SystemBackup['state'], string> = {
  running: 'text-amber-800',
  succeeded: 'text-brand-800',
  failed: 'font-semibold text-red-800',
};

function Backups({ backups, dailyMinute }: { backups: SystemBackup[]; dailyMinute: number | null }) {
  const { t, i18n } = useTranslation('admin');
  const command = ltr('npm run backup');
  // Said as it is on this server: at the time BACKUP_TIME sets, or off (then only the command makes one).
  const daily = dailyMinute === null ? { setting: ltr('BACKUP_TIME=off') } : { time: dailyTimeText(dailyMinute, i18n.language) };
  const text = (key: 'empty' | 'intro') => ltrValues(t(`system.backups.${key}${dailyMinute === null ? 'Off' : ''}`, { command, ...daily }), 'font-mono whitespace-nowrap');
  return (
    <Section id="system-backups" title={t('system.backups.title')}>
      {backups.length === 0 ? (
        <Empty>{text('empty')}</Empty>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">{text('intro')}</p>
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
                    <div key={backlog.state} className={clsx('min-w-0 rounded-lg p-2', alarming ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-900')}>
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
          {refreshing && <Spinner size="sm" />}
          {t('system.refresh')}
        </Button>
      </div>
      <Incidents status={status} />
      <Backups backups={status.backups} dailyMinute={status.dailyBackupMinute} />
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
    return <ListSkeleton />;
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
