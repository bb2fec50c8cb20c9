// The admin console's API beyond profiles and companies: overview counts, career applications, users, the e-mail
// outbox, the audit log and the renewal invoice an admin issues. Each action leaves exactly one audit row; a repeat
// changes nothing and says so; every list pages by keyset without duplicates; bad input is a 4xx with a message.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, careerApplications, emailOutbox, jobSeekerProfiles, users } from '#shared/schema.ts';
import { settlePasswordResetRequests } from '../services/account-passwords.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { approveProfile, decideOnProfile, jobSeekerWithProfile, onboardedCompany as onboarded, PDF, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';
import { createLogTransport, type MailMessage, type MailTransport } from '../mail/transport.ts';
import { deliverDueEmails, MAX_ATTEMPTS } from '../mail/worker.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let kicks = 0;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, mailer: { kick: () => void kicks++ } });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const auditFor = (subjectId: string) => db().select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const token = () => randomUUID().slice(0, 8);

let addresses = 0;
/** A client address of its own for calls made outside signedInAgent (per-address rate limits). */
const newAddress = () => `192.0.2.${++addresses}`;

async function newApplication(values: Partial<typeof careerApplications.$inferInsert> = {}) {
  const [row] = await db()
    .insert(careerApplications)
    .values({ name: 'Omar Haddad', email: uniqueEmail('applicant'), resumeUrl: `/objects/resume/${randomUUID()}`, ...values })
    .returning();
  return row!;
}

async function newEmail(values: Partial<typeof emailOutbox.$inferInsert> = {}) {
  const [row] = await db()
    .insert(emailOutbox)
    .values({ toAddress: uniqueEmail('recipient'), subject: 'Hello', textBody: 'Plain text', htmlBody: '<p>Plain text</p>', template: 'test', ...values })
    .returning();
  return row!;
}

