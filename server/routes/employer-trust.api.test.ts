// The job seeker's side of trust: which companies looked at them (and the weekly e-mail), blocking a company on every
// path it could reach the profile by, checking an employer's public page and its verified mark (which lapses with
// the licence), and reporting a company with a screenshot checked by its bytes, answered by our team in the
// reporter's language.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, candidateEvents, companyProfiles, emailOutbox, jobSeekerProfiles, savedSearches, users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { sendActivityEmails } from '../services/profile-activity.ts';
import { sendDueSearchAlerts } from '../services/saved-searches.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readEmailLink } from '../test/emails.ts';
import { approvedJobSeeker, paidCompany, PDF, PNG, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const clock: Clock = { now: () => now };
let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let admin: Agent;

/** A company onboarded through the API (its slug made then), paid and active. */
async function paidEmployer(name: string) {
  const company = await paidCompany(
    testApp,
    admin,
    { companyName: name, contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', subscriptionPlan: 'annual' },
    'FT-TRUST',
  );
  return { ...company, slug: company.company.slug };
}

async function approvedSeeker(fullName: string, locale?: string) {
  const seeker = await approvedJobSeeker(testApp, admin, { fullName });
  if (locale) await db().update(users).set({ locale }).where(eq(users.id, seeker.id));
  return seeker;
}

/** Uploads a file through a two-step upload (POST …/upload, PUT the file, PUT …/acl). */
async function upload(agent: request.Agent, base: string, body: Buffer, contentType: string) {
  const { body: created } = await agent.post(`${base}/upload`).expect(200);
  await agent.put(created.uploadURL).set('Content-Type', contentType).send(body).expect(200);
  return agent.put(`${base}/acl`).send({ objectURL: created.uploadURL });
}

beforeAll(async () => {
  testApp = await createTestApp({ clock, env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

describe('blocking a company', () => {
  it('hides the profile from that company on every path, from every person of its team, and unblocking brings it back', async () => {
    const blocked = await paidEmployer('Desert Recruiters');
    const other = await paidEmployer('Honest Builders');
    const seeker = await approvedSeeker('Bikash Gurung');
    const seekerId = seeker.profile.id;
    const finds = async (c: { agent: request.Agent }) => ((await c.agent.get('/api/candidates').query({ q: 'Bikash' }).expect(200)).body.items as { id: string }[]).some((i) => i.id === seekerId);
    await blocked.agent.put(`/api/shortlist/${seekerId}`).send({ note: 'Call him' }).expect(200);
    await blocked.agent.post('/api/saved-searches').send({ name: 'Bikash', query: 'q=Bikash', alert: 'daily' }).expect(201);
    expect(await finds(blocked)).toBe(true);

    await seeker.agent.put(`/api/job-seeker/blocks/${blocked.companyId}`).expect(204);
    // Twice is the same block.
    await seeker.agent.put(`/api/job-seeker/blocks/${blocked.companyId}`).expect(204);
    expect((await seeker.agent.get('/api/job-seeker/blocks').expect(200)).body.items).toMatchObject([{ companyId: blocked.companyId, companyName: 'Desert Recruiters' }]);

    expect(await finds(blocked)).toBe(false);
    expect(await finds(other)).toBe(true);
    for (const sort of ['newest', 'experience']) {
      const page = await blocked.agent.get('/api/candidates').query({ sort, industries: 'Hospitality' }).expect(200);
      expect(page.body.items.map((i: { id: string }) => i.id)).not.toContain(seekerId);
    }
    expect((await blocked.agent.get(`/api/candidates/${seekerId}`).expect(404)).body.code).toBe('candidate.not_found');
    await blocked.agent.post(`/api/candidates/${seekerId}/contact`).send({ channel: 'whatsapp' }).expect(404);
    await blocked.agent.get(seeker.profile.cvUrl).expect(404);
    expect((await blocked.agent.get('/api/shortlist').expect(200)).body.items).toEqual([]);
    await blocked.agent.put(`/api/shortlist/${seekerId}`).send({ note: 'again' }).expect(404);
    // A colleague of the blocked company is blocked too.
    const email = uniqueEmail('colleague');
    await blocked.agent.post('/api/company/invitations').send({ email }).expect(201);
    const token = new URL(await readEmailLink(db(), email, 'team_invitation', '/invite')).searchParams.get('token');
    const colleague = request.agent(testApp.app).set('X-Forwarded-For', '198.51.100.77');
    await colleague.post('/api/auth/signup').send({ email, password: 'long enough 1' }).expect(201);
    await colleague.post('/api/invitations/accept').send({ token }).expect(200);
    expect(await finds({ agent: colleague })).toBe(false);
    await colleague.get(`/api/candidates/${seekerId}`).expect(404);
    // The alert e-mail of the blocked company does not list the profile approved meanwhile.
    const [search] = await db().select().from(savedSearches).where(eq(savedSearches.companyId, blocked.companyId));
    await db().update(savedSearches).set({ alertSince: new Date(now.getTime() - DAY), nextAlertAt: new Date(now.getTime() - 1000) }).where(eq(savedSearches.id, search!.id));
    await sendDueSearchAlerts({ db: db(), clock, productName: 'Wazifa', publicUrl: 'https://wazifa.example', secret: testApp.config.sessionSecret! });
    const alerts = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'saved_search_alert'));
    expect(alerts.every((a) => !a.textBody.includes('Bikash'))).toBe(true);

    await seeker.agent.delete(`/api/job-seeker/blocks/${blocked.companyId}`).expect(204);
    expect(await finds(blocked)).toBe(true);
    // The shortlist entry was kept, hidden, and is back with its note.
    expect((await blocked.agent.get('/api/shortlist').expect(200)).body.items).toMatchObject([{ id: seekerId, note: 'Call him' }]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, seekerId));
    expect(audit.map((a) => a.action).sort()).toEqual(['profile.approve', 'profile.block_company', 'profile.create', 'profile.unblock_company']);
  });

  it('refuses an unknown company, and is only for job seekers', async () => {
    const seeker = await approvedSeeker('Ana Reyes');
    expect((await seeker.agent.put('/api/job-seeker/blocks/00000000-0000-4000-8000-000000000000').expect(404)).body.code).toBe('employer.not_found');
    await seeker.agent.put('/api/job-seeker/blocks/not-an-id').expect(404);
    const company = await paidEmployer('Gulf Trading');
    await company.agent.put(`/api/job-seeker/blocks/${company.companyId}`).expect(403);
    await request(testApp.app).get('/api/job-seeker/blocks').expect(401);
  });
});

describe('what companies did with my profile', () => {
  it('lists views, CV downloads and contacts newest first with the verified mark, paged, to the job seeker alone', async () => {
    const company = await paidEmployer('Al Noor Hospitality');
    const seeker = await approvedSeeker('Priya Nair');
    const bystander = await approvedSeeker('Someone Else');
    await company.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await company.agent.get(seeker.profile.cvUrl).expect(200);
    await company.agent.post(`/api/candidates/${seeker.profile.id}/contact`).send({ channel: 'whatsapp' }).expect(204);

    const first = await seeker.agent.get('/api/job-seeker/activity').query({ limit: 2 }).expect(200);
    expect(first.body.total).toBe(3);
    expect(first.body.items).toMatchObject([
      { companyName: 'Al Noor Hospitality', type: 'contact', channel: 'whatsapp', verified: false, blocked: false, slug: company.slug },
      { type: 'cv_download' },
    ]);
    const second = await seeker.agent.get('/api/job-seeker/activity').query({ limit: 2, cursor: first.body.nextCursor }).expect(200);
    expect(second.body.items).toMatchObject([{ type: 'view' }]);
    expect(second.body.nextCursor).toBeNull();
    expect((await bystander.agent.get('/api/job-seeker/activity').expect(200)).body.items).toEqual([]);
    await company.agent.get('/api/job-seeker/activity').expect(403);
  });

  it('e-mails a weekly summary in the job seeker’s language when something happened, at most weekly, and stops by the link', async () => {
    const seeker = await approvedSeeker('Ramesh Kumar', 'hi');
    const [a, b] = [await paidEmployer('Emirates Facilities'), await paidEmployer('Doha Security')];
    await a.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await a.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await b.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await b.agent.post(`/api/candidates/${seeker.profile.id}/contact`).send({ channel: 'email' }).expect(204);
    const ctx = { db: db(), clock, productName: 'Wazifa', publicUrl: 'https://wazifa.example', secret: testApp.config.sessionSecret! };
    const mails = () => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, seeker.email), eq(emailOutbox.template, 'profile_activity')));

    await sendActivityEmails(ctx);
    const [mail] = await mails();
    expect(mail!.subject).toBe('इस हफ़्ते 2 कंपनियों ने आपकी प्रोफ़ाइल देखी');
    expect(mail!.textBody).toContain('आपकी प्रोफ़ाइल देखने वाली कंपनियाँ: 2');
    expect(mail!.textBody).toContain('आपसे संपर्क करने वाली कंपनियाँ: 1');
    expect(mail!.textBody).not.toContain('CV डाउनलोड');
    // Again the same week: nothing more, even with new views.
    await a.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await sendActivityEmails(ctx);
    expect(await mails()).toHaveLength(1);
    // A week on (the last e-mail moved a week back), the new view is told.
    const aWeekAgo = () => db().update(jobSeekerProfiles).set({ activityEmailedAt: new Date(now.getTime() - 7 * DAY - 1000) }).where(eq(jobSeekerProfiles.id, seeker.profile.id));
    await aWeekAgo();
    await sendActivityEmails(ctx);
    expect(await mails()).toHaveLength(2);

    // The one-click stop.
    const stop = new URL(mail!.textBody.match(/https:\/\/wazifa\.example\/activity-emails\/stop\?token=\S+/)![0]);
    await request(testApp.app).post('/api/activity-emails/stop').send({ token: 'nope.nope' }).expect(400);
    await request(testApp.app).post('/api/activity-emails/stop').send({ token: stop.searchParams.get('token') }).expect(204);
    const [row] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, seeker.profile.id));
    expect(row!.activityEmails).toBe(false);
    await b.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await aWeekAgo();
    await sendActivityEmails(ctx);
    expect(await mails()).toHaveLength(2);
    // Turned on again from /profile.
    expect((await seeker.agent.put('/api/job-seeker/activity-emails').send({ on: true }).expect(200)).body).toEqual({ activityEmails: true });
  });
});

