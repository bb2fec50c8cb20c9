// The job seeker's own profile: creation from checked uploads, editing, hiding.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { PHONE_NOT_GCC } from '#shared/profile.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { jobSeekerWithProfile, PROFILE, signedInAgent, TRUSTED_PROXY_ENV, uploadCv, uploadVideo } from '../test/fixtures.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;

async function seekerWithUploads() {
  const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
  const cvUrl = await uploadCv(seeker.agent);
  const videoUrl = (await uploadVideo(seeker.agent)).body.videoUrl as string;
  return { ...seeker, cvUrl, videoUrl };
}

describe('POST /api/job-seeker/profile', () => {
  it('creates the profile, pending review, with the phone number in E.164', async () => {
    const seeker = await seekerWithUploads();
    const res = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl: seeker.cvUrl, videoUrl: seeker.videoUrl });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fullName: 'Amina Yusuf',
      phone: '+971501234567',
      location: 'Dubai, UAE',
      industries: ['Hospitality', 'Retail'],
      languages: ['English', 'Arabic'],
      yearsOfExperience: 5,
      cvUrl: seeker.cvUrl,
      videoUrl: seeker.videoUrl,
      visibility: 'visible',
      reviewStatus: 'pending',
      reviewReasons: [],
      reviewNote: null,
    });
    expect(res.body).not.toHaveProperty('searchVector');

    const me = await seeker.agent.get('/api/auth/user');
    expect(me.body.profile).toMatchObject({ id: res.body.id, reviewStatus: 'pending' });
    expect((await seeker.agent.get('/api/job-seeker/profile')).body).toEqual(res.body);
  });

  it('refuses a second profile with 409', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const cvUrl = await uploadCv(seeker.agent);
    const videoUrl = (await uploadVideo(seeker.agent)).body.videoUrl;
    const again = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl, videoUrl });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have a profile');
    expect(await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id))).toHaveLength(1);
  });

  it.each([
    [{ fullName: 'A' }, 'Full name must be at least 2 characters'],
    [{ phone: '12345' }, 'Please enter a valid phone number'],
    [{ phone: '+91 98765 43210' }, PHONE_NOT_GCC],
    [{ location: '' }, 'Please select a location'],
    [{ location: 'London, UK' }, 'Please select a location'],
    [{ industries: [] }, 'Please select at least one industry'],
    [{ industries: ['Astronaut'] }, 'Please select industries from the list'],
    [{ languages: [] }, 'Please select at least one language'],
    [{ yearsOfExperience: 51 }, 'Years of experience must be between 0 and 50'],
    [{ yearsOfExperience: -1 }, 'Years of experience must be between 0 and 50'],
    [{ yearsOfExperience: 2.5 }, 'Please enter whole years'],
    [{ yearsOfExperience: '5' }, 'Please enter a number of years'],
    [{ bio: 'x'.repeat(2001) }, 'Please keep your introduction under 2000 characters'],
    [{ fullName: 42 }, 'Invalid input: expected string, received number'],
  ])('refuses %j with its message', async (change, message) => {
    const seeker = await seekerWithUploads();
    const res = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl: seeker.cvUrl, videoUrl: seeker.videoUrl, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id))).toHaveLength(0);
  });

  it('asks for the CV and the video (Missing CV / Missing video)', async () => {
    const seeker = await seekerWithUploads();
    const noCv = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, videoUrl: seeker.videoUrl });
    expect(noCv.status).toBe(400);
    expect(noCv.body.message).toBe('Please upload your CV');
    const noVideo = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl: seeker.cvUrl });
    expect(noVideo.status).toBe(400);
    expect(noVideo.body.message).toBe('Please upload your introduction video');
  });

  it("refuses someone else's uploads, unfinished uploads and paths that climb out", async () => {
    const owner = await seekerWithUploads();
    const other = await seekerWithUploads();
    const send = (change: object) => other.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl: other.cvUrl, videoUrl: other.videoUrl, ...change });

    expect((await send({ cvUrl: owner.cvUrl })).body.message).toBe('Please upload your CV');
    expect((await send({ videoUrl: owner.videoUrl })).body.message).toBe('Please upload your introduction video');
    expect((await send({ cvUrl: other.videoUrl })).body.message).toBe('Please upload your CV');
    expect((await send({ cvUrl: `/objects/cv/../video/${other.videoUrl.split('/').pop()}` })).body.message).toBe('Please upload your CV');
    expect((await send({ cvUrl: 'https://elsewhere.example/cv.pdf' })).body.message).toBe('Please upload your CV');
    const { body: pending } = await other.agent.post('/api/objects/upload');
    const pendingPath = `/objects/${testApp.storage.keyFromUploadUrl(pending.uploadURL)}`;
    expect((await send({ cvUrl: pendingPath })).body.message).toBe('Please upload your CV');
    expect(await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, other.id))).toHaveLength(0);
  });

  it('is only for job seekers', async () => {
    const company = await signedInAgent(testApp, { role: 'company' });
    const res = await company.agent.post('/api/job-seeker/profile').send(PROFILE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This is not available for your account type');
    expect((await company.agent.get('/api/job-seeker/profile')).status).toBe(403);
    expect((await company.agent.patch('/api/job-seeker/profile').send({ visibility: 'hidden' })).status).toBe(403);
    const anonymous = await request(testApp.app).post('/api/job-seeker/profile').send(PROFILE);
    expect(anonymous.status).toBe(401);
    expect((await request(testApp.app).get('/api/job-seeker/profile')).status).toBe(401);
  });

  it('answers 404 for the own profile before one exists', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const res = await seeker.agent.get('/api/job-seeker/profile');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Profile not found');
  });
});