/** Walks a list page by page (limit per page) and checks every page: no item twice, the same total throughout. */
async function walk(path: string, query: Record<string, string>, limit: number): Promise<{ id: string | number }[]> {
  const seen: { id: string | number }[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    const res: request.Response = await admin.agent.get(path).query({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    total ??= res.body.total;
    expect(res.body.total).toBe(total);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    expect(++pages).toBeLessThan(200);
  } while (cursor);
  expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length);
  expect(seen).toHaveLength(total!);
  return seen;
}

describe('GET /api/admin/overview', () => {
  it('counts pending profiles, companies waiting for payment, unreviewed applications and failed e-mails', async () => {
    const before = await admin.agent.get('/api/admin/overview');
    expect(before.status).toBe(200);
    await jobSeekerWithProfile(testApp);
    await onboarded(testApp);
    await newApplication();
    await newApplication({ reviewedAt: new Date(), reviewedById: admin.id });
    await newEmail({ status: 'failed' });
    await newEmail({ status: 'sent' });
    await newEmail({ status: 'pending' });
    const after = await admin.agent.get('/api/admin/overview');
    expect(after.body).toEqual({
      pendingProfiles: before.body.pendingProfiles + 1,
      pendingPayments: before.body.pendingPayments + 1,
      declaredPayments: before.body.declaredPayments,
      unreviewedApplications: before.body.unreviewedApplications + 1,
      openSalesRequests: before.body.openSalesRequests,
      failedEmails: before.body.failedEmails + 1,
      openReports: before.body.openReports,
    });
  });
});

describe('career applications', () => {
  it('lists newest first (ties by id), filters by reviewed, and pages through all without duplicates', async () => {
    const at = new Date('2024-05-05T10:00:00Z');
    const tied = await Promise.all([1, 2, 3, 4, 5].map(() => newApplication({ createdAt: at })));
    const older = await newApplication({ createdAt: new Date('2024-05-04T10:00:00Z') });
    const reviewed = await newApplication({ createdAt: new Date('2024-05-06T10:00:00Z'), reviewedAt: new Date(), reviewedById: admin.id });

    const all = await walk('/api/admin/career-applications', {}, 2);
    const full = await admin.agent.get('/api/admin/career-applications?limit=100');
    expect(all.map((a) => a.id)).toEqual(full.body.items.map((a: { id: string }) => a.id));
    const ids = all.map((a) => a.id as string);
    const expected = [reviewed.id, ...tied.map((a) => a.id).sort().reverse(), older.id];
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    const times = (all as unknown as { createdAt: string }[]).map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const unreviewed = await walk('/api/admin/career-applications', { reviewed: 'false' }, 3);
    expect(unreviewed.every((a) => (a as unknown as { reviewedAt: unknown }).reviewedAt === null)).toBe(true);
    expect(unreviewed.map((a) => a.id)).toEqual(expect.arrayContaining([...tied.map((a) => a.id), older.id]));
    expect(unreviewed.map((a) => a.id)).not.toContain(reviewed.id);
    const done = await walk('/api/admin/career-applications', { reviewed: 'true' }, 3);
    expect(done.map((a) => a.id)).toContain(reviewed.id);
    expect(done.find((a) => a.id === reviewed.id)).toMatchObject({ reviewedBy: { id: admin.id, email: admin.email } });
    expect(done.length + unreviewed.length).toBe(all.length);
  });

  it('marks an application reviewed once, with one audit row; a second mark is refused and changes nothing', async () => {
    const application = await newApplication({ phone: '+971501234567', message: 'Hello team' });
    const res = await admin.agent.post(`/api/admin/career-applications/${application.id}/reviewed`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: application.id,
      name: 'Omar Haddad',
      email: application.email,
      phone: '+971501234567',
      message: 'Hello team',
      resumeUrl: application.resumeUrl,
      reviewedBy: { id: admin.id, email: admin.email },
    });
    expect(Date.parse(res.body.reviewedAt)).not.toBeNaN();
    const audit = await auditFor(application.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'career_application.mark_reviewed', actorId: admin.id, subjectType: 'career_application' });

    const other = await signedInAgent(testApp, { admin: true });
    const again = await other.agent.post(`/api/admin/career-applications/${application.id}/reviewed`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This application is already marked as reviewed');
    const [row] = await db().select().from(careerApplications).where(eq(careerApplications.id, application.id));
    expect(row!.reviewedById).toBe(admin.id);
    expect(row!.reviewedAt!.toISOString()).toBe(res.body.reviewedAt);
    expect(await auditFor(application.id)).toHaveLength(1);
  });

  it('lets the admin download the resume of an application sent through the careers page', async () => {
    const ip = newAddress();
    const created = await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', ip).expect(200);
    await request(testApp.app).put(created.body.uploadURL).set('X-Forwarded-For', ip).set('Content-Type', 'application/pdf').send(PDF).expect(200);
    const acl = await request(testApp.app).put('/api/career/resume-acl').set('X-Forwarded-For', ip).send({ objectURL: created.body.uploadURL });
    expect(acl.status).toBe(200);
    const email = uniqueEmail('careers');
    const sent = await request(testApp.app)
      .post('/api/career-application')
      .set('X-Forwarded-For', ip)
      .send({ name: 'Sara Ali', email, resumeUrl: acl.body.objectPath });
    expect(sent.status).toBe(201);

    const listed = await admin.agent.get('/api/admin/career-applications?reviewed=false&limit=100');
    const item = listed.body.items.find((a: { id: string }) => a.id === sent.body.id);
    expect(item).toMatchObject({ name: 'Sara Ali', email, resumeUrl: acl.body.objectPath, reviewedAt: null, reviewedBy: null });
    const file = await admin.agent.get(item.resumeUrl);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect((await request(testApp.app).get(item.resumeUrl)).status).not.toBe(200);
  });

  it('answers 404 for an unknown or malformed application id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '1']) {
      const res = await admin.agent.post(`/api/admin/career-applications/${id}/reviewed`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Application not found');
    }
  });
});

