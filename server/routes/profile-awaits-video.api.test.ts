// A profile saved while its video is still on its way (a resumable upload): it is kept at once, stays out of the
// review queue and cannot be decided on, and enters the queue when the video's last byte arrives; whichever comes
// first, the profile or the video, they find each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { startTestServer } from '../test/app.ts';
import { approveProfile, decideOnProfile, mp4, PROFILE, signedInAgent, TRUSTED_PROXY_ENV, uploadCv } from '../test/fixtures.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  server = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV });
});
afterAll(() => server.close());

const TUS = { 'Tus-Resumable': '1.0.0' };

async function createUpload(cookie: string, length: number) {
  const res = await fetch(new URL('/api/video/tus', server.baseUrl), {
    method: 'POST',
    headers: { ...TUS, cookie, 'Upload-Length': String(length), 'Upload-Metadata': `filename ${Buffer.from('introduction.webm').toString('base64')}` },
  });
  expect(res.status).toBe(201);
  const url = new URL(res.headers.get('location')!, server.baseUrl).href;
  return { url, id: url.slice(url.lastIndexOf('/') + 1) };
}

const patch = (url: string, cookie: string, offset: number, body: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...TUS, cookie, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });

const head = (url: string, cookie: string) => fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });

async function pendingQueue(admin: Awaited<ReturnType<typeof signedInAgent>>): Promise<string[]> {
  const res = await admin.agent.get('/api/admin/profiles').query({ status: 'pending', limit: 100 }).expect(200);
  return (res.body.items as { id: string }[]).map((item) => item.id);
}

describe('a profile saved while its video is on its way', () => {
  it('is kept at once, waits out of the review queue, and enters it when the video arrives', async () => {
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(300 * 1024);
    const upload = await createUpload(seeker.cookie, video.length);
    expect((await patch(upload.url, seeker.cookie, 0, video.subarray(0, 100 * 1024))).status).toBe(204);

    const created = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, cvUrl: await uploadCv(seeker.agent), videoUploadId: upload.id })
      .expect(201);
    expect(created.body).toMatchObject({ videoUrl: null, videoUploadId: upload.id, reviewStatus: 'pending' });
    const profileId = created.body.id as string;

    // Not in the queue, not counted, and no decision can be taken on it.
    expect(await pendingQueue(admin)).not.toContain(profileId);
    const before = (await admin.agent.get('/api/admin/overview').expect(200)).body.pendingProfiles as number;
    const approve = await decideOnProfile(admin, profileId, 'approve');
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('admin.profile_awaiting_video');
    expect((await decideOnProfile(admin, profileId, 'reject', { reasons: ['video_person_or_voice'] })).status).toBe(409);
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe('pending');

    // The rest arrives: the profile has its video and is in the queue, as submitted now.
    const submittedBefore = new Date(created.body.submittedAt as string);
    const finished = await patch(upload.url, seeker.cookie, 100 * 1024, video.subarray(100 * 1024));
    expect(finished.status).toBe(200);
    const videoUrl = finished.headers.get('video-url');
    const own = (await seeker.agent.get('/api/job-seeker/profile').expect(200)).body;
    expect(own).toMatchObject({ videoUrl, videoUploadId: null, reviewStatus: 'pending' });
    expect(new Date(own.submittedAt as string).getTime()).toBeGreaterThanOrEqual(submittedBefore.getTime());
    expect(await pendingQueue(admin)).toContain(profileId);
    expect((await admin.agent.get('/api/admin/overview').expect(200)).body.pendingProfiles).toBe(before + 1);
    await approveProfile(admin, profileId);

    // Asked after once it is gone, the upload answers complete with its video, for its owner only.
    const asked = await head(upload.url, seeker.cookie);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe(asked.headers.get('upload-length'));
    expect(asked.headers.get('video-url')).toBe(videoUrl);
    const other = await signedInAgent(server, { role: 'job_seeker' });
    expect((await head(upload.url, other.cookie)).status).toBe(404);
    expect((await patch(upload.url, seeker.cookie, 0, video)).status).toBe(404);
  });

  it('takes the video at once when it arrived before the profile was saved', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(64 * 1024);
    const upload = await createUpload(seeker.cookie, video.length);
    const finished = await patch(upload.url, seeker.cookie, 0, video);
    expect(finished.status).toBe(200);
    const created = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, cvUrl: await uploadCv(seeker.agent), videoUploadId: upload.id })
      .expect(201);
    expect(created.body).toMatchObject({ videoUrl: finished.headers.get('video-url'), videoUploadId: null });
  });

  it("refuses another job seeker's upload, and an upload that does not exist", async () => {
    const owner = await signedInAgent(server, { role: 'job_seeker' });
    const other = await signedInAgent(server, { role: 'job_seeker' });
    const upload = await createUpload(owner.cookie, 64 * 1024);
    const cvUrl = await uploadCv(other.agent);
    for (const videoUploadId of [upload.id, 'f'.repeat(32)]) {
      const res = await other.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl, videoUploadId }).expect(400);
      expect(res.body.code).toBe('profile.video_required');
    }
    const malformed = await other.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl, videoUploadId: '../../etc' }).expect(400);
    expect(malformed.body.code).toBe('common.invalid_input');
    expect(await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, other.id))).toEqual([]);
  });

  it('keeps an approved profile and its video while a new one is on its way, then sends it back to review', async () => {
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const first = await createUpload(seeker.cookie, 64 * 1024);
    const firstUrl = (await patch(first.url, seeker.cookie, 0, mp4(64 * 1024))).headers.get('video-url');
    const { body: profile } = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, cvUrl: await uploadCv(seeker.agent), videoUploadId: first.id })
      .expect(201);
    await approveProfile(admin, profile.id);

    const second = await createUpload(seeker.cookie, 128 * 1024);
    const edited = await seeker.agent.patch('/api/job-seeker/profile').send({ videoUploadId: second.id }).expect(200);
    expect(edited.body).toMatchObject({ videoUrl: firstUrl, videoUploadId: second.id, reviewStatus: 'approved' });

    const secondUrl = (await patch(second.url, seeker.cookie, 0, mp4(128 * 1024))).headers.get('video-url');
    expect(secondUrl).not.toBe(firstUrl);
    const own = (await seeker.agent.get('/api/job-seeker/profile').expect(200)).body;
    expect(own).toMatchObject({ videoUrl: secondUrl, videoUploadId: null, reviewStatus: 'pending' });
    expect(await pendingQueue(admin)).toContain(profile.id);
  });
});
