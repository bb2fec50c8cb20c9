// The review API (admin only): the queue, approve and reject, each with its e-mail and exactly one audit row.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, emailOutbox, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { decideOnProfile, jobSeekerWithProfile, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
/** The administrators' audit rows about a profile (the job seeker's own edits are recorded too, for its history). */
const auditRows = (subjectId: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.subjectId, subjectId), inArray(auditLog.action, ['profile.approve', 'profile.reject'])));
const mailTo = (to: string, template: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));

describe('who may use the review API', () => {
  it('answers 401 to anonymous callers and 403 to job seekers and companies', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const company = await signedInAgent(testApp, { role: 'company' });
    const calls = (agent: request.Agent | request.SuperTest<request.Test>) => [
      agent.get('/api/admin/profiles?status=pending'),
      agent.get(`/api/admin/profiles/${seeker.profile.id}`),
      agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: 1 }),
      agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ reason: 'No', version: 1 }),
    ];
    for (const res of await Promise.all(calls(request(testApp.app)))) expect(res.status).toBe(401);
    for (const agent of [seeker.agent, company.agent]) {
      for (const res of await Promise.all(calls(agent))) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Only administrators can do this');
      }
    }
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe('pending');
  });
});

describe('the review queue', () => {
  it('lists pending profiles oldest first, with counts and pages', async () => {
    const first = await jobSeekerWithProfile(testApp, { fullName: 'Queue First' });
    const second = await jobSeekerWithProfile(testApp, { fullName: 'Queue Second' });
    const all = await admin.agent.get('/api/admin/profiles?status=pending&limit=100');
    expect(all.status).toBe(200);
    const ids = all.body.items.map((p: { id: string }) => p.id);
    expect(ids.indexOf(first.profile.id)).toBeLessThan(ids.indexOf(second.profile.id));
    expect(all.body.total).toBe(ids.length);
    expect(all.body.items.find((p: { id: string }) => p.id === first.profile.id)).toMatchObject({
      fullName: 'Queue First',
      email: first.email,
      reviewStatus: 'pending',
      cvUrl: first.profile.cvUrl,
      videoUrl: first.profile.videoUrl,
      lastReviewedValues: null,
    });

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await admin.agent.get('/api/admin/profiles').query({ status: 'pending', limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      paged.push(...page.body.items.map((p: { id: string }) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids);
  });

  it('lets the reviewer open the CV and the video of a pending profile', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    expect((await admin.agent.get(seeker.profile.cvUrl)).status).toBe(200);
    expect((await admin.agent.get(seeker.profile.videoUrl)).status).toBe(200);
  });

  it.each([
    ['status=waiting', 'status must be pending, approved, rejected or suspended'],
    ['limit=0', 'limit must be between 1 and 100'],
    ['limit=1000', 'limit must be between 1 and 100'],
    ['limit=abc', 'limit must be a number'],
    ['cursor=not-a-cursor', 'The page cursor is not valid'],
  ])('refuses ?%s with a message', async (query, message) => {
    const res = await admin.agent.get(`/api/admin/profiles?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for an unknown or malformed profile id', async () => {
    expect((await admin.agent.get('/api/admin/profiles/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.agent.post('/api/admin/profiles/../../auth/user/approve')).status).toBe(404);
    expect((await admin.agent.post('/api/admin/profiles/not-an-id/approve')).body.message).toBe('Profile not found');
  });
});

describe('approve and reject', () => {
  it('approves: the account becomes active, the job seeker is e-mailed, one audit row; twice changes nothing', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const res = await decideOnProfile(admin, seeker.profile.id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: seeker.profile.id, reviewStatus: 'approved', reviewNote: null, version: 2 });
    expect(res.body.lastReviewedValues).toMatchObject({ fullName: 'Amina Yusuf', cvUrl: seeker.profile.cvUrl });

    expect((await seeker.agent.get('/api/job-seeker/profile')).body.reviewStatus).toBe('approved');
    const mails = await mailTo(seeker.email, 'profile_approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('/profile');
    const audit = await auditRows(seeker.profile.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'profile.approve', actorId: admin.id, subjectType: 'job_seeker_profile' });

    const again = await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: res.body.version });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This profile is already approved');
    expect(await auditRows(seeker.profile.id)).toHaveLength(1);
    expect(await mailTo(seeker.email, 'profile_approved')).toHaveLength(1);
  });

  it('rejects only with a reason, which the job seeker reads; an edit returns the profile to the queue', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    for (const body of [{ version: 1 }, { reason: '', version: 1 }, { reason: '   ', version: 1 }, { reason: 42, version: 1 }, { reason: 'Blurry' }, { reason: 'Blurry', version: '1' }]) {
      const res = await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send(body);
      expect(res.status).toBe(400);
    }
    expect((await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ reason: 'Blurry' })).body.message).toBe('version must be a number');
    expect((await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({})).body.message).toBe(
      'Please give the reason for the rejection',
    );
    expect((await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ reason: 'x'.repeat(1001) })).body.message).toBe(
      'Please keep the reason under 1000 characters',
    );
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);

    const reason = 'The video has no sound. Please record it again.';
    const res = await decideOnProfile(admin, seeker.profile.id, 'reject', { reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reviewStatus: 'rejected', reviewNote: reason });
    const own = await seeker.agent.get('/api/job-seeker/profile');
    expect(own.body).toMatchObject({ reviewStatus: 'rejected', reviewNote: reason });
    const [mail] = await mailTo(seeker.email, 'profile_rejected');
    expect(mail!.textBody).toContain(reason);
    const audit = await auditRows(seeker.profile.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'profile.reject', details: expect.objectContaining({ reason }) });

    const twice = await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ reason, version: res.body.version });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This profile is already rejected');
    expect(await auditRows(seeker.profile.id)).toHaveLength(1);

    await seeker.agent.patch('/api/job-seeker/profile').send({ bio: 'Recorded a new video with sound.' }).expect(200);
    const queue = await admin.agent.get('/api/admin/profiles?status=pending&limit=100');
    const item = queue.body.items.find((p: { id: string }) => p.id === seeker.profile.id);
    expect(item).toMatchObject({ reviewStatus: 'pending', bio: 'Recorded a new video with sound.' });
    // What changed since the review can be seen against the values the reviewer saw.
    expect(item.lastReviewedValues.bio).toBe('Front desk and guest relations, five years in Dubai hotels.');
  });

  it('does not review the profile of a suspended account', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, seeker.id));
    const res = await decideOnProfile(admin, seeker.profile.id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('admin.review_account_suspended');
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);
  });
});