describe('users', () => {
  it('finds accounts by any part of the e-mail or name, case-insensitively, also by the name on the profile', async () => {
    const mark = token();
    const byEmail = await signedInAgent(testApp, { role: 'company', email: `Karim.${mark}@Example.com` });
    const byName = await signedInAgent(testApp, { role: 'job_seeker' });
    await db().update(users).set({ firstName: 'Noura', lastName: `Saleh${mark}` }).where(eq(users.id, byName.id));
    const byProfile = await jobSeekerWithProfile(testApp, { fullName: `Fatima Zahra${mark}` });

    const find = async (q: string) => (await admin.agent.get('/api/admin/users').query({ q })).body.items.map((u: { id: string }) => u.id);
    expect(await find(`KARIM.${mark.toUpperCase()}`)).toEqual([byEmail.id]);
    expect(await find(`saleh${mark}`)).toEqual([byName.id]);
    expect(await find(`noura saleh${mark}`)).toEqual([byName.id]);
    expect(await find(`zahra${mark}`)).toEqual([byProfile.id]);
    expect(await find(mark)).toEqual([byProfile.id, byName.id, byEmail.id]);
    // LIKE's own characters match themselves, not anything.
    expect(await find('%')).toEqual([]);
    expect(await find(`${mark.slice(0, 3)}_${mark.slice(4)}`)).toEqual([]);

    const res = await admin.agent.get('/api/admin/users').query({ q: mark, role: 'job_seeker' });
    expect(res.body.total).toBe(2);
    expect(res.body.items.find((u: { id: string }) => u.id === byProfile.id)).toMatchObject({
      email: byProfile.email,
      role: 'job_seeker',
      status: 'pending',
      isAdmin: false,
      emailVerified: false,
      profileId: byProfile.profile.id,
      companyId: null,
    });
  });

  it('filters by role, status and administrators', async () => {
    const noRole = await signedInAgent(testApp);
    const list = async (query: Record<string, string>) => (await admin.agent.get('/api/admin/users').query({ ...query, limit: '100' })).body;
    const none = await list({ role: 'none' });
    expect(none.items.map((u: { id: string }) => u.id)).toContain(noRole.id);
    expect(none.items.every((u: { role: unknown }) => u.role === null)).toBe(true);
    const admins = await list({ admins: 'true' });
    expect(admins.items.map((u: { id: string }) => u.id)).toContain(admin.id);
    expect(admins.items.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    expect(admins.items.map((u: { id: string }) => u.id)).not.toContain(noRole.id);
    const pending = await list({ status: 'pending', role: 'company' });
    expect(pending.items.every((u: { status: string; role: string }) => u.status === 'pending' && u.role === 'company')).toBe(true);
  });

  it('pages through every account newest first without duplicates', async () => {
    await Promise.all([1, 2, 3].map(() => signedInAgent(testApp)));
    const all = await walk('/api/admin/users', {}, 2);
    const full = await admin.agent.get('/api/admin/users?limit=100');
    expect(all.map((u) => u.id)).toEqual(full.body.items.map((u: { id: string }) => u.id));
    const times = (all as unknown as { createdAt: string }[]).map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [{ count }] = (await db().select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
    expect(all).toHaveLength(count);
  });

  it('suspends: the existing session ends at once, one audit row; twice is refused and changes nothing', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await approveProfile(admin, seeker.profile.id);
    expect((await seeker.agent.get('/api/auth/user')).status).toBe(200);
    const versionBefore = (await userRow(seeker.id)).sessionVersion;

    const res = await admin.agent.post(`/api/admin/users/${seeker.id}/suspend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: seeker.id, status: 'suspended', profileId: seeker.profile.id });
    expect((await seeker.agent.get('/api/auth/user')).status).toBe(401);
    expect((await seeker.agent.get('/api/job-seeker/profile')).status).toBe(401);
    const row = await userRow(seeker.id);
    expect(row.status).toBe('suspended');
    expect(row.sessionVersion).toBe(versionBefore + 1);
    // The profile leaves the companies' search with the account.
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, seeker.profile.id));
    expect(profile!.listed).toBe(false);
    const audit = await auditFor(seeker.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.suspend', actorId: admin.id, subjectType: 'user', details: { previousStatus: 'active', email: seeker.email } });

    const again = await admin.agent.post(`/api/admin/users/${seeker.id}/suspend`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This account is already suspended');
    expect((await userRow(seeker.id)).sessionVersion).toBe(versionBefore + 1);
    expect(await auditFor(seeker.id)).toHaveLength(1);
  });

  it('reactivates to the status before the suspension; old sessions stay ended, a new sign-in works', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    expect((await decideOnProfile(admin, seeker.profile.id, 'reject', { reasons: ['video_person_or_voice'], note: 'The video is blank' })).status).toBe(200);
    await admin.agent.post(`/api/admin/users/${seeker.id}/suspend`).expect(200);

    const res = await admin.agent.post(`/api/admin/users/${seeker.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: seeker.id, status: 'rejected' });
    expect((await seeker.agent.get('/api/auth/user')).status).toBe(401);
    const fresh = request.agent(testApp.app).set('X-Forwarded-For', newAddress());
    expect((await fresh.post('/api/auth/login').send({ email: seeker.email, password: 'long enough 1' })).status).toBe(200);
    expect((await fresh.get('/api/auth/user')).body).toMatchObject({ id: seeker.id, status: 'rejected' });

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, seeker.id), eq(auditLog.action, 'user.reactivate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, details: { status: 'rejected', statusFrom: 'suspension' } });

    const again = await admin.agent.post(`/api/admin/users/${seeker.id}/reactivate`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This account is not suspended');
    expect((await userRow(seeker.id)).status).toBe('rejected');
    expect((await auditFor(seeker.id)).map((a) => a.action)).toEqual(['user.suspend', 'user.reactivate']);
  });

  it.each([
    ['a pending job seeker', 'pending'],
    ['a company without a verified payment', 'pending'],
  ])('reactivates %s to %s', async (kind, status) => {
    const subject = kind.includes('company') ? await onboarded(testApp) : await jobSeekerWithProfile(testApp);
    await admin.agent.post(`/api/admin/users/${subject.id}/suspend`).expect(200);
    expect((await admin.agent.post(`/api/admin/users/${subject.id}/reactivate`)).body.status).toBe(status);
  });

  it('derives the status when an account was suspended without an audit row', async () => {
    const approved = await jobSeekerWithProfile(testApp);
    await approveProfile(admin, approved.profile.id);
    const rejected = await jobSeekerWithProfile(testApp);
    expect((await decideOnProfile(admin, rejected.profile.id, 'reject', { reasons: ['cv_unreadable'] })).status).toBe(200);
    const company = await onboarded(testApp);
    await admin.agent
      .post(`/api/admin/companies/${company.company.id}/verify-payment`)
      .send({ invoiceId: company.invoice.id, bankReference: 'FT-DERIVE-1' })
      .expect(200);
    const cases = [
      [approved.id, 'active'],
      [rejected.id, 'rejected'],
      [company.id, 'active'],
    ] as const;
    for (const [id, status] of cases) {
      await db().update(users).set({ status: 'suspended' }).where(eq(users.id, id));
      const res = await admin.agent.post(`/api/admin/users/${id}/reactivate`);
      expect(res.body.status).toBe(status);
      const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'user.reactivate')));
      expect(entry!.details).toMatchObject({ status, statusFrom: 'derived' });
    }
  });

  it('does not let an admin suspend their own account', async () => {
    const res = await admin.agent.post(`/api/admin/users/${admin.id}/suspend`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot suspend your own account');
    expect((await userRow(admin.id)).status).not.toBe('suspended');
    expect((await admin.agent.get('/api/admin/overview')).status).toBe(200);
  });

  it('grants and revokes administrator rights, each once with its audit row; repeats change nothing', async () => {
    const person = await signedInAgent(testApp, { role: 'company' });
    expect((await person.agent.get('/api/admin/overview')).status).toBe(403);

    const granted = await admin.agent.post(`/api/admin/users/${person.id}/admin`).send({ isAdmin: true });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: person.id, isAdmin: true });
    expect((await person.agent.get('/api/admin/overview')).status).toBe(200);
    const twice = await admin.agent.post(`/api/admin/users/${person.id}/admin`).send({ isAdmin: true });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This user is already an administrator');

    const revoked = await admin.agent.post(`/api/admin/users/${person.id}/admin`).send({ isAdmin: false });
    expect(revoked.status).toBe(200);
    expect(revoked.body.isAdmin).toBe(false);
    expect((await person.agent.get('/api/admin/overview')).status).toBe(403);
    const again = await admin.agent.post(`/api/admin/users/${person.id}/admin`).send({ isAdmin: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This user is not an administrator');

    const audit = await auditFor(person.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['admin.grant', 'admin.revoke']);
    expect(audit.every((a) => a.actorId === admin.id)).toBe(true);

    for (const body of [{}, { isAdmin: 'yes' }, { isAdmin: null }]) {
      const bad = await admin.agent.post(`/api/admin/users/${person.id}/admin`).send(body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('isAdmin must be true or false');
    }
    expect(await auditFor(person.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      for (const [path, body] of [
        ['suspend', undefined],
        ['reactivate', undefined],
        ['admin', { isAdmin: true }],
      ] as const) {
        const res = await admin.agent.post(`/api/admin/users/${id}/${path}`).send(body);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('User not found');
      }
    }
  });
});

describe('the last administrator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: TRUSTED_PROXY_ENV });
  });
  afterAll(() => app.close());

  it('cannot be removed, and a suspended administrator does not count', async () => {
    const only = await signedInAgent(app, { admin: true });
    const self = await only.agent.post(`/api/admin/users/${only.id}/admin`).send({ isAdmin: false });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('The last administrator cannot be removed');

    const second = await signedInAgent(app, { role: 'company' });
    await only.agent.post(`/api/admin/users/${second.id}/admin`).send({ isAdmin: true }).expect(200);
    await only.agent.post(`/api/admin/users/${second.id}/suspend`).expect(200);
    const whileSuspended = await only.agent.post(`/api/admin/users/${only.id}/admin`).send({ isAdmin: false });
    expect(whileSuspended.status).toBe(409);
    expect(whileSuspended.body.message).toBe('The last administrator cannot be removed');

    await only.agent.post(`/api/admin/users/${second.id}/reactivate`).expect(200);
    const stepDown = await only.agent.post(`/api/admin/users/${only.id}/admin`).send({ isAdmin: false });
    expect(stepDown.status).toBe(200);
    expect((await only.agent.get('/api/admin/overview')).status).toBe(403);

    const [remaining] = await app.testDatabase.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(remaining!.id).toBe(second.id);
    const audit = await app.testDatabase.database.db.select().from(auditLog).where(eq(auditLog.subjectId, only.id));
    expect(audit.map((a) => a.action)).toEqual(['admin.revoke']);
  });
});