describe('PATCH /api/job-seeker/profile', () => {
  const setStatus = (id: string, status: string) => db().update(users).set({ status }).where(eq(users.id, id));

  it('sends an approved profile back to review when a reviewed field changes', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await setStatus(seeker.id, 'active');
    const before = await seeker.agent.get('/api/job-seeker/profile');
    expect(before.body.reviewStatus).toBe('approved');

    const res = await seeker.agent.patch('/api/job-seeker/profile').send({ bio: 'Now also a barista.', languages: ['English'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: 'Now also a barista.', languages: ['English'], reviewStatus: 'pending' });
    expect(Date.parse(res.body.submittedAt)).toBeGreaterThan(Date.parse(before.body.submittedAt));
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe('pending');
  });

  it('keeps the review when nothing reviewed changes, and hides and shows the profile', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await setStatus(seeker.id, 'active');
    const same = await seeker.agent.patch('/api/job-seeker/profile').send({ fullName: PROFILE.fullName, phone: '+971501234567' });
    expect(same.body.reviewStatus).toBe('approved');

    const hidden = await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'hidden' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ visibility: 'hidden', reviewStatus: 'approved' });
    const shown = await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'visible' });
    expect(shown.body.visibility).toBe('visible');

    const bad = await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'secret' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Visibility must be visible or hidden');
  });

  it('lets a rejected job seeker resubmit, and takes a new CV only from their own uploads', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await setStatus(seeker.id, 'rejected');
    const stranger = await seekerWithUploads();
    const refused = await seeker.agent.patch('/api/job-seeker/profile').send({ cvUrl: stranger.cvUrl });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please upload your CV');

    const cvUrl = await uploadCv(seeker.agent);
    const res = await seeker.agent.patch('/api/job-seeker/profile').send({ cvUrl });
    expect(res.body).toMatchObject({ cvUrl, reviewStatus: 'pending' });
  });

  it('validates each field it is given', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const res = await seeker.agent.patch('/api/job-seeker/profile').send({ phone: '+1 212 555 0100' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHONE_NOT_GCC);
    const none = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await none.agent.patch('/api/job-seeker/profile').send({ bio: 'x' })).status).toBe(404);
  });
});

describe('POST /api/job-seeker/profile/still-looking', () => {
  it('records that the job seeker is still looking, without sending the profile back to review', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
    const longAgo = new Date(Date.now() - 120 * 24 * 3600 * 1000);
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: longAgo }).where(eq(jobSeekerProfiles.id, seeker.profile.id));

    const before = Date.now();
    const { body } = await seeker.agent.post('/api/job-seeker/profile/still-looking').expect(200);
    expect(new Date(body.lookingConfirmedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.reviewStatus).toBe('approved');
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe('active');
    expect((await seeker.agent.get('/api/job-seeker/profile').expect(200)).body.lookingConfirmedAt).toBe(body.lookingConfirmedAt);
  });

  it('is only for job seekers with a profile', async () => {
    const company = await signedInAgent(testApp, { role: 'company' });
    await company.agent.post('/api/job-seeker/profile/still-looking').expect(403);
    const noProfile = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await noProfile.agent.post('/api/job-seeker/profile/still-looking').expect(404)).body.code).toBe('profile.not_found');
    await request(testApp.app).post('/api/job-seeker/profile/still-looking').expect(401);
  });
});

describe('not looking now, then looking again', () => {
  it('hides the profile from companies, and showing it again counts as saying they are looking', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
    const longAgo = new Date(Date.now() - 120 * 24 * 3600 * 1000);
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: longAgo }).where(eq(jobSeekerProfiles.id, seeker.profile.id));
    const hidden = await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'hidden' }).expect(200);
    expect(hidden.body).toMatchObject({ visibility: 'hidden', lookingConfirmedAt: longAgo.toISOString(), reviewStatus: 'approved' });
    const before = Date.now();
    const shown = await seeker.agent.patch('/api/job-seeker/profile').send({ visibility: 'visible' }).expect(200);
    expect(shown.body.visibility).toBe('visible');
    expect(shown.body.reviewStatus).toBe('approved');
    expect(new Date(shown.body.lookingConfirmedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
