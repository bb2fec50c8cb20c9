// Deleting an account: the password (or a fresh OpenID sign-in) confirms it; at once the profile leaves the search
// and every session ends; then the background job deletes the rows, the files and the hosted video, and scrubs the
// person's name, e-mail and phone from the outbox. Afterwards no table and no stored file carries them. A company
// owner's company keeps its invoices, without the person. An administrator can do the same on request.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, auditLog, companyMembers, companyProfiles, emailOutbox, invoices, jobSeekerProfiles, objects, users } from '#shared/schema.ts';
import { FRESH_SIGN_IN_MINUTES } from '#shared/account-data.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { requestOwnDeletion } from '../services/account-deletion.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { accountWorkers } from '../test/account-data.ts';
import { activeCompany, approvedJobSeeker, jobSeekerWithProfile, SELLER_ENV, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';
import type { VideoHost } from '../video/video-host.ts';

let testApp: TestApp;
let workers: ReturnType<typeof accountWorkers>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, ...SELLER_ENV } });
  workers = accountWorkers(testApp);
});
afterAll(() => testApp.close());
const db = () => testApp.testDatabase.database.db;

/** Every row of every table of the database (listed from information_schema) that holds one of the texts. */
async function rowsHolding(texts: string[]): Promise<string[]> {
  const pool = testApp.testDatabase.database.pool;
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  expect(tables.length).toBeGreaterThan(15);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    for (const text of texts) {
      const { rows } = await pool.query(`select count(*)::int as n from "${table}" t where position(lower($1) in lower(t::text)) > 0`, [text]);
      if (rows[0].n > 0) found.push(`${table}: ${rows[0].n} row(s) hold "${text}"`);
    }
  }
  return found;
}