describe('e-mails', () => {
  it('lists newest first by status and recipient, pages without duplicates, and shows a message in full', async () => {
    const mark = token();
    const at = new Date('2024-06-01T08:00:00Z');
    const sent = await Promise.all(
      [1, 2, 3, 4].map((i) => newEmail({ toAddress: `reader${i}.${mark}@example.com`, status: 'sent', sentAt: at, createdAt: at })),
    );
    const failed = await newEmail({ toAddress: `Reader9.${mark}@Example.com`, status: 'failed', attempts: 6, lastError: '550 mailbox unavailable' });

    const all = await walk('/api/admin/emails', { q: mark.toUpperCase() }, 2);
    expect(all.map((e) => e.id)).toEqual([failed.id, ...sent.map((e) => e.id).sort().reverse()]);
    expect(all[0]).toMatchObject({ to: failed.toAddress, status: 'failed', attempts: 6, lastError: '550 mailbox unavailable', template: 'test' });
    expect(all[0]).not.toHaveProperty('text');

    const onlySent = await walk('/api/admin/emails', { q: mark, status: 'sent' }, 3);
    expect(onlySent.map((e) => e.id).sort()).toEqual(sent.map((e) => e.id).sort());
    const onlyFailed = await admin.agent.get('/api/admin/emails').query({ q: `reader9.${mark}`, status: 'failed' });
    expect(onlyFailed.body).toMatchObject({ total: 1, items: [{ id: failed.id }], nextCursor: null });
    expect((await admin.agent.get('/api/admin/emails').query({ q: `reader9.${mark}`, status: 'pending' })).body.total).toBe(0);

    const everything = await walk('/api/admin/emails', {}, 7);
    expect(everything.map((e) => e.id)).toEqual(expect.arrayContaining([failed.id, ...sent.map((e) => e.id)]));

    const detail = await admin.agent.get(`/api/admin/emails/${sent[0]!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: sent[0]!.id, to: sent[0]!.toAddress, subject: 'Hello', text: 'Plain text', html: '<p>Plain text</p>', status: 'sent' });
    expect(detail.body.sentAt).toBe(at.toISOString());
  });

  it('retries a failed e-mail once: pending again, no attempts, due now, the worker kicked, one audit row', async () => {
    const email = await newEmail({ status: 'failed', attempts: 6, lastError: '421 try later', nextAttemptAt: new Date('2024-01-01T00:00:00Z') });
    const kicked = kicks;
    const before = Date.now();
    const res = await admin.agent.post(`/api/admin/emails/${email.id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: email.id, status: 'pending', attempts: 0, lastError: null });
    expect(Date.parse(res.body.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(kicks).toBe(kicked + 1);
    const audit = await auditFor(email.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'email.retry', actorId: admin.id, subjectType: 'email', details: { attempts: 6, lastError: '421 try later' } });

    const again = await admin.agent.post(`/api/admin/emails/${email.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only failed e-mails can be retried');
    expect(kicks).toBe(kicked + 1);
    expect(await auditFor(email.id)).toHaveLength(1);
  });

  it('refuses to retry a sent e-mail, which stays as it was', async () => {
    const email = await newEmail({ status: 'sent', attempts: 1, sentAt: new Date() });
    const res = await admin.agent.post(`/api/admin/emails/${email.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only failed e-mails can be retried');
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, email.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await auditFor(email.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed e-mail id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      for (const res of [await admin.agent.get(`/api/admin/emails/${id}`), await admin.agent.post(`/api/admin/emails/${id}/retry`)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('E-mail not found');
      }
    }
  });
});

/** A transport double that keeps what it was asked to send. */
function capturingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** Runs the worker over everything due (other tests leave e-mails in the outbox too). */
const deliver = (transport: MailTransport) =>
  deliverDueEmails({ database: testApp.testDatabase.database, transport, from: testApp.config.mailFrom, batchSize: 1000 });
const outboxRow = async (to: string, template: string) =>
  (await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template))))[0]!;
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

/** An account whose owner asked for a new password: the reset e-mail waits in the outbox. */
async function resetRequested() {
  const email = uniqueEmail('reset');
  await request(testApp.app).post('/api/auth/signup').set('X-Forwarded-For', newAddress()).send({ email, password: 'old password 1' }).expect(201);
  await request(testApp.app).post('/api/auth/forgot-password').set('X-Forwarded-For', newAddress()).send({ email }).expect(202);
  // The reset e-mail is written after the answer (docs/decisions/0017).
  await settlePasswordResetRequests(db());
  return { email, row: await outboxRow(email, 'reset_password') };
}

const resetWith = (token: string | undefined) =>
  request(testApp.app).post('/api/auth/reset-password').set('X-Forwarded-For', newAddress()).send({ token, password: 'new password 2' });

describe('links in e-mails', () => {
  it('never shows a reset link in the console, nor keeps it in the row once delivered; the delivered message has it, and it works', async () => {
    const { email, row } = await resetRequested();
    const detail = await admin.agent.get(`/api/admin/emails/${row.id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toMatch(/token=/);
    expect(detail.body.text).toContain('[link hidden]');
    expect(detail.body.html).toContain('[link hidden]');
    expect(detail.body.text).toContain('Use the link below to choose a new password.');

    const transport = capturingTransport();
    await deliver(transport);
    const delivered = transport.sent.find((m) => m.to === email && m.subject.includes('password'))!;
    const token = tokenIn(delivered.text, '/reset-password');
    expect(token).toBeDefined();
    expect(delivered.html).toContain(`/reset-password?token=${token}`);

    const [stored] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(stored!.status).toBe('sent');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await admin.agent.get(`/api/admin/emails/${row.id}`)).body.text).toContain('[link hidden]');
    expect((await resetWith(token)).status).toBe(200);
  });

  it('writes an audit row each time an admin opens an e-mail; an unknown one writes none', async () => {
    const email = await newEmail();
    await admin.agent.get(`/api/admin/emails/${email.id}`).expect(200);
    await admin.agent.get(`/api/admin/emails/${email.id}`).expect(200);
    const audit = await auditFor(email.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'email.view', actorId: admin.id, subjectType: 'email', subjectId: email.id, details: { to: email.toAddress, template: 'test' } });
    const unknown = randomUUID();
    await admin.agent.get(`/api/admin/emails/${unknown}`).expect(404);
    expect(await auditFor(unknown)).toHaveLength(0);
  });

  it('with no mail server, says the e-mail was logged, not sent; the link is only in the server log', async () => {
    const email = uniqueEmail('logged');
    await request(testApp.app).post('/api/auth/signup').set('X-Forwarded-For', newAddress()).send({ email, password: 'long enough 1' }).expect(201);
    const row = await outboxRow(email, 'verify_email');
    let log = '';
    const logger = pino(new Writable({ write: (chunk, _encoding, done) => void ((log += String(chunk)), done()) }));
    await deliver(createLogTransport(logger));

    const listed = await admin.agent.get('/api/admin/emails').query({ q: email, status: 'logged' });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toMatchObject([{ id: row.id, status: 'logged' }]);
    expect((await admin.agent.get('/api/admin/emails').query({ q: email, status: 'sent' })).body.total).toBe(0);
    const detail = await admin.agent.get(`/api/admin/emails/${row.id}`);
    expect(detail.body).toMatchObject({ status: 'logged', text: expect.stringContaining('[link hidden]') });
    expect(detail.body.sentAt).not.toBeNull();

    // The person running the product reads the link in the server's output, and it confirms the address.
    const token = tokenIn(log, '/verify-email');
    expect(token).toBeDefined();
    expect(JSON.stringify(await outboxRow(email, 'verify_email'))).not.toContain(token);
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token })).status).toBe(200);
  });

  it('keeps the link of a failed e-mail for a retry, which delivers it working', async () => {
    const { email, row } = await resetRequested();
    const failing: MailTransport = { send: () => Promise.reject(new Error('421 try later')) };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await db().update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(emailOutbox.id, row.id));
      await deliver(failing);
    }
    expect((await outboxRow(email, 'reset_password')).status).toBe('failed');

    await admin.agent.post(`/api/admin/emails/${row.id}/retry`).expect(200);
    const transport = capturingTransport();
    await deliver(transport);
    const token = tokenIn(transport.sent.find((m) => m.to === email && m.subject.includes('password'))!.text, '/reset-password');
    expect(JSON.stringify(await outboxRow(email, 'reset_password'))).not.toContain(token);
    expect((await resetWith(token)).status).toBe(200);
  });

  it('refuses to retry a failed e-mail whose link has expired, which stays as it was', async () => {
    const { row } = await resetRequested();
    await db().update(emailOutbox).set({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '421 try later', secretsExpireAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.id, row.id));
    const res = await admin.agent.post(`/api/admin/emails/${row.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The link in this e-mail has expired. The person can ask for a new one.');
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.id, row.id))).toMatchObject([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    expect(await auditFor(row.id)).toHaveLength(0);
  });
});

describe('the audit log', () => {
  it('filters by dates (both included, UTC), action, actor and subject, newest first with the actor’s e-mail', async () => {
    const subjectId = `subject-${token()}`;
    const entry = (at: string, action: string, actorId: string | null) => ({ at: new Date(at), action, actorId, subjectType: 'test', subjectId, details: { at } });
    await db()
      .insert(auditLog)
      .values([
        entry('2025-03-01T23:59:59.999Z', 'test.one', admin.id),
        entry('2025-03-02T00:00:00.000Z', 'test.one', admin.id),
        entry('2025-03-02T23:59:59.999Z', 'test.two', null),
        entry('2025-03-03T00:00:00.000Z', 'test.two', admin.id),
      ]);
    const list = async (query: Record<string, string>) => (await admin.agent.get('/api/admin/audit').query({ subjectId, ...query })).body;

    const day = await list({ from: '2025-03-02', to: '2025-03-02' });
    expect(day.items.map((e: { at: string }) => e.at)).toEqual(['2025-03-02T23:59:59.999Z', '2025-03-02T00:00:00.000Z']);
    expect(day.items[0]).toMatchObject({ action: 'test.two', subjectType: 'test', subjectId, actor: null, details: { at: '2025-03-02T23:59:59.999Z' } });
    expect(day.items[1]).toMatchObject({ action: 'test.one', actor: { id: admin.id, email: admin.email } });
    expect(day.total).toBe(2);
    expect((await list({ from: '2025-03-02' })).total).toBe(3);
    expect((await list({ to: '2025-03-01' })).total).toBe(1);
    expect((await list({ action: 'test.two' })).total).toBe(2);
    expect((await list({ actorId: admin.id })).total).toBe(3);
    expect((await list({ subjectType: 'test', action: 'test.one', to: '2025-03-01' })).total).toBe(1);
    expect((await list({ subjectType: 'user' })).total).toBe(0);
  });

  it('pages without duplicates or gaps, also through entries whose times differ only in microseconds', async () => {
    const subjectId = `subject-${token()}`;
    await db().execute(sql`
      insert into audit_log (action, subject_type, subject_id, at)
      select 'test.page', 'test', ${subjectId}, t
      from unnest(array[
        '2025-04-01 10:00:00.123456+00', '2025-04-01 10:00:00.123456+00', '2025-04-01 10:00:00.123457+00',
        '2025-04-01 10:00:00.123455+00', '2025-04-01 10:00:00.123+00', '2025-04-01 10:00:00.123999+00'
      ]::timestamptz[]) as t`);
    const rows = await db().execute<{ id: string }>(sql`select id from audit_log where subject_id = ${subjectId} order by at desc, id desc`);
    const expected = rows.rows.map((r) => Number(r.id));
    for (const limit of [1, 2, 4]) {
      const walked = await walk('/api/admin/audit', { subjectId }, limit);
      expect(walked.map((e) => e.id)).toEqual(expected);
    }
  });

  it('shows the console’s own actions with who did them', async () => {
    const application = await newApplication();
    await admin.agent.post(`/api/admin/career-applications/${application.id}/reviewed`).expect(200);
    const res = await admin.agent.get('/api/admin/audit').query({ subjectType: 'career_application', subjectId: application.id });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ action: 'career_application.mark_reviewed', actor: { id: admin.id, email: admin.email } });
  });
});