describe('an employer’s public page and verified mark', () => {
  it('says whether the company is verified and subscribed; the mark comes from our check of its licence and lapses with it', async () => {
    const company = await paidEmployer('Gulf Build Contracting LLC');
    expect(company.slug).toMatch(/^gulf-build-contracting-llc-[0-9a-f]{8}$/);
    const page = await request(testApp.app).get(`/api/employers/${company.slug}`).expect(200);
    expect(page.body).toMatchObject({ companyName: 'Gulf Build Contracting LLC', verified: false, activeSubscription: true, suspended: false, licenceIssuer: null });
    expect((await request(testApp.app).get('/api/employers/no-such-company-12345678').expect(404)).body.code).toBe('employer.not_found');
    await request(testApp.app).get('/api/employers/%00').expect(404);

    // Nothing to verify yet.
    expect((await admin.agent.post(`/api/admin/companies/${company.companyId}/employer-verification`).send({ verified: true }).expect(409)).body.code).toBe('admin.licence_missing');
    // The licence document is checked by its bytes: a text file named .pdf is refused.
    expect((await upload(company.agent, '/api/company/licence', Buffer.from('not a licence at all'), 'application/pdf')).body.code).toBe('upload.licence_type');
    const document = (await upload(company.agent, '/api/company/licence', PDF, 'application/pdf').then((r) => r)).body.objectPath as string;
    const expires = new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10);
    const licence = { tradeLicenceNumber: 'CN-1234567', licenceIssuer: 'AE-DU', licenceExpiresOn: expires, documentPath: document };
    await company.agent.put('/api/company/licence').send({ ...licence, licenceExpiresOn: '2020-01-01' }).expect(400);
    await company.agent.put('/api/company/licence').send({ ...licence, licenceIssuer: 'XX' }).expect(400);
    expect((await company.agent.put('/api/company/licence').send(licence).expect(200)).body).toMatchObject({ licenceIssuer: 'AE-DU', licenceExpiresOn: expires, employerVerified: false });
    // The admin opens the document, and marks the employer verified.
    await admin.agent.get(document).expect(200);
    expect((await admin.agent.post(`/api/admin/companies/${company.companyId}/employer-verification`).send({ verified: true }).expect(200)).body.employerVerified).toBe(true);
    expect((await request(testApp.app).get(`/api/employers/${company.slug}`).expect(200)).body).toMatchObject({ verified: true, licenceIssuer: 'AE-DU', licenceExpiresOn: expires });
    // Its page is listed for search engines while the mark holds.
    const sitemap = async () => (await request(testApp.app).get('/sitemap.xml').expect(200)).text;
    expect(await sitemap()).toContain(`/employers/${company.slug}</loc>`);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.companyId), eq(auditLog.action, 'company.employer_verified')));
    expect(audit!.actorId).toBe(admin.id);
    // Found by name by a job seeker, to block.
    const seeker = await approvedSeeker('Joy Santos');
    expect((await seeker.agent.get('/api/employers').query({ q: 'build contr' }).expect(200)).body.items).toMatchObject([{ id: company.companyId, blocked: false }]);

    // Past the licence's expiry the mark is gone, everywhere (the licence made to have ended yesterday).
    const yesterday = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
    await db().update(companyProfiles).set({ licenceExpiresOn: yesterday }).where(eq(companyProfiles.id, company.companyId));
    expect((await request(testApp.app).get(`/api/employers/${company.slug}`).expect(200)).body.verified).toBe(false);
    expect((await seeker.agent.get('/api/employers').query({ q: 'build contr' }).expect(200)).body.items).toEqual([]);
    expect(await sitemap()).not.toContain(`/employers/${company.slug}</loc>`);
    expect((await company.agent.get('/api/company/profile').expect(200)).body.company.employerVerified).toBe(false);
    // A new licence takes the mark away until it is checked again.
    await company.agent.put('/api/company/licence').send({ ...licence, tradeLicenceNumber: 'CN-7654321' }).expect(200);
    expect((await request(testApp.app).get(`/api/employers/${company.slug}`).expect(200)).body.verified).toBe(false);
    // Suspended: said on the page.
    await admin.agent.post(`/api/admin/companies/${company.companyId}/suspend`).expect(200);
    expect((await request(testApp.app).get(`/api/employers/${company.slug}`).expect(200)).body).toMatchObject({ suspended: true, activeSubscription: false });
  });
});

