// A browser that kept a profile being made asks which of its finished uploads it may still offer: only the asker's
// own checked files, still there, with the time the clean-up of unused uploads leaves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import { UNUSED_UPLOAD_TTL_MS } from '../services/uploads.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { PNG, signedInAgent, TRUSTED_PROXY_ENV, uploadCv, uploadVideo } from '../test/fixtures.ts';
import { cleanUpUnusedUploads } from '../jobs/clean-up-uploads.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const keyOf = (url: string) => url.slice('/objects/'.length);
/** Makes rows look as old as `ms` ago (their creation time comes from the database). */
const age = (urls: string[], ms: number) =>
  db().update(objects).set({ createdAt: new Date(Date.now() - ms) }).where(inArray(objects.key, urls.map(keyOf)));
const DAY_SECONDS = UNUSED_UPLOAD_TTL_MS / 1000;

async function seekerWithUploads() {
  const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
  const cvUrl = await uploadCv(seeker.agent);
  const videoUrl = (await uploadVideo(seeker.agent)).body.videoUrl as string;
  return { ...seeker, cvUrl, videoUrl };
}

describe('GET /api/job-seeker/draft-uploads', () => {
  it("answers the asker's own CV and video with the time they are kept unused", async () => {
    const seeker = await seekerWithUploads();
    const res = await seeker.agent.get('/api/job-seeker/draft-uploads').query({ cvUrl: seeker.cvUrl, videoUrl: seeker.videoUrl }).expect(200);
    expect(res.body).toEqual({
      cv: { url: seeker.cvUrl, secondsLeft: expect.any(Number) },
      video: { url: seeker.videoUrl, secondsLeft: expect.any(Number) },
    });
    expect(res.body.cv.secondsLeft).toBeGreaterThan(DAY_SECONDS - 60);
    expect(res.body.cv.secondsLeft).toBeLessThanOrEqual(DAY_SECONDS);

    // Uploaded 23 hours ago: an hour left.
    await age([seeker.cvUrl], UNUSED_UPLOAD_TTL_MS - 60 * 60_000);
    const later = await seeker.agent.get('/api/job-seeker/draft-uploads').query({ cvUrl: seeker.cvUrl }).expect(200);
    expect(later.body.video).toBeNull();
    expect(later.body.cv.secondsLeft).toBeGreaterThan(3500);
    expect(later.body.cv.secondsLeft).toBeLessThanOrEqual(3600);
  });

  it('answers null for uploads past their day, removed by the clean-up, or never finished', async () => {
    const seeker = await seekerWithUploads();
    await age([seeker.cvUrl, seeker.videoUrl], UNUSED_UPLOAD_TTL_MS + 60_000);
    const query = { cvUrl: seeker.cvUrl, videoUrl: seeker.videoUrl };
    // Past its day but not yet cleaned up: the next run of the clean-up would remove it under the form.
    expect((await seeker.agent.get('/api/job-seeker/draft-uploads').query(query).expect(200)).body).toEqual({ cv: null, video: null });
    await cleanUpUnusedUploads({ db: db(), clock: { now: () => new Date() }, ...testApp.services });
    expect(await db().select().from(objects).where(eq(objects.key, keyOf(seeker.cvUrl)))).toEqual([]);
    expect((await seeker.agent.get('/api/job-seeker/draft-uploads').query(query).expect(200)).body).toEqual({ cv: null, video: null });

    // A CV the app refused (a picture named .pdf) is no CV to offer.
    const { body: created } = await seeker.agent.post('/api/objects/upload').expect(200);
    await seeker.agent.put(created.uploadURL).send(PNG).expect(200);
    await seeker.agent.put('/api/objects/acl').send({ objectURL: created.uploadURL }).expect(400);
    const [refused] = await db().select().from(objects).where(and(eq(objects.ownerId, seeker.id), eq(objects.status, 'refused')));
    const res = await seeker.agent.get('/api/job-seeker/draft-uploads').query({ cvUrl: `/objects/${refused!.key}` }).expect(200);
    expect(res.body).toEqual({ cv: null, video: null });
  });

  it("answers null for another person's uploads, as for missing ones", async () => {
    const owner = await seekerWithUploads();
    const other = await signedInAgent(testApp, { role: 'job_seeker' });
    const res = await other.agent.get('/api/job-seeker/draft-uploads').query({ cvUrl: owner.cvUrl, videoUrl: owner.videoUrl }).expect(200);
    expect(res.body).toEqual({ cv: null, video: null });
    // A video's link given as the CV is not the CV.
    const swapped = await owner.agent.get('/api/job-seeker/draft-uploads').query({ cvUrl: owner.videoUrl, videoUrl: owner.cvUrl }).expect(200);
    expect(swapped.body).toEqual({ cv: null, video: null });
  });

  it('is only for job seekers, and refuses a link given twice', async () => {
    const company = await signedInAgent(testApp, { role: 'company' });
    expect((await company.agent.get('/api/job-seeker/draft-uploads').expect(403)).body.code).toBeDefined();
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await seeker.agent.get('/api/job-seeker/draft-uploads').expect(200)).body).toEqual({ cv: null, video: null });
    await seeker.agent.get('/api/job-seeker/draft-uploads?cvUrl=/objects/cv/a&cvUrl=/objects/cv/b').expect(400);
  });
});