describe('POST /api/admin/companies/:id/renewal-invoice', () => {
  it('issues the renewal invoice the company would ask for, with its e-mail and one audit row; a second is refused', async () => {
    const { company, invoice, agent } = await onboarded(testApp);
    await admin.agent.post(`/api/admin/companies/${company.id}/verify-payment`).send({ invoiceId: invoice.id, bankReference: 'FT-RENEW-1' }).expect(200);
    const { body: detail } = await admin.agent.get(`/api/admin/companies/${company.id}`);
    const lastDay: string = detail.company.subscriptionEndDate;
    const kicked = kicks;

    const res = await admin.agent.post(`/api/admin/companies/${company.id}/renewal-invoice`);
    expect(res.status).toBe(201);
    const dayAfter = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(res.body.invoice).toMatchObject({ status: 'issued', plan: 'monthly', periodStart: dayAfter, paidAt: null });
    expect(kicks).toBe(kicked + 1);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, company.email), eq(emailOutbox.template, 'company_invoice_issued')));
    expect(mails).toHaveLength(2);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.id), eq(auditLog.action, 'company.renewal_invoice')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, subjectType: 'company', details: { invoiceId: res.body.invoice.id, invoiceNumber: res.body.invoice.number } });
    const own = await agent.get('/api/company/profile');
    expect(own.body.invoices.map((i: { id: string }) => i.id)).toContain(res.body.invoice.id);

    const again = await admin.agent.post(`/api/admin/companies/${company.id}/renewal-invoice`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This company already has an unpaid invoice');
    // The company's own request follows the same rules.
    expect((await agent.post('/api/company/renewal')).body.message).toBe('You already have an unpaid invoice');
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.id), eq(auditLog.action, 'company.renewal_invoice')))).toHaveLength(1);
  });

  it('refuses a company that never paid, a suspended one and an unknown one', async () => {
    const unpaid = await onboarded(testApp);
    const first = await admin.agent.post(`/api/admin/companies/${unpaid.company.id}/renewal-invoice`);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe('This company has not paid its first invoice yet');

    const suspended = await onboarded(testApp);
    await admin.agent.post(`/api/admin/companies/${suspended.company.id}/verify-payment`).send({ invoiceId: suspended.invoice.id, bankReference: 'FT-RENEW-2' }).expect(200);
    await admin.agent.post(`/api/admin/companies/${suspended.company.id}/suspend`).expect(200);
    const refused = await admin.agent.post(`/api/admin/companies/${suspended.company.id}/renewal-invoice`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This company is suspended. Reactivate it before you issue an invoice.');

    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await admin.agent.post(`/api/admin/companies/${id}/renewal-invoice`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Company not found');
    }
    for (const id of [unpaid.company.id, suspended.company.id]) {
      expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'company.renewal_invoice')))).toHaveLength(0);
    }
  });
});