/** Every stored file (the local storage driver's directory) that holds one of the texts. */
async function filesHolding(texts: string[]): Promise<string[]> {
  const root = path.join(testApp.config.dataDir, 'objects');
  const found: string[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = (await readFile(file)).toString('latin1').toLowerCase();
    for (const text of texts) if (body.includes(text.toLowerCase())) found.push(`${file} holds "${text}"`);
  }
  return found;
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(testApp.config.dataDir, 'objects');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('deleting a job seeker’s account', () => {
  it('hides the profile and ends every session at once, then leaves no row, file or e-mail with the person’s name, e-mail or phone', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const nasreen = await approvedJobSeeker(testApp, admin, { fullName: 'Nasreen Qureshi', phone: '+971 52 333 4455', bio: 'Housekeeping supervisor.' });
    const other = await approvedJobSeeker(testApp, admin, { fullName: 'Kwame Mensah', phone: '+971 56 777 1122' });
    const company = await activeCompany(testApp);
    await company.agent.get(`/api/candidates/${nasreen.profile.id}`).expect(200);
    await company.agent.post(`/api/candidates/${nasreen.profile.id}/contact`).send({ channel: 'email' }).expect(204);
    await company.agent.put(`/api/shortlist/${nasreen.profile.id}`).send({ note: 'Call about the hotel job' }).expect(200);
    // She blocked another company and reported it, in her words (with her number), and agreed to the documents.
    const agency = await activeCompany(testApp);
    await nasreen.agent.put(`/api/job-seeker/blocks/${agency.companyId}`).expect(204);
    await nasreen.agent
      .post('/api/reports')
      .send({ companyId: agency.companyId, reason: 'asked_for_money', details: 'They called me on +971 52 333 4455 and asked for 2,000 AED.' })
      .expect(201);
    // An e-mail to the company that names her, still waiting in the outbox (as a saved search's alert would).
    await enqueueEmail(db(), {
      to: company.email,
      template: 'saved_search_alert',
      subject: '1 new job seeker: Nasreen Qureshi',
      text: 'Nasreen Qureshi, Housekeeping, Dubai. WhatsApp: https://wa.me/971523334455',
      html: '<p>Nasreen Qureshi, Housekeeping, Dubai.</p>',
    });
    // An administrator read an e-mail sent to her: the audit row names her address.
    const [toHer] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, nasreen.email));
    await admin.agent.get(`/api/admin/emails/${toHer!.id}`).expect(200);
    // A copy of her data sits in storage; she is signed in on a second device too.
    await nasreen.agent.post('/api/account/exports').send({}).expect(202);
    expect(await workers.makeExports()).toBe(1);
    const phone = request.agent(testApp.app).set('X-Forwarded-For', '10.200.0.9');
    await phone.post('/api/auth/login').send({ email: nasreen.email, password: 'long enough 1' }).expect(200);
    const herFiles = (await db().select({ key: objects.key }).from(objects).where(eq(objects.ownerId, nasreen.id))).map((o) => o.key);
    expect(herFiles).toHaveLength(2);

    // The password is asked for.
    expect((await nasreen.agent.post('/api/account/deletion').send({})).body.code).toBe('account.password_required');
    expect((await nasreen.agent.post('/api/account/deletion').send({ password: 'not my password' })).body.code).toBe('auth.wrong_current_password');
    const asked = await nasreen.agent.post('/api/account/deletion').send({ password: 'long enough 1' }).expect(202);
    expect(String(asked.headers['set-cookie'])).toMatch(/wazifa\.sid=;/);

    // At once: every session has ended, the account signs in nowhere, companies no longer find the profile.
    expect((await nasreen.agent.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await request(testApp.app).post('/api/auth/login').set('X-Forwarded-For', '10.200.0.10').send({ email: nasreen.email, password: 'long enough 1' })).body.code).toBe('auth.account_deleted');
    expect((await company.agent.get(`/api/candidates/${nasreen.profile.id}`)).status).toBe(404);
    const search = await company.agent.get('/api/candidates').query({ q: 'Nasreen' }).expect(200);
    expect(search.body.items).toEqual([]);

    // Then the job, within the day (here, now).
    expect(await workers.eraseAccounts()).toBe(1);
    const identifying = [nasreen.email, 'Nasreen Qureshi', '+971523334455', '971523334455', '52 333 4455'];
    expect(await rowsHolding(identifying)).toEqual([]);
    expect(await filesHolding(identifying)).toEqual([]);
    // Her files are gone from storage, the other job seeker's are where they were.
    const left = await storedFiles();
    for (const key of herFiles) expect(left).not.toContain(key);
    for (const key of [other.profile.cvUrl, other.profile.videoUrl]) expect(left).toContain(key.replace('/objects/', ''));
    expect(left.some((file) => file.startsWith('export/'))).toBe(false);
    // The company's e-mail went on without her; the other job seeker is untouched.
    const [alert] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'saved_search_alert'));
    expect(alert!.subject).toBe('1 new job seeker: [deleted]');
    expect(alert!.textBody).toBe('[deleted], Housekeeping, Dubai. WhatsApp: https://wa.me/[deleted]');
    expect(await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, other.profile.id))).toHaveLength(1);
    // Only anonymous counts are left.
    const [done] = await db().select().from(accountDeletions).where(eq(accountDeletions.userId, nasreen.id));
    expect(done).toMatchObject({ state: 'done', role: 'job_seeker' });
    expect(done!.summary).toMatchObject({ files: 2, emailsScrubbed: 1 });
    const [deletedEntry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.subjectId, nasreen.id)));
    expect(deletedEntry!.actorId).toBeNull();
    // Running it again finds nothing to do.
    expect(await workers.eraseAccounts()).toBe(0);
  });

  it('deletes a video kept by the video host (Vimeo) through the host', async () => {
    const person = await jobSeekerWithProfile(testApp, { fullName: 'Arjun Pillai' });
    const playerUrl = 'https://player.vimeo.com/video/76979871?h=8272103f6e';
    await db().insert(objects).values({ key: 'video/0f1e2d3c-4b5a-8697-a8b9-cadbecfd0e1f', kind: 'video', ownerId: person.id, status: 'ready', url: playerUrl });
    const deleted: string[] = [];
    const vimeo: VideoHost = {
      upload: () => Promise.reject(new Error('not used')),
      objectKeyOf: () => undefined,
      delete: async (url) => void deleted.push(url),
    };
    await person.agent.post('/api/account/deletion').send({ password: 'long enough 1' }).expect(202);
    expect(await accountWorkers(testApp, { videoHost: vimeo }).eraseAccounts()).toBe(1);
    expect(deleted).toContain(playerUrl);
    expect(await db().select().from(users).where(eq(users.id, person.id))).toEqual([]);
  });

  it('an account without a password needs an OpenID sign-in of the last few minutes', async () => {
    const [user] = await db().insert(users).values({ email: uniqueEmail('oidc'), role: 'job_seeker', oidcIssuer: 'https://id.example', oidcSubject: 'x-1' }).returning();
    const ctx = { db: db(), clock: { now: () => new Date() }, oidcProviderName: 'Test ID' };
    const minutesAgo = (m: number) => Date.now() - m * 60_000;
    await expect(requestOwnDeletion(ctx, user!, { signInMethod: 'oidc', signedInAt: minutesAgo(FRESH_SIGN_IN_MINUTES + 1) }, {})).rejects.toMatchObject({
      code: 'account.fresh_sign_in_required',
      params: { provider: 'Test ID' },
    });
    await expect(requestOwnDeletion(ctx, user!, { signInMethod: 'password', signedInAt: minutesAgo(1) }, {})).rejects.toMatchObject({ code: 'account.fresh_sign_in_required' });
    await requestOwnDeletion(ctx, user!, { signInMethod: 'oidc', signedInAt: minutesAgo(2) }, {});
    const [marked] = await db().select().from(users).where(eq(users.id, user!.id));
    expect(marked!.deletionRequestedAt).not.toBeNull();
    expect(await workers.eraseAccounts()).toBe(1);
  });
});

