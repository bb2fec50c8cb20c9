// Decisions that cannot contradict each other: each names the version of the profile it was made on, two reviewers
// on one version get one success and one e-mail, a stale page is refused; a reviewer's claim on an open profile;
// a profile's history; a checked fact changed on an approved profile waits in the "facts changed" lane.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { REVIEW_CLAIM } from '#shared/constants.ts';
import { auditLog, emailOutbox, jobSeekerProfiles, users } from '#shared/schema.ts';
import type { ProfileHistoryEntry, ReviewItem } from '#shared/admin.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { approveProfile, jobSeekerWithProfile, signedInAgent, TRUSTED_PROXY_ENV, uploadCv } from '../test/fixtures.ts';

/** The app's clock, moved forward by the claim test. */
let ahead = 0;
const clock: Clock = { now: () => new Date(Date.now() + ahead) };

let testApp: TestApp;
let layla: Awaited<ReturnType<typeof signedInAgent>>;
let omar: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, clock });
  [layla, omar] = await Promise.all([signedInAgent(testApp, { admin: true }), signedInAgent(testApp, { admin: true })]);
  await db().update(users).set({ firstName: 'Layla', lastName: 'Haddad' }).where(eq(users.id, layla.id));
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const decisionMails = (to: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), inArray(emailOutbox.template, ['profile_approved', 'profile_rejected'])));
const reviewed = async (admin: typeof layla, id: string) => (await admin.agent.get(`/api/admin/profiles/${id}`).expect(200)).body as ReviewItem;
const queue = async (admin: typeof layla, query: string) =>
  ((await admin.agent.get(`/api/admin/profiles?${query}&limit=100`).expect(200)).body.items as ReviewItem[]).map((p) => p.id);

