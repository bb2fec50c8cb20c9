// A copy of one's data: a ZIP made in the background with every row about the person and their own files, and
// nothing of anyone else's; offered by a signed link that works for 24 hours, announced by e-mail. A company's owner
// gets the company's data.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, dataExports, emailOutbox } from '#shared/schema.ts';
import type { DataExportView } from '#shared/account-data.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { accountWorkers, binary, unzip } from '../test/account-data.ts';
import { activeCompany, approvedJobSeeker, jobSeekerWithProfile, mp4, PDF, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

const HOUR = 60 * 60 * 1000;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let testApp: TestApp;
let workers: ReturnType<typeof accountWorkers>;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, clock });
  workers = accountWorkers(testApp, { clock });
});
afterAll(() => testApp.close());
const db = () => testApp.testDatabase.database.db;

/** Two approved job seekers; a company that viewed and contacted both, and shortlisted one with a note. */
async function twoPeopleAndACompany() {
  const admin = await signedInAgent(testApp, { admin: true });
  const layla = await approvedJobSeeker(testApp, admin, { fullName: 'Layla Haddad', phone: '+971 50 111 2233' });
  const ravi = await approvedJobSeeker(testApp, admin, { fullName: 'Ravi Menon', phone: '+971 55 999 8877' });
  const company = await activeCompany(testApp);
  for (const person of [layla, ravi]) {
    await company.agent.get(`/api/candidates/${person.profile.id}`).expect(200);
    await company.agent.post(`/api/candidates/${person.profile.id}/contact`).send({ channel: 'whatsapp' }).expect(204);
  }
  await company.agent.put(`/api/shortlist/${ravi.profile.id}`).send({ note: 'Strong in guest relations' }).expect(200);
  return { admin, layla, ravi, company };
}

async function download(url: string) {
  return request(testApp.app).get(url).buffer(true).parse(binary);
}

