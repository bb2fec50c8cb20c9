// The console's System page: GET /api/admin/system tells an administrator whether the product is healthy (backups,
// queues, failed e-mails, sizes, version and migration, incidents, running processes), and a made backup downloads
// as its archive, each download in the audit log. Nobody else learns any of it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorText } from '#shared/errors.ts';
import { accountDeletions, appInstances, auditLog, dataExports, emailOutbox, incidents, objects, videoJobs } from '#shared/schema.ts';
import { BACKUPS_SHOWN, type SystemStatus } from '#shared/system-status.ts';
import { binary, unzip } from '../test/account-data.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { backupRow, keptBackup, loseArchive } from '../test/backup-archives.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ROOT = path.resolve(import.meta.dirname, '../..');

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let seeker: Awaited<ReturnType<typeof signedInAgent>>;
let company: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, BACKUP_TIME: '02:30' } });
  [admin, seeker, company] = await Promise.all([
    signedInAgent(testApp, { admin: true }),
    signedInAgent(testApp, { role: 'job_seeker' }),
    signedInAgent(testApp, { role: 'company' }),
  ]);
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const ago = (ms: number) => new Date(Date.now() - ms);
const status = async (): Promise<SystemStatus> => (await admin.agent.get('/api/admin/system').expect(200)).body as SystemStatus;
const download = (agent: request.Agent | ReturnType<typeof request>, id: string) => agent.get(`/api/admin/backups/${id}/download`).buffer(true).parse(binary);
const downloadsOf = (id: string) => db().select().from(auditLog).where(and(eq(auditLog.action, 'backup.downloaded'), eq(auditLog.subjectId, id)));

describe('who may see the System page', () => {
  it('answers visitors 401 and job seekers and companies 403, on the page and on a download, recording nothing', async () => {
    const backup = await keptBackup(testApp);
    for (const [agent, code, statusCode] of [
      [request(testApp.app), 'auth.sign_in_required', 401],
      [seeker.agent, 'auth.admin_only', 403],
      [company.agent, 'auth.admin_only', 403],
    ] as const) {
      for (const res of [await agent.get('/api/admin/system'), await agent.get(`/api/admin/backups/${backup.id}/download`)]) {
        expect({ status: res.status, code: res.body.code }).toEqual({ status: statusCode, code });
      }
    }
    expect(await downloadsOf(backup.id)).toEqual([]);
  });
});

