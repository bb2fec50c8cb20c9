// The incident watch on a controlled clock: a failed (or abandoned) backup, e-mails failing for an hour and a video
// stuck for an hour each open one incident and e-mail every administrator once; running the watch again, or in two
// instances at once, adds nothing; the recovery is told once; a new failure opens a new incident. Accounts that are
// not administrators with a confirmed address hear nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, like, or } from 'drizzle-orm';
import { backups, emailOutbox, incidents, objects, users, videoJobs } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';
import { watchIncidents } from './incident-watch.ts';

let current = new Date('2026-03-01T08:00:00Z');
const clock: Clock = { now: () => current };
const setClock = (iso: string) => {
  current = new Date(iso);
};

let testApp: TestApp;
/** A second pool on the same database: another instance of the product. */
let otherInstance: Database;
const admins: string[] = [];
const notTold: string[] = [];

async function account(options: { admin: boolean; verified: boolean; firstName?: string; suspended?: boolean }) {
  const { email, id } = await signedInAgent(testApp, { role: options.admin ? undefined : 'company', admin: options.admin });
  await db()
    .update(users)
    .set({
      emailVerifiedAt: options.verified ? new Date('2026-01-01T00:00:00Z') : null,
      firstName: options.firstName ?? null,
      ...(options.suspended ? { status: 'suspended' } : {}),
    })
    .where(eq(users.id, id));
  return email;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  otherInstance = createDatabase(testApp.testDatabase.url, { max: 3 });
  admins.push(await account({ admin: true, verified: true, firstName: 'Layla' }), await account({ admin: true, verified: true }));
  notTold.push(
    await account({ admin: false, verified: true }),
    await account({ admin: true, verified: false }),
    await account({ admin: true, verified: true, suspended: true }),
  );
  admins.sort();
});
afterAll(async () => {
  await otherInstance.close();
  await testApp.close();
});

const db = () => testApp.testDatabase.database.db;
const context = (database = db()) => ({ db: database, clock, productName: testApp.config.productName, publicUrl: testApp.config.publicUrl });
const watch = () => watchIncidents(context());
/** The watch in this instance and in another one at the same moment. */
const watchTwice = () => Promise.all([watchIncidents(context()), watchIncidents(context(otherInstance.db))]);

const mails = (template: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.template, template)).orderBy(asc(emailOutbox.toAddress));
const recipients = async (template: string) => (await mails(template)).map((m) => m.toAddress);
const incidentsOf = (kind: string) => db().select().from(incidents).where(eq(incidents.kind, kind)).orderBy(asc(incidents.openedAt));

beforeEach(async () => {
  await db().delete(incidents);
  await db().delete(backups);
  await db().delete(objects).where(eq(objects.kind, 'video'));
  await db().delete(emailOutbox).where(or(like(emailOutbox.template, 'incident_%'), eq(emailOutbox.template, 'notice')));
});

/** Nobody but the administrators got any incident e-mail. */
async function onlyAdministratorsTold() {
  const all = await db().select({ to: emailOutbox.toAddress }).from(emailOutbox).where(like(emailOutbox.template, 'incident_%'));
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((m) => !admins.includes(m.to))).toEqual([]);
  for (const address of notTold) expect(all.map((m) => m.to)).not.toContain(address);
}