describe('bad input', () => {
  const otherListCursor = async () => {
    await Promise.all([newApplication(), newApplication()]);
    return (await admin.agent.get('/api/admin/career-applications?limit=1')).body.nextCursor as string;
  };
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['/api/admin/career-applications?reviewed=maybe', 'reviewed must be true or false'],
    ['/api/admin/career-applications?limit=0', 'limit must be between 1 and 100'],
    ['/api/admin/career-applications?limit=1000', 'limit must be between 1 and 100'],
    ['/api/admin/career-applications?cursor=not-a-cursor', 'The page cursor is not valid'],
    ['/api/admin/users?status=banned', 'status must be pending, active, rejected or suspended'],
    ['/api/admin/users?role=admin', 'role must be job_seeker, company or none'],
    ['/api/admin/users?admins=false', 'admins must be true'],
    ['/api/admin/users?limit=abc', 'limit must be a number'],
    ['/api/admin/users?limit=1.5', 'limit must be a whole number'],
    [`/api/admin/users?q=${'x'.repeat(101)}`, 'Please keep the search under 100 characters'],
    ['/api/admin/users?cursor=%7B%7D', 'The page cursor is not valid'],
    ['/api/admin/emails?status=bounced', 'status must be pending, sent, logged or failed'],
    ['/api/admin/emails?limit=0', 'limit must be between 1 and 100'],
    ['/api/admin/emails?limit=1000', 'limit must be between 1 and 100'],
    [`/api/admin/emails?cursor=${'a'.repeat(301)}`, 'The page cursor is not valid'],
    ['/api/admin/audit?from=yesterday', 'from must be a date (YYYY-MM-DD)'],
    ['/api/admin/audit?to=2025-02-30', 'to must be a date (YYYY-MM-DD)'],
    ['/api/admin/audit?from=2025-03-02&to=2025-03-01', 'from must not be after to'],
    ['/api/admin/audit?limit=1000', 'limit must be between 1 and 100'],
    ['/api/admin/audit?cursor=bnVsbA', 'The page cursor is not valid'],
  ])('GET %s is a 400: %s', async (url, message) => {
    const res = await admin.agent.get(url);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses forged cursors and cursors of another list or filter, without reaching the database', async () => {
    const cursors = [
      forged({ at: '2025-02-30T10:00:00.000000Z', id: randomUUID(), t: 1 }),
      forged({ at: '2025-02-03T25:00:00.000000Z', id: randomUUID(), t: 1 }),
      forged({ at: '2025-02-03T10:00:00.000Z', id: randomUUID(), t: 1 }),
      forged({ at: '2025-02-03T10:00:00.000000Z', id: 'not-a-uuid', t: 1 }),
      forged({ at: '2025-02-03T10:00:00.000000Z', id: randomUUID(), t: -1 }),
      forged([1, 2]),
      await otherListCursor(),
    ];
    for (const cursor of cursors) {
      for (const path of ['/api/admin/users', '/api/admin/emails', '/api/admin/audit']) {
        const res = await admin.agent.get(path).query({ cursor });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('The page cursor is not valid');
      }
    }
    const cursor = await otherListCursor();
    expect((await admin.agent.get('/api/admin/career-applications').query({ cursor })).status).toBe(200);
    const filtered = await admin.agent.get('/api/admin/career-applications').query({ cursor, reviewed: 'false' });
    expect(filtered.status).toBe(400);
    expect(filtered.body.message).toBe('The page cursor is not valid');
  });
});