describe('deleting a company owner’s account', () => {
  it('closes the company and keeps its invoices with the company’s name and tax number only', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const owner = await signedInAgent(testApp, { role: 'company' });
    const onboarding = await owner.agent
      .post('/api/company/profile')
      .send({ companyName: 'Gulf Build Contracting LLC', contactPerson: 'Yousef Darwish', phone: '+971 50 765 4321', email: owner.email, subscriptionPlan: 'monthly' })
      .expect(201);
    const companyId = onboarding.body.company.id as string;
    await owner.agent.patch('/api/company/profile').send({ companyName: 'Gulf Build Contracting LLC', contactPerson: 'Yousef Darwish', phone: '+971 50 765 4321', email: owner.email, vatNumber: '100123456700003' });
    await admin.agent.post(`/api/admin/companies/${companyId}/verify-payment`).send({ invoiceId: onboarding.body.invoice.id, bankReference: 'FT26112400001' }).expect(200);
    const colleague = await signedInAgent(testApp, { role: 'company' });
    await db().insert(companyMembers).values({ companyId, userId: colleague.id, role: 'member' });
    await colleague.agent.get('/api/company/profile').expect(200);

    await owner.agent.post('/api/account/deletion').send({ password: 'long enough 1' }).expect(202);
    expect(await workers.eraseAccounts()).toBe(1);

    expect(await rowsHolding([owner.email, 'Yousef Darwish', '971507654321'])).toEqual([]);
    const [company] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, companyId));
    expect(company).toMatchObject({ companyName: 'Gulf Build Contracting LLC', subscriptionStatus: 'closed', contactPerson: '', email: '', phone: '' });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(invoice).toMatchObject({ number: onboarding.body.invoice.number, totalFils: onboarding.body.invoice.totalFils, status: 'paid', bankReference: 'FT26112400001' });
    expect(invoice!.buyer).toEqual({ companyName: 'Gulf Build Contracting LLC', contactPerson: '', email: '', phone: '' });
    // The colleague keeps their own account, outside the closed company, signed out.
    expect((await colleague.agent.get('/api/auth/user')).status).toBe(401);
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, companyId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, colleague.id))).toHaveLength(1);
  });
});

describe('the console deletes an account on the person’s request', () => {
  it('with an audit row naming the administrator; not twice, not its own, not for others', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const person = await jobSeekerWithProfile(testApp, { fullName: 'Maria Dela Cruz' });
    await admin.agent.post(`/api/admin/users/${person.id}/delete`).expect(202);
    expect((await person.agent.get('/api/auth/user')).status).toBe(401);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.subjectId, person.id)));
    expect(entry!.actorId).toBe(admin.id);
    expect((await admin.agent.post(`/api/admin/users/${person.id}/delete`)).body.code).toBe('admin.user_deletion_requested');
    expect((await admin.agent.post(`/api/admin/users/${admin.id}/delete`)).body.code).toBe('admin.delete_self');
    expect((await admin.agent.post('/api/admin/users/00000000-0000-4000-8000-000000000000/delete')).status).toBe(404);
    const stranger = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await stranger.agent.post(`/api/admin/users/${admin.id}/delete`)).status).toBe(403);
    expect(await workers.eraseAccounts()).toBe(1);
    expect(await db().select().from(users).where(eq(users.id, person.id))).toEqual([]);
  });
});