describe('reporting a company', () => {
  it('takes a report with a screenshot checked as an image, queues it for our team, and answers the reporter in their language', async () => {
    const company = await paidEmployer('Fake Visa Agency');
    const seeker = await approvedSeeker('Imran Khan', 'ur');
    // Not an image: refused and not stored.
    expect((await upload(seeker.agent, '/api/reports/screenshot', PDF, 'image/png')).body).toEqual({ code: 'upload.image_type', message: 'Please upload a JPEG, PNG or WebP image' });
    const screenshot = (await upload(seeker.agent, '/api/reports/screenshot', Buffer.concat([PNG, Buffer.alloc(512, 1)]), 'image/png')).body.objectPath as string;
    expect(screenshot).toMatch(/^\/objects\/screenshot\//);
    await seeker.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'asked_for_money', details: 'x' }).expect(400);
    await seeker.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'bribe', details: 'They asked me to pay 3,000 AED for the visa.' }).expect(400);
    const created = await seeker.agent
      .post('/api/reports')
      .send({ companyId: company.companyId, reason: 'asked_for_money', details: 'They asked me to pay 3,000 AED for the visa.', screenshotPath: screenshot })
      .expect(201);
    // Someone else's screenshot cannot be attached.
    const other = await approvedSeeker('Other Person');
    await other.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'fake_job', details: 'The job did not exist at all.', screenshotPath: screenshot }).expect(404);
    await other.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'fake_job', details: 'The job did not exist at all.' }).expect(201);
    await company.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'other', details: 'Reporting ourselves here.' }).expect(403);

    // The console: flagged company, the open queue, the report with the company's other reports and history.
    const listed = await admin.agent.get('/api/admin/companies').query({ q: 'Fake Visa' }).expect(200);
    expect(listed.body.items[0].openReports).toBe(2);
    const queue = await admin.agent.get('/api/admin/reports').expect(200);
    expect(queue.body.items.map((r: { id: string }) => r.id)).toContain(created.body.id);
    const detail = await admin.agent.get(`/api/admin/reports/${created.body.id}`).expect(200);
    expect(detail.body).toMatchObject({ reason: 'asked_for_money', screenshotPath: screenshot, reporter: { name: 'Imran Khan', locale: 'ur' }, company: { companyName: 'Fake Visa Agency', openReports: 2 } });
    expect(detail.body.otherReports).toHaveLength(1);
    expect(detail.body.history.map((h: { action: string }) => h.action)).toContain('company.verify_payment');
    await admin.agent.get(screenshot).expect(200);
    await company.agent.get(screenshot).expect(404);
    await seeker.agent.get('/api/admin/reports').expect(403);

    await admin.agent.post(`/api/admin/companies/${company.companyId}/suspend`).expect(200);
    await admin.agent.post(`/api/admin/reports/${created.body.id}/answer`).send({ answer: 'We suspended this company. Never pay for a job.' }).expect(200);
    await admin.agent.post(`/api/admin/reports/${created.body.id}/answer`).send({ answer: 'again' }).expect(409);
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, seeker.email), eq(emailOutbox.template, 'report_answer')));
    // The name keeps its own direction in the Urdu sentence (a first-strong isolate).
    expect(mail!.subject).toBe('\u2068Fake Visa Agency\u2069 کے بارے میں آپ کی رپورٹ');
    expect(mail!.textBody).toContain('We suspended this company. Never pay for a job.');
    expect((await admin.agent.get('/api/admin/companies').query({ q: 'Fake Visa' }).expect(200)).body.items[0].openReports).toBe(1);
  });
});

describe('events stay the company side’s record', () => {
  it('are kept per person of the company, as before', async () => {
    const company = await paidEmployer('Record Keepers');
    const seeker = await approvedSeeker('Record Subject');
    await company.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    const rows = await db().select().from(candidateEvents).where(and(eq(candidateEvents.profileId, seeker.profile.id), eq(candidateEvents.companyId, company.companyId)));
    expect(rows).toMatchObject([{ type: 'view', userId: company.id }]);
    const [profile] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, company.companyId));
    expect(profile!.slug).toBe(company.slug);
  });
});