describe('GET /api/admin/system', () => {
  it('shows the latest backups, newest first, each saying whether its archive can be downloaded', async () => {
    // Older than anything else in this file, so the newest ones below are the ones listed.
    for (let day = 1; day <= BACKUPS_SHOWN + 2; day++) await backupRow(testApp, { startedAt: new Date(Date.UTC(2020, 0, day, 23)) });
    const failed = await backupRow(testApp, { trigger: 'command', state: 'failed', startedAt: ago(3 * HOUR), finishedAt: ago(3 * HOUR - MINUTE), errorDetail: 'pg_dump: connection refused' });
    const removed = await keptBackup(testApp, { startedAt: ago(2 * HOUR), removedAt: ago(HOUR) });
    const kept = await keptBackup(testApp, { startedAt: ago(HOUR) });
    const running = await backupRow(testApp, { state: 'running', startedAt: ago(MINUTE) });

    const { backups, dailyBackupMinute } = await status();
    // When the server makes its own (BACKUP_TIME, in UTC), so that the page can say when.
    expect(dailyBackupMinute).toBe(2 * 60 + 30);
    expect(backups).toHaveLength(BACKUPS_SHOWN);
    const starts = backups.map((b) => b.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(backups.some((b) => b.startedAt.startsWith('2020-01-01'))).toBe(false);
    const byId = new Map(backups.map((b) => [b.id, b]));
    expect(byId.get(running.id)).toEqual({
      id: running.id,
      trigger: 'daily',
      state: 'running',
      startedAt: running.startedAt.toISOString(),
      finishedAt: null,
      size: null,
      errorDetail: null,
      removedAt: null,
      downloadable: false,
    });
    expect(byId.get(kept.id)).toMatchObject({ state: 'succeeded', size: kept.bytes.length, finishedAt: kept.finishedAt!.toISOString(), downloadable: true });
    expect(byId.get(removed.id)).toMatchObject({ state: 'succeeded', removedAt: removed.removedAt!.toISOString(), downloadable: false });
    expect(byId.get(failed.id)).toMatchObject({ trigger: 'command', state: 'failed', errorDetail: 'pg_dump: connection refused', downloadable: false });
  });

  it('shows every queue with its backlog and the age of its oldest item', async () => {
    await db().insert(emailOutbox).values({ toAddress: uniqueEmail('waiting'), subject: 'Welcome', textBody: 'Hello', template: 'test', createdAt: ago(10 * MINUTE) });
    const [video] = await db().insert(objects).values({ key: `video/${randomUUID()}`, kind: 'video', status: 'ready' }).returning();
    await db().insert(videoJobs).values({ objectKey: video!.key, state: 'failed', attempts: 3, createdAt: ago(26 * HOUR) });
    await db().insert(accountDeletions).values({ userId: randomUUID(), state: 'queued', createdAt: ago(2 * HOUR) });

    const { backlogs } = await status();
    const of = (queue: string, state: string) => backlogs.find((b) => b.queue === queue && b.state === state);
    expect(backlogs.map((b) => `${b.queue}.${b.state}`)).toEqual([
      'outbox.pending',
      'outbox.failed',
      'video_jobs.queued',
      'video_jobs.running',
      'video_jobs.failed',
      'data_exports.queued',
      'data_exports.running',
      'data_exports.failed',
      'account_deletions.queued',
      'account_deletions.running',
      'account_deletions.failed',
    ]);
    // Signing up queued each account's confirmation e-mail; the one queued ten minutes ago is the oldest.
    expect(of('outbox', 'pending')!.items).toBeGreaterThanOrEqual(4);
    expect(of('outbox', 'pending')!.oldestAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(of('outbox', 'pending')!.oldestAgeSeconds).toBeLessThan(900);
    expect(of('video_jobs', 'failed')!.items).toBe(1);
    expect(of('video_jobs', 'failed')!.oldestAgeSeconds! / 3600).toBeCloseTo(26, 1);
    expect(of('account_deletions', 'queued')).toMatchObject({ items: 1 });
    expect(of('account_deletions', 'queued')!.oldestAgeSeconds! / 3600).toBeCloseTo(2, 1);
    expect(of('data_exports', 'queued')).toEqual({ queue: 'data_exports', state: 'queued', items: 0, oldestAgeSeconds: null });
  });

  it('lists the e-mails given up on in the last 24 hours, which the retry puts back in the queue', async () => {
    const email = (values: Partial<typeof emailOutbox.$inferInsert>) =>
      db()
        .insert(emailOutbox)
        .values({ toAddress: uniqueEmail('recipient'), subject: 'Your profile is approved', textBody: 'Hello', template: 'profile_approved', ...values })
        .returning()
        .then((rows) => rows[0]!);
    const before = (await status()).failedEmails.total;
    const recent = await email({ status: 'failed', attempts: 6, lastError: '550 mailbox unavailable', nextAttemptAt: ago(HOUR), createdAt: ago(16 * HOUR) });
    const older = await email({ status: 'failed', attempts: 6, lastError: '421 try later', nextAttemptAt: ago(30 * HOUR) });
    await email({ status: 'sent', nextAttemptAt: ago(HOUR) });

    const { failedEmails } = await status();
    expect(failedEmails.total).toBe(before + 1);
    expect(failedEmails.items[0]).toEqual({
      id: recent.id,
      to: recent.toAddress,
      subject: 'Your profile is approved',
      template: 'profile_approved',
      status: 'failed',
      attempts: 6,
      lastError: '550 mailbox unavailable',
      createdAt: recent.createdAt.toISOString(),
      sentAt: null,
      nextAttemptAt: recent.nextAttemptAt.toISOString(),
    });
    expect(failedEmails.items.map((e) => e.id)).not.toContain(older.id);

    await admin.agent.post(`/api/admin/emails/${recent.id}/retry`).expect(200);
    const after = await status();
    expect(after.failedEmails.total).toBe(before);
    expect(after.failedEmails.items.map((e) => e.id)).not.toContain(recent.id);
  });

  it('says how large the database and the kept files are, which version answers and which migration the database has', async () => {
    const before = await status();
    await db()
      .insert(objects)
      .values([
        { key: `cv/${randomUUID()}`, kind: 'cv', status: 'ready', size: 120_000 },
        { key: `video/${randomUUID()}`, kind: 'video', status: 'ready', size: 8_000_000 },
        // Kept by a video host, not in the product's storage; still arriving; refused: none of them counted.
        { key: `vimeo/${randomUUID()}`, kind: 'video', status: 'ready', size: 9_000_000, url: 'https://player.vimeo.com/video/1' },
        { key: `cv/${randomUUID()}`, kind: 'cv', status: 'pending', size: 50 },
        { key: `cv/${randomUUID()}`, kind: 'cv', status: 'refused', size: 70 },
      ]);
    await db()
      .insert(dataExports)
      .values([
        { userId: admin.id, scope: 'person', state: 'ready', objectKey: `export/${randomUUID()}`, size: 40_000 },
        { userId: admin.id, scope: 'person', state: 'expired', size: 90_000 },
      ]);
    const kept = await keptBackup(testApp);
    await keptBackup(testApp, { removedAt: new Date() });

    const after = await status();
    expect(after.databaseBytes).toBeGreaterThan(1_000_000);
    expect(after.storage.files).toEqual({ count: before.storage.files.count + 2, bytes: before.storage.files.bytes + 8_120_000 });
    expect(after.storage.dataExports).toEqual({ count: before.storage.dataExports.count + 1, bytes: before.storage.dataExports.bytes + 40_000 });
    expect(after.storage.backups).toEqual({ count: before.storage.backups.count + 1, bytes: before.storage.backups.bytes + kept.bytes.length });

    const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const journal = JSON.parse(readFileSync(path.join(ROOT, 'migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    expect(after.version).toBe(packageJson.version);
    expect(after.migration).toBe(journal.entries.at(-1)!.tag);
    expect(after.migration).toMatch(/^\d{4}_\w+$/);
    expect(Date.parse(after.checkedAt)).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('lists the open incidents and the processes seen in the last minute', async () => {
    const [open] = await db().insert(incidents).values({ kind: 'backup_failed', openedAt: ago(2 * HOUR), detail: { backupId: 'b-1', error: 'disk full' } }).returning();
    await db().insert(incidents).values({ kind: 'emails_failing', openedAt: ago(5 * HOUR), resolvedAt: ago(4 * HOUR) });
    const seen = { id: randomUUID(), host: 'app-1', pid: 4242, version: '0.1.0', startedAt: ago(3 * HOUR), seenAt: ago(10_000) };
    await db()
      .insert(appInstances)
      .values([seen, { id: randomUUID(), host: 'app-2', pid: 77, version: '0.0.9', startedAt: ago(5 * HOUR), seenAt: ago(2 * MINUTE) }]);

    const { incidents: shown, instances } = await status();
    expect(shown).toEqual([{ id: open!.id, kind: 'backup_failed', openedAt: open!.openedAt.toISOString(), detail: { backupId: 'b-1', error: 'disk full' } }]);
    expect(instances).toEqual([{ ...seen, startedAt: seen.startedAt.toISOString(), seenAt: seen.seenAt.toISOString() }]);
  });
});

describe('GET /api/admin/backups/:id/download', () => {
  it('sends the kept archive as an attachment, byte for byte, and records who downloaded it', async () => {
    const backup = await keptBackup(testApp, { startedAt: new Date('2026-03-14T23:00:05.120Z') });
    const res = await download(admin.agent, backup.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="wazifa-backup-2026-03-14T23-00-05Z.zip"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.body as Buffer, backup.bytes)).toBe(0);
    expect([...(await unzip(res.body as Buffer)).keys()].sort()).toEqual(['backup.json', 'database.sql']);

    const rows = await downloadsOf(backup.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, subjectType: 'backup', details: { size: backup.bytes.length } });
  });

  it('answers 404 backup.not_found for a backup that failed, is running, was removed, lost its file, or never was', async () => {
    const lost = await keptBackup(testApp);
    await loseArchive(testApp, lost.fileName!);
    const cases = {
      failed: (await backupRow(testApp, { state: 'failed', errorDetail: 'disk full' })).id,
      running: (await backupRow(testApp, { state: 'running' })).id,
      // Its file is still on the disk: the row says it was removed, and that is what the console shows.
      removed: (await keptBackup(testApp, { removedAt: new Date() })).id,
      'file gone': lost.id,
      unknown: randomUUID(),
      'not an id': 'backup-of-monday',
    };
    for (const [name, id] of Object.entries(cases)) {
      const res = await admin.agent.get(`/api/admin/backups/${id}/download`);
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 404, body: { code: 'backup.not_found', message: errorText('backup.not_found') } });
      if (name !== 'not an id') expect(await downloadsOf(id)).toEqual([]);
    }
  });
});