describe('decisions on a version', () => {
  it('two reviewers deciding on one version at once: one succeeds, the other is refused, one e-mail goes', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const { version } = await reviewed(layla, seeker.profile.id);
    const [approved, rejected] = await Promise.all([
      layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version }),
      omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ version, reasons: ['video_person_or_voice'] }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const refused = approved.status === 409 ? approved : rejected;
    expect(refused.body).toEqual({ code: 'admin.profile_changed', message: 'This profile changed since you opened it. The page has been reloaded.' });

    expect(await decisionMails(seeker.email)).toHaveLength(1);
    const decisions = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, seeker.profile.id), inArray(auditLog.action, ['profile.approve', 'profile.reject'])));
    expect(decisions).toHaveLength(1);
    const [account] = await db().select({ status: users.status }).from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe(approved.status === 200 ? 'active' : 'rejected');
    expect((await reviewed(omar, seeker.profile.id)).version).toBe(version + 1);
  });

  it('refuses the decision of a page opened before the job seeker edited the profile; the page read again decides', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const opened = await reviewed(layla, seeker.profile.id);
    await seeker.agent.patch('/api/job-seeker/profile').send({ bio: 'Night shift supervisor, six years in Doha hotels.' }).expect(200);

    const stale = await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: opened.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('admin.profile_changed');
    const staleReject = await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ version: opened.version, reasons: ['video_person_or_voice'] });
    expect(staleReject.status).toBe(409);
    expect(await decisionMails(seeker.email)).toHaveLength(0);
    expect((await seeker.agent.get('/api/job-seeker/profile').expect(200)).body.reviewStatus).toBe('pending');

    const now = await reviewed(layla, seeker.profile.id);
    expect(now.version).toBeGreaterThan(opened.version);
    expect(now.bio).toBe('Night shift supervisor, six years in Doha hotels.');
    await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: now.version }).expect(200);
    expect(await decisionMails(seeker.email)).toHaveLength(1);
  });

  it('a verified mark moves the version on too; a visibility change does not', async () => {
    const seeker = await jobSeekerWithProfile(testApp, { visaStatus: 'transferable' });
    const before = await reviewed(layla, seeker.profile.id);
    await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/facts/visaStatus`).send({ verified: true, value: 'transferable' }).expect(200);
    const marked = await reviewed(layla, seeker.profile.id);
    expect(marked.version).toBe(before.version + 1);
    await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'hidden' }).expect(200);
    expect((await reviewed(layla, seeker.profile.id)).version).toBe(marked.version);
    expect((await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: before.version })).status).toBe(409);
  });
});

describe('claims', () => {
  it('shows the colleague who has the profile open, and the queue skips it until the claim lapses or a decision ends it', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const claimed = await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/claim`).expect(200);
    expect(claimed.body).toMatchObject({ by: { id: layla.id, name: 'Layla Haddad' }, mine: true });

    // Omar opens it too: the page names Layla, and his claim does not take it from her.
    expect((await reviewed(omar, seeker.profile.id)).claim).toMatchObject({ by: { id: layla.id, name: 'Layla Haddad' }, mine: false });
    expect((await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/claim`).expect(200)).body).toMatchObject({ by: { name: 'Layla Haddad' }, mine: false });
    expect(await queue(omar, 'status=pending')).not.toContain(seeker.profile.id);
    expect(await queue(layla, 'status=pending')).toContain(seeker.profile.id);

    // Layla's page renews her claim; once it lapses, the profile is back in Omar's queue and his to claim.
    ahead += REVIEW_CLAIM.durationMs - 1000;
    await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/claim`).expect(200);
    ahead += REVIEW_CLAIM.durationMs - 1000;
    expect(await queue(omar, 'status=pending')).not.toContain(seeker.profile.id);
    ahead += 2000;
    expect(await queue(omar, 'status=pending')).toContain(seeker.profile.id);
    expect((await reviewed(omar, seeker.profile.id)).claim).toBeNull();
    expect((await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/claim`).expect(200)).body).toMatchObject({ by: { id: omar.id }, mine: true });
    expect(await queue(layla, 'status=pending')).not.toContain(seeker.profile.id);

    // His decision releases it.
    const { version } = await reviewed(omar, seeker.profile.id);
    await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ version, reasons: ['cv_unreadable'], note: 'The scan is too dark.' }).expect(200);
    expect((await reviewed(layla, seeker.profile.id)).claim).toBeNull();
  });
});

describe('facts changed on an approved profile, and the history', () => {
  it('records a visa status change in the audit log and puts the profile in the lane until a reviewer looked', async () => {
    const seeker = await jobSeekerWithProfile(testApp, { visaStatus: 'transferable' });
    await approveProfile(layla, seeker.profile.id);
    expect(await queue(omar, 'lane=facts_changed')).not.toContain(seeker.profile.id);

    await seeker.agent.patch('/api/job-seeker/profile').send({ visaStatus: 'employment' }).expect(200);
    const [edit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, seeker.profile.id), eq(auditLog.action, 'profile.edit')));
    expect(edit).toMatchObject({ actorId: seeker.id, details: { fields: ['visaStatus'], facts: { visaStatus: { from: 'transferable', to: 'employment' } } } });
    // Still approved and shown to companies, with the fact as declared.
    const [row] = await db().select({ listed: jobSeekerProfiles.listed, visaStatus: jobSeekerProfiles.visaStatus }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, seeker.profile.id));
    expect(row).toEqual({ listed: true, visaStatus: 'employment' });

    expect(await queue(omar, 'lane=facts_changed')).toContain(seeker.profile.id);
    const opened = await reviewed(omar, seeker.profile.id);
    expect(opened).toMatchObject({ reviewStatus: 'approved', factsChangedAt: expect.any(String) });

    // Looked at on a page from before another change: refused; on the page read again, it leaves the lane.
    await seeker.agent.patch('/api/job-seeker/profile').send({ currentCountry: 'QA' }).expect(200);
    expect((await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/facts-looked-at`).send({ version: opened.version })).status).toBe(409);
    const { version } = await reviewed(omar, seeker.profile.id);
    const looked = await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/facts-looked-at`).send({ version }).expect(200);
    expect(looked.body.factsChangedAt).toBeNull();
    expect(await queue(omar, 'lane=facts_changed')).not.toContain(seeker.profile.id);

    // A change of a fact nobody checks against a document does not enter the lane.
    await seeker.agent.patch('/api/job-seeker/profile').send({ availableFrom: 'immediately' }).expect(200);
    expect(await queue(omar, 'lane=facts_changed')).not.toContain(seeker.profile.id);
  });

  it('lists submissions, edits with their fields, decisions with their reasons and marks, newest first; a replaced CV opens while it is kept', async () => {
    const seeker = await jobSeekerWithProfile(testApp, { visaStatus: 'transferable' });
    const firstCv = seeker.profile.cvUrl;
    await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/facts/visaStatus`).send({ verified: true, value: 'transferable' }).expect(200);
    const { version } = await reviewed(layla, seeker.profile.id);
    await layla.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ version, reasons: ['cv_unreadable'], note: 'The scan is too dark.' }).expect(200);
    const newCv = await uploadCv(seeker.agent);
    await seeker.agent.patch('/api/job-seeker/profile').send({ cvUrl: newCv, yearsOfExperience: 6 }).expect(200);

    const history = (await omar.agent.get(`/api/admin/profiles/${seeker.profile.id}/history`).expect(200)).body as ProfileHistoryEntry[];
    expect(history.map((e) => e.action)).toEqual(['profile.edit', 'profile.reject', 'profile.fact_verified', 'profile.create']);
    const [edit, reject, mark, create] = history;
    expect(edit).toMatchObject({ byOwner: true, details: { fields: ['yearsOfExperience', 'cvUrl'], resubmitted: true }, replaced: { cvUrl: firstCv } });
    expect(reject).toMatchObject({ byOwner: false, actor: { id: layla.id, name: 'Layla Haddad' }, details: { reasons: ['cv_unreadable'], note: 'The scan is too dark.' } });
    expect(mark).toMatchObject({ details: { fact: 'visaStatus', value: 'transferable' } });
    expect(create).toMatchObject({ byOwner: true, actor: { id: seeker.id } });
    expect((await omar.agent.get(edit!.replaced.cvUrl!)).status).toBe(200);

    await omar.agent.get('/api/admin/profiles/00000000-0000-4000-8000-000000000000/history').expect(404);
    await seeker.agent.get(`/api/admin/profiles/${seeker.profile.id}/history`).expect(403);
  });
});
