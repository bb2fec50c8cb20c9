import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JOB_QUEUES, type JobQueue, type SystemStatus } from '#shared/system-status.ts';
import { renderForReader } from '@/test/render';
import { dailyTimeText } from '@/lib/date-text';
import { ageText, sizeText, SystemStatusView } from './system-status';

const CHECKED = '2026-03-15T08:00:00.000Z';

/** A healthy product with nothing made yet: no backup, empty queues, no failure, one process. */
function status(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    checkedAt: CHECKED,
    backups: [],
    dailyBackupMinute: 23 * 60,
    backlogs: (Object.keys(JOB_QUEUES) as JobQueue[]).flatMap((queue) => JOB_QUEUES[queue].map((state) => ({ queue, state, items: 0, oldestAgeSeconds: null }))),
    failedEmails: { items: [], total: 0 },
    databaseBytes: 12_400_000,
    storage: { files: { count: 0, bytes: 0 }, dataExports: { count: 1, bytes: 40_000 }, backups: { count: 0, bytes: 0 } },
    version: '0.1.0',
    migration: '0031_operations',
    incidents: [],
    instances: [{ id: 'a1', host: 'app-1', pid: 4242, version: '0.1.0', startedAt: '2026-03-15T05:00:00.000Z', seenAt: '2026-03-15T07:59:50.000Z' }],
    ...overrides,
  };
}

const BACKUP: SystemStatus['backups'][number] = { id: 'b1', trigger: 'daily', state: 'succeeded', startedAt: '2026-03-13T23:00:00.000Z', finishedAt: '2026-03-13T23:02:00.000Z', size: 8_120_000, errorDetail: null, removedAt: null, downloadable: true };

const show = (value: SystemStatus, language: 'en' | 'ar' = 'en', onRefresh = () => {}) =>
  renderForReader(<SystemStatusView status={value} onRefresh={onRefresh} refreshing={false} />, { language, namespaces: ['admin'] });

const section = (name: string) => screen.getByRole('region', { name });

describe('sizes and ages', () => {
  it('are written by Intl in the largest unit that fits', () => {
    expect(sizeText(512, 'en')).toBe('512 bytes');
    expect(sizeText(40_000, 'en')).toBe('40 kB');
    expect(sizeText(8_120_000, 'en')).toBe('8.1 MB');
    expect(sizeText(3_000_000_000_000_000, 'en')).toBe('3,000 TB');
    expect(ageText(45, 'en')).toBe('45 seconds');
    expect(ageText(12 * 60 + 59, 'en')).toBe('12 minutes');
    expect(ageText(26 * 3600, 'en')).toBe('26 hours');
    expect(ageText(3 * 86_400 + 5, 'en')).toBe('3 days');
  });

  it("give the daily backup's time (UTC on the server) in the reader's time zone, named", () => {
    expect(dailyTimeText(23 * 60, 'en', 'Asia/Dubai')).toBe('3:00 AM GMT+4');
    expect(dailyTimeText(23 * 60 + 30, 'en', 'UTC')).toBe('11:30 PM UTC');
  });
});