describe('backup_failed', () => {
  async function backup(values: { state: string; startedAt: string; finishedAt?: string; leaseUntil?: string; errorDetail?: string; trigger?: string }) {
    await db()
      .insert(backups)
      .values({
        trigger: values.trigger ?? 'daily',
        state: values.state,
        startedAt: new Date(values.startedAt),
        finishedAt: values.finishedAt ? new Date(values.finishedAt) : null,
        leaseUntil: values.leaseUntil ? new Date(values.leaseUntil) : null,
        errorDetail: values.errorDetail ?? null,
      });
  }

  it('opens once when the latest backup failed, e-mails each administrator once, and is resolved once by a later success', async () => {
    await backup({ state: 'succeeded', startedAt: '2026-02-28T23:00:00Z', finishedAt: '2026-02-28T23:06:00Z' });
    setClock('2026-03-01T23:30:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    await backup({ state: 'failed', startedAt: '2026-03-01T23:00:00Z', finishedAt: '2026-03-01T23:04:00Z', errorDetail: 'ENOSPC: no space left on device' });
    const [first, second] = await watchTwice();
    expect([...first.opened, ...second.opened]).toEqual(['backup_failed']);

    const [incident] = await incidentsOf('backup_failed');
    expect(incident).toMatchObject({ openedAt: new Date('2026-03-01T23:30:00Z'), resolvedAt: null });
    expect(incident!.detail).toEqual({
      since: '2026-03-01T23:04:00.000Z',
      startedAt: '2026-03-01T23:00:00.000Z',
      trigger: 'daily',
      outcome: 'failed',
      error: 'ENOSPC: no space left on device',
    });
    expect(await recipients('incident_backup_failed')).toEqual(admins);
    const opened = await mails('incident_backup_failed');
    for (const mail of opened) {
      expect(mail.subject).toBe(`Backup failed on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('The daily backup of Wazifa that started on 1 March 2026 at 23:00 UTC failed on 1 March 2026 at 23:04 UTC.');
      expect(mail.textBody).toContain('The error: ENOSPC: no space left on device');
      expect(mail.textBody).toContain(`${testApp.config.publicUrl}/admin/system`);
      expect(mail.htmlBody).toContain(`href="${testApp.config.publicUrl}/admin/system"`);
    }
    expect(opened.find((m) => m.textBody.startsWith('Hello Layla,'))).toBeDefined();
    await onlyAdministratorsTold();

    // Still failing, a minute later and the next day: nothing more.
    setClock('2026-03-01T23:31:00Z');
    expect(await watchTwice()).toEqual([{ opened: [], resolved: [] }, { opened: [], resolved: [] }]);
    await backup({ state: 'failed', startedAt: '2026-03-02T23:00:00Z', finishedAt: '2026-03-02T23:03:00Z', errorDetail: 'ENOSPC again' });
    setClock('2026-03-02T23:10:00Z');
    await watch();
    expect(await incidentsOf('backup_failed')).toHaveLength(1);
    expect(await mails('incident_backup_failed')).toHaveLength(admins.length);
    expect(await mails('incident_backup_failed_resolved')).toHaveLength(0);

    // A later backup succeeds: resolved once, told once.
    await backup({ state: 'succeeded', startedAt: '2026-03-03T23:00:00Z', finishedAt: '2026-03-03T23:05:00Z' });
    setClock('2026-03-03T23:10:00Z');
    const [a, b] = await watchTwice();
    expect([...a.resolved, ...b.resolved]).toEqual(['backup_failed']);
    expect((await incidentsOf('backup_failed'))[0]!.resolvedAt).toEqual(new Date('2026-03-03T23:10:00Z'));
    expect(await recipients('incident_backup_failed_resolved')).toEqual(admins);
    for (const mail of await mails('incident_backup_failed_resolved')) {
      expect(mail.subject).toBe(`Resolved: Backup failed on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('Backups work again: a later backup succeeded.');
      expect(mail.textBody).toContain('It lasted 2 days, from 1 March 2026 at 23:04 UTC to 3 March 2026 at 23:10 UTC.');
    }
    setClock('2026-03-03T23:20:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });
    expect(await mails('incident_backup_failed_resolved')).toHaveLength(admins.length);

    // A new failure after the recovery is a new incident, told again.
    await backup({ state: 'failed', startedAt: '2026-03-04T23:00:00Z', finishedAt: '2026-03-04T23:02:00Z', errorDetail: 'The bucket refused the upload' });
    setClock('2026-03-04T23:10:00Z');
    expect((await watch()).opened).toEqual(['backup_failed']);
    const both = await incidentsOf('backup_failed');
    expect(both.map((i) => i.resolvedAt === null)).toEqual([false, true]);
    expect(both[1]!.detail).toMatchObject({ error: 'The bucket refused the upload' });
    expect(await mails('incident_backup_failed')).toHaveLength(2 * admins.length);
    await onlyAdministratorsTold();
  });

  it('takes a daily backup whose lease ran out over an hour ago, with nobody taking it over, as failed', async () => {
    await backup({ state: 'succeeded', startedAt: '2026-02-28T23:00:00Z', finishedAt: '2026-02-28T23:06:00Z' });
    await backup({ state: 'running', startedAt: '2026-03-01T23:00:00Z', leaseUntil: '2026-03-01T23:10:00Z' });

    setClock('2026-03-02T00:10:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    setClock('2026-03-02T00:11:00Z');
    expect(await watch()).toEqual({ opened: ['backup_failed'], resolved: [] });
    expect((await incidentsOf('backup_failed'))[0]!.detail).toMatchObject({ outcome: 'abandoned', since: '2026-03-01T23:10:00.000Z' });
    expect(await recipients('incident_backup_failed')).toEqual(admins);
    const [mail] = await mails('incident_backup_failed');
    expect(mail!.textBody).toContain('The daily backup of Wazifa that started on 1 March 2026 at 23:00 UTC never finished');
  });

  it('keeps quiet about a backup still being made, and about a failure a later success has replaced', async () => {
    await backup({ state: 'failed', startedAt: '2026-02-28T23:00:00Z', finishedAt: '2026-02-28T23:01:00Z', errorDetail: 'old failure' });
    await backup({ state: 'succeeded', trigger: 'command', startedAt: '2026-03-01T10:00:00Z', finishedAt: '2026-03-01T10:04:00Z' });
    await backup({ state: 'running', startedAt: '2026-03-01T23:00:00Z', leaseUntil: '2026-03-02T03:00:00Z' });
    setClock('2026-03-02T02:00:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });
    expect(await incidentsOf('backup_failed')).toEqual([]);
  });
});

describe('emails_failing', () => {
  async function email(values: { status: string; createdAt: string; lastError?: string; attempts?: number }) {
    await db()
      .insert(emailOutbox)
      .values({
        toAddress: 'someone@example.com',
        template: 'notice',
        subject: 'A notice',
        textBody: 'Hello',
        status: values.status,
        attempts: values.attempts ?? (values.lastError ? 1 : 0),
        lastError: values.lastError ?? null,
        createdAt: new Date(values.createdAt),
        nextAttemptAt: new Date(values.createdAt),
      });
  }

  it('opens once an e-mail has failed for over an hour with nothing delivered after it, and resolves when a later one goes out', async () => {
    await email({ status: 'sent', createdAt: '2026-03-01T07:00:00Z' });
    await email({ status: 'pending', createdAt: '2026-03-01T07:30:00Z', lastError: 'connect ECONNREFUSED 10.0.0.5:587', attempts: 3 });
    // Written after it, not tried yet: not a failure.
    await email({ status: 'pending', createdAt: '2026-03-01T07:35:00Z' });

    setClock('2026-03-01T08:30:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    setClock('2026-03-01T08:31:00Z');
    const [first, second] = await watchTwice();
    expect([...first.opened, ...second.opened]).toEqual(['emails_failing']);
    expect((await incidentsOf('emails_failing'))[0]!.detail).toEqual({
      since: '2026-03-01T07:30:00.000Z',
      emails: 1,
      lastError: 'connect ECONNREFUSED 10.0.0.5:587',
    });
    expect(await recipients('incident_emails_failing')).toEqual(admins);
    for (const mail of await mails('incident_emails_failing')) {
      expect(mail.subject).toBe(`E-mails are failing on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('1 e-mail has not been delivered for over an hour: the oldest was written on 1 March 2026 at 07:30 UTC');
      expect(mail.textBody).toContain("The mail server's last answer: connect ECONNREFUSED 10.0.0.5:587");
      expect(mail.textBody).toContain(`${testApp.config.publicUrl}/admin/emails`);
    }

    // More failures while it is open: nothing more.
    await email({ status: 'failed', createdAt: '2026-03-01T08:00:00Z', lastError: 'connect ECONNREFUSED 10.0.0.5:587', attempts: 6 });
    setClock('2026-03-01T09:10:00Z');
    expect(await watchTwice()).toEqual([{ opened: [], resolved: [] }, { opened: [], resolved: [] }]);
    expect(await mails('incident_emails_failing')).toHaveLength(admins.length);

    // An e-mail written later is delivered: delivery works again, though the old ones still wait for their retry.
    await email({ status: 'sent', createdAt: '2026-03-01T09:20:00Z' });
    setClock('2026-03-01T09:45:00Z');
    const [a, b] = await watchTwice();
    expect([...a.resolved, ...b.resolved]).toEqual(['emails_failing']);
    expect(await recipients('incident_emails_failing_resolved')).toEqual(admins);
    for (const mail of await mails('incident_emails_failing_resolved')) {
      expect(mail.subject).toBe(`Resolved: E-mails are failing on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('E-mails are being delivered again.');
      expect(mail.textBody).toContain('It lasted 2 hours 15 minutes, from 1 March 2026 at 07:30 UTC to 1 March 2026 at 09:45 UTC.');
    }
    setClock('2026-03-01T09:46:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    // Failing again: a new incident.
    await email({ status: 'pending', createdAt: '2026-03-01T10:00:00Z', lastError: '421 Too many connections', attempts: 2 });
    setClock('2026-03-01T11:01:00Z');
    expect((await watch()).opened).toEqual(['emails_failing']);
    expect(await incidentsOf('emails_failing')).toHaveLength(2);
    expect(await mails('incident_emails_failing')).toHaveLength(2 * admins.length);
    expect(await mails('incident_emails_failing_resolved')).toHaveLength(admins.length);
    await onlyAdministratorsTold();
  });

  it('counts an e-mail given up on, and lets only a delivery written after it end the failure', async () => {
    await email({ status: 'failed', createdAt: '2026-03-01T06:00:00Z', lastError: '550 relay denied', attempts: 6 });
    await email({ status: 'logged', createdAt: '2026-03-01T05:59:00Z' });
    setClock('2026-03-01T07:30:00Z');
    expect((await watch()).opened).toEqual(['emails_failing']);
    expect((await incidentsOf('emails_failing'))[0]!.detail).toMatchObject({ emails: 1, lastError: '550 relay denied' });

    // Delivered without SMTP ('logged') counts as delivered.
    await email({ status: 'logged', createdAt: '2026-03-01T07:40:00Z' });
    setClock('2026-03-01T07:41:00Z');
    expect((await watch()).resolved).toEqual(['emails_failing']);
  });
});

describe('video_job_stuck', () => {
  async function videoJob(values: { state: string; createdAt: string }) {
    const key = `video/${randomUUID()}`;
    await db().insert(objects).values({ key, kind: 'video', status: 'ready', contentType: 'video/mp4', size: 1000 });
    await db().insert(videoJobs).values({ objectKey: key, state: values.state, createdAt: new Date(values.createdAt), runAfter: new Date(values.createdAt) });
    return key;
  }

  it('opens when a video waited over an hour, once, and resolves when none waits any more', async () => {
    await videoJob({ state: 'failed', createdAt: '2026-03-01T05:00:00Z' });
    await videoJob({ state: 'done', createdAt: '2026-03-01T05:00:00Z' });
    const queued = await videoJob({ state: 'queued', createdAt: '2026-03-01T07:00:00Z' });

    setClock('2026-03-01T08:00:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    setClock('2026-03-01T08:01:00Z');
    const [first, second] = await watchTwice();
    expect([...first.opened, ...second.opened]).toEqual(['video_job_stuck']);
    expect((await incidentsOf('video_job_stuck'))[0]!.detail).toEqual({ since: '2026-03-01T07:00:00.000Z', videos: 1 });
    expect(await recipients('incident_video_job_stuck')).toEqual(admins);
    for (const mail of await mails('incident_video_job_stuck')) {
      expect(mail.subject).toBe(`Videos are stuck on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('1 video has waited more than an hour to be made playable; the oldest since 1 March 2026 at 07:00 UTC.');
      expect(mail.textBody).toContain(`${testApp.config.publicUrl}/admin/videos`);
    }

    // Another one, being processed, stuck too: still the same incident.
    const running = await videoJob({ state: 'running', createdAt: '2026-03-01T07:30:00Z' });
    setClock('2026-03-01T08:45:00Z');
    expect(await watchTwice()).toEqual([{ opened: [], resolved: [] }, { opened: [], resolved: [] }]);

    // One done: the other still waits.
    await db().update(videoJobs).set({ state: 'done' }).where(eq(videoJobs.objectKey, queued));
    setClock('2026-03-01T08:50:00Z');
    expect(await watch()).toEqual({ opened: [], resolved: [] });

    await db().update(videoJobs).set({ state: 'done' }).where(eq(videoJobs.objectKey, running));
    setClock('2026-03-01T09:00:00Z');
    const [a, b] = await watchTwice();
    expect([...a.resolved, ...b.resolved]).toEqual(['video_job_stuck']);
    expect(await recipients('incident_video_job_stuck_resolved')).toEqual(admins);
    for (const mail of await mails('incident_video_job_stuck_resolved')) {
      expect(mail.subject).toBe(`Resolved: Videos are stuck on ${testApp.config.productName}`);
      expect(mail.textBody).toContain('It lasted 2 hours, from 1 March 2026 at 07:00 UTC to 1 March 2026 at 09:00 UTC.');
    }
    expect(await mails('incident_video_job_stuck')).toHaveLength(admins.length);

    await videoJob({ state: 'queued', createdAt: '2026-03-01T09:30:00Z' });
    setClock('2026-03-01T10:31:00Z');
    expect((await watch()).opened).toEqual(['video_job_stuck']);
    expect(await incidentsOf('video_job_stuck')).toHaveLength(2);
    expect(await mails('incident_video_job_stuck')).toHaveLength(2 * admins.length);
    await onlyAdministratorsTold();
  });
});