describe('a copy of my data', () => {
  it('holds exactly the person’s rows and files, and none of anyone else’s', async () => {
    const { layla, ravi, company } = await twoPeopleAndACompany();
    // She blocked the company and reported it; Ravi reported it too.
    await layla.agent.put(`/api/job-seeker/blocks/${company.companyId}`).expect(204);
    await layla.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'fake_job', details: 'The hotel job did not exist.' }).expect(201);
    await ravi.agent.post('/api/reports').send({ companyId: company.companyId, reason: 'other', details: 'Strong in guest relations, they said.' }).expect(201);
    const asked = await layla.agent.post('/api/account/exports').send({}).expect(202);
    expect(asked.body).toMatchObject({ scope: 'person', state: 'preparing', downloadUrl: null });
    // Asked again while it is being made: the same copy.
    expect((await layla.agent.post('/api/account/exports').send({ scope: 'person' }).expect(202)).body.id).toBe(asked.body.id);

    expect(await workers.makeExports()).toBe(1);
    const [copy] = (await layla.agent.get('/api/account/exports').expect(200)).body.items as DataExportView[];
    expect(copy).toMatchObject({ id: asked.body.id, state: 'ready' });
    expect(Date.parse(copy!.expiresAt!) - clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);

    // The link alone downloads it: no session needed (it came by e-mail).
    const res = await download(copy!.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wazifa-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.body.length).toBe(copy!.size);

    const entries = await unzip(res.body as Buffer);
    const cvId = layla.profile.cvUrl.split('/').pop();
    const videoId = layla.profile.videoUrl.split('/').pop();
    expect([...entries.keys()].sort()).toEqual(['data.json', `files/cv-${cvId}.pdf`, `files/video-${videoId}.mp4`]);
    expect(entries.get(`files/cv-${cvId}.pdf`)).toEqual(PDF);
    expect(entries.get(`files/video-${videoId}.mp4`)).toEqual(mp4());

    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    const sections = data.sections;
    expect(sections.account).toHaveLength(1);
    expect(sections.account[0]).toMatchObject({ id: layla.id, email: layla.email });
    expect(sections.account[0]).not.toHaveProperty('passwordHash');
    expect(sections.profile).toHaveLength(1);
    expect(sections.profile[0]).toMatchObject({ id: layla.profile.id, fullName: 'Layla Haddad', phone: '+971501112233' });
    expect(sections.profile[0]).not.toHaveProperty('searchVector');
    expect(sections.uploads.map((u: { key: string }) => u.key).sort()).toEqual([`cv/${cvId}`, `video/${videoId}`].sort());
    expect(sections.companyEvents.map((e: { type: string }) => e.type).sort()).toEqual(['contact', 'view']);
    expect(sections.companyEvents[0].company).toBe(`Company of ${company.email}`);
    expect(sections.signedInDevices).toHaveLength(1);
    // Every e-mail sent to her (the confirmation and the approval), and only hers, without their links.
    expect(sections.emailsSentToYou.map((e: { template: string }) => e.template).sort()).toEqual(['profile_approved', 'verify_email']);
    expect(sections.emailsSentToYou.every((e: { toAddress: string; secrets?: unknown }) => e.toAddress === layla.email && e.secrets === undefined)).toBe(true);
    expect(sections.decisionsAboutYou.map((e: { action: string }) => e.action)).toEqual(['profile.approve']);
    expect(sections.agreementsToTheDocuments).toMatchObject([{ via: 'profile' }]);
    expect(sections.blockedCompanies).toMatchObject([{ company: `Company of ${company.email}` }]);
    expect(sections.reportsYouMade).toMatchObject([{ reason: 'fake_job', details: 'The hotel job did not exist.', answer: null }]);

    // Nothing of anyone else: not the other job seeker, not the company's people (the company is named; the fixture
    // names it after its owner's address), not the reviewer.
    const everything = [...entries.entries()].map(([name, body]) => `${name}\n${body.toString('latin1')}`).join('\n');
    for (const other of [ravi.email, ravi.id, ravi.profile.id, 'Ravi Menon', '971559998877', company.id, company.companyId, 'Strong in guest relations']) {
      expect(everything, other).not.toContain(other);
    }
    expect(data.sections.decisionsAboutYou[0]).not.toHaveProperty('actorId');
  });

  it('is announced by e-mail in the person’s language, with a link kept out of the message', async () => {
    const person = await jobSeekerWithProfile(testApp, { fullName: 'Sunita Rai' });
    await person.agent.put('/api/auth/locale').send({ locale: 'ne' }).expect(200);
    await person.agent.post('/api/account/exports').send({}).expect(202);
    await workers.makeExports();
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'data_export_ready'));
    const mine = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email))).find((m) => m.template === 'data_export_ready')!;
    expect(mail).toBeDefined();
    expect(mine.textBody).toContain('{{secret:link}}');
    expect(mine.htmlBody).toContain('lang="ne"');
    expect(mine.secrets!.link).toMatch(/\/data-export\?id=[0-9a-f-]{36}&expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    expect(mine.secretsExpireAt).not.toBeNull();
    // The page the link opens reads the copy through the same signed query.
    const page = new URL(mine.secrets!.link!);
    const id = page.searchParams.get('id')!;
    const offered = await request(testApp.app).get(`/api/exports/${id}?${page.searchParams.toString()}`).expect(200);
    expect(offered.body).toMatchObject({ scope: 'person' });
    expect((await download(offered.body.downloadUrl)).status).toBe(200);
  });

  it('has a link that expires after 24 hours, and a link that was tampered with opens nothing', async () => {
    const person = await jobSeekerWithProfile(testApp, { fullName: 'Joy Santos' });
    await person.agent.post('/api/account/exports').send({}).expect(202);
    await workers.makeExports();
    const [copy] = (await person.agent.get('/api/account/exports').expect(200)).body.items as DataExportView[];
    const url = new URL(copy!.downloadUrl!, 'http://x');
    const tampered = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + HOUR}&signature=${url.searchParams.get('signature')}`;
    expect((await download(tampered)).body.toString()).toContain('export.link_invalid');
    // Its signature's first character changed to another (one signature in 64 already began with A).
    const otherFirst = (_match: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`;
    expect((await download(copy!.downloadUrl!.replace(/signature=(.)/, otherFirst))).status).toBe(404);
    expect((await download(copy!.downloadUrl!)).status).toBe(200);

    offset += 24 * HOUR + 1000;
    try {
      const late = await download(copy!.downloadUrl!);
      expect(late.status).toBe(410);
      expect(late.body.toString()).toContain('export.link_expired');
      // The file goes; the copy says it expired, and a new one can be asked for.
      const [row] = await db().select().from(dataExports).where(eq(dataExports.id, copy!.id));
      expect(await workers.removeExpiredExports()).toBeGreaterThanOrEqual(1);
      expect(await testApp.storage.stat(row!.objectKey!)).toBeUndefined();
      expect(((await person.agent.get('/api/account/exports').expect(200)).body.items as DataExportView[])[0]).toMatchObject({ state: 'expired', downloadUrl: null });
      const again = await person.agent.post('/api/account/exports').send({}).expect(202);
      expect(again.body.id).not.toBe(copy!.id);
    } finally {
      offset = 0;
    }
  });

  it('a company’s owner gets the company’s data; colleagues and job seekers cannot ask for it', async () => {
    const { ravi, company } = await twoPeopleAndACompany();
    await company.agent.post('/api/saved-searches').send({ name: 'Hotel staff', query: 'industries=Hospitality' }).expect(201);
    await company.agent.post('/api/account/exports').send({ scope: 'company' }).expect(202);
    await workers.makeExports();
    const items = (await company.agent.get('/api/account/exports').expect(200)).body.items as DataExportView[];
    const copy = items.find((item) => item.scope === 'company')!;
    const entries = await unzip((await download(copy.downloadUrl!)).body as Buffer);
    expect([...entries.keys()]).toEqual(['data.json']);
    const { sections } = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(sections.company[0]).toMatchObject({ id: company.companyId });
    expect(sections.team).toEqual([expect.objectContaining({ id: company.id, role: 'owner' })]);
    expect(sections.shortlistAndNotes).toEqual([expect.objectContaining({ profileId: ravi.profile.id, note: 'Strong in guest relations' })]);
    expect(sections.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Hotel staff']);
    expect(sections.profilesViewedAndContacted.length).toBeGreaterThanOrEqual(2);
    expect(sections).toHaveProperty('invoices');
    // Job seekers appear by their profile only.
    expect(entries.get('data.json')!.toString()).not.toContain('Ravi Menon');

    expect((await ravi.agent.post('/api/account/exports').send({ scope: 'company' })).body.code).toBe('auth.wrong_account_type');
    const colleague = await signedInAgent(testApp, { role: 'company' });
    await db().insert(companyMembers).values({ companyId: company.companyId, userId: colleague.id, role: 'admin' });
    expect((await colleague.agent.post('/api/account/exports').send({ scope: 'company' })).body.code).toBe('team.owner_only');
    // A colleague's own data is theirs to copy.
    await colleague.agent.post('/api/account/exports').send({ scope: 'person' }).expect(202);
    expect((await request(testApp.app).post('/api/account/exports').send({})).status).toBe(401);
  });
});