describe('the System page', () => {
  it('says there is no backup yet, when one is made every day, and the command that makes one now', async () => {
    await show(status());
    const backups = section('Backups');
    expect(backups).toHaveTextContent(`No backup yet. The server makes one every day at ${dailyTimeText(23 * 60, 'en')}; to make one now, run npm run backup on the server.`);
    expect(within(backups).queryByRole('link')).not.toBeInTheDocument();
    expect(section('Incidents')).toHaveTextContent('No open incidents.');
    expect(section('E-mails that failed in the last 24 hours')).toHaveTextContent('None. E-mails are going out.');
    expect(section('Database and files')).toHaveTextContent('12.4 MB');
    expect(section('Database and files')).toHaveTextContent('40 kB · 1 file');
    expect(section('Version')).toHaveTextContent('0031_operations');
    expect(section('Server processes')).toHaveTextContent('app-1 · process 4242 · 0.1.0');
    expect(section('Server processes')).toHaveTextContent('last report 10 seconds ago');
  });

  it('says so when daily backups are off on the server, with the command that still makes one', async () => {
    const { unmount } = await show(status({ dailyBackupMinute: null }));
    expect(section('Backups')).toHaveTextContent('No backup yet, and daily backups are off on this server (BACKUP_TIME=off). To make one, run npm run backup on the server.');
    unmount();
    await show(status({ dailyBackupMinute: null, backups: [BACKUP] }));
    expect(section('Backups')).toHaveTextContent('Daily backups are off on this server (BACKUP_TIME=off). To make a backup, run npm run backup on the server.');
    expect(section('Backups')).not.toHaveTextContent('every day at');
  });

  it('lists each backup with its result and size, a download for a kept archive, and why a failed one failed', async () => {
    await show(
      status({
        backups: [
          { id: 'b3', trigger: 'command', state: 'running', startedAt: '2026-03-15T07:58:00.000Z', finishedAt: null, size: null, errorDetail: null, removedAt: null, downloadable: false },
          { id: 'b2', trigger: 'daily', state: 'failed', startedAt: '2026-03-14T23:00:00.000Z', finishedAt: '2026-03-14T23:00:09.000Z', size: null, errorDetail: 'pg_dump: connection refused', removedAt: null, downloadable: false },
          BACKUP,
        ],
      }),
    );
    const items = within(section('Backups')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('By command · In progress'),
      expect.stringContaining('Daily · Failedpg_dump: connection refused'),
      expect.stringContaining('Daily · Done · 8.1 MB'),
    ]);
    const links = within(section('Backups')).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/api/admin/backups/b1/download');
    expect(links[0]).toHaveAccessibleName(/^Download the backup of /);
  });

  it('shows each queue’s backlog with its oldest item’s age, open incidents, and e-mails given up on', async () => {
    const backlogs = status().backlogs.map((b) =>
      b.queue === 'outbox' && b.state === 'pending' ? { ...b, items: 3, oldestAgeSeconds: 12 * 60 } : b.queue === 'video_jobs' && b.state === 'failed' ? { ...b, items: 1, oldestAgeSeconds: 26 * 3600 } : b,
    );
    await show(
      status({
        backlogs,
        incidents: [{ id: 'i1', kind: 'backup_failed', openedAt: '2026-03-14T23:01:00.000Z', detail: { error: 'disk full' } }],
        failedEmails: {
          items: [
            {
              id: 'e1',
              to: 'maria.santos@example.com',
              subject: 'Your profile is approved',
              template: 'profile_approved',
              status: 'failed',
              attempts: 6,
              lastError: '550 mailbox unavailable',
              createdAt: '2026-03-14T10:00:00.000Z',
              sentAt: null,
              nextAttemptAt: '2026-03-15T02:00:00.000Z',
            },
          ],
          total: 25,
        },
        migration: null,
      }),
    );
    const queues = section('Queues');
    expect(queues).toHaveTextContent('E-mails to sendWaiting3oldest: 12 minutesFailed0');
    expect(queues).toHaveTextContent('Videos to make playableWaiting0In progress0Failed1oldest: 26 hours');
    expect(section('Incidents')).toHaveTextContent('The last backup failed');
    expect(section('Incidents')).toHaveTextContent('error: disk full');
    const emails = section('E-mails that failed in the last 24 hours');
    expect(emails).toHaveTextContent('maria.santos@example.com · profile_approved');
    expect(emails).toHaveTextContent('6 tries');
    expect(emails).toHaveTextContent('550 mailbox unavailable');
    expect(within(emails).getByRole('button', { name: 'Retry the e-mail to maria.santos@example.com' })).toBeEnabled();
    expect(emails).toHaveTextContent('The latest 1 of 25 are shown.');
    expect(within(emails).getByRole('link', { name: 'See them all on the E-mails page' })).toHaveAttribute('href', '/admin/emails');
    expect(section('Version')).toHaveTextContent('Newer than this version knows');
  });

  it('reads the figures again on Check again', async () => {
    const onRefresh = vi.fn();
    await show(status(), 'en', onRefresh);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('speaks Arabic, with the command and host names kept left to right', async () => {
    await show(status(), 'ar');
    const backups = section('النسخ الاحتياطية');
    expect(backups).toHaveTextContent('لا توجد نسخة احتياطية بعد.');
    expect(within(backups).getByText('npm run backup')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'افحص مرة أخرى' })).toBeInTheDocument();
    expect(within(section('عمليات الخادم')).getByText('app-1')).toHaveAttribute('dir', 'ltr');
    expect(document.body.textContent).not.toMatch(/Backups|Queues|Check again|No backup/);
  });
});
