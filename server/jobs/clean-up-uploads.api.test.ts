// Uploads that nothing uses within 24 hours are deleted with their rows; anything in use, or younger, stays.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { startTestServer } from '../test/app.ts';
import {
  approveProfile,
  decideOnProfile,
  jobSeekerWithProfile,
  PDF,
  signedInAgent,
  TRUSTED_PROXY_ENV,
  uploadCv,
  uploadInProgress,
  uploadVideo,
  videoFormInProgress,
} from '../test/fixtures.ts';
import {
  cleanUpDeadUploadLinks,
  cleanUpUnusedUploads,
  DEAD_UPLOAD_LINK_MS,
  startUploadCleanUp,
  UNUSED_UPLOAD_TTL_MS,
} from './clean-up-uploads.ts';

let now = new Date();
const clock: Clock = { now: () => now };
let testApp: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  testApp = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV, clock });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const keyOf = (path: string) => path.slice('/objects/'.length);
const rowsFor = (keys: string[]) => db().select().from(objects).where(inArray(objects.key, keys));
const run = () => cleanUpUnusedUploads({ db: db(), clock, ...testApp.services });
const rowByUploadURL = async (uploadURL: string) =>
  (await db().select().from(objects).where(eq(objects.uploadKey, testApp.storage.keyFromUploadUrl(uploadURL)!)))[0]!;

/** Makes rows look as old as `ms` ago (their creation time comes from the database). */
const age = (keys: string[], ms: number) =>
  db().update(objects).set({ createdAt: new Date(Date.now() - ms) }).where(inArray(objects.key, keys));

async function resume(ip: string, apply: boolean) {
  const anonymous = request(testApp.app);
  const { body } = await anonymous.post('/api/career/resume-upload').set('X-Forwarded-For', ip).expect(200);
  await anonymous.put(body.uploadURL).set('X-Forwarded-For', ip).send(PDF).expect(200);
  const { body: acl } = await anonymous.put('/api/career/resume-acl').set('X-Forwarded-For', ip).send({ objectURL: body.uploadURL }).expect(200);
  if (apply) {
    await anonymous
      .post('/api/career-application')
      .set('X-Forwarded-For', ip)
      .send({ name: 'Rahul Nair', email: `rahul.${ip}@example.com`, resumeUrl: acl.objectPath })
      .expect(201);
  }
  return acl.objectPath as string;
}

describe('clean-up of unused uploads', () => {
  it('deletes what no profile or application uses after 24 hours, and keeps everything else', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const spare = await signedInAgent(testApp, { role: 'job_seeker' });
    const unusedCv = await uploadCv(spare.agent);
    const unusedVideo = (await uploadVideo(spare.agent)).body.videoUrl as string;
    const { body: neverSent } = await spare.agent.post('/api/objects/upload').expect(200);
    const neverSentKey = (await rowByUploadURL(neverSent.uploadURL)).key;
    // Sent through its link but never finished: the file is still where the link wrote it.
    const { body: unfinished } = await spare.agent.post('/api/objects/upload').expect(200);
    await spare.agent.put(unfinished.uploadURL).send(PDF).expect(200);
    const unfinishedUploadKey = testApp.storage.keyFromUploadUrl(unfinished.uploadURL)!;
    const unfinishedKey = (await rowByUploadURL(unfinished.uploadURL)).key;
    const freshCv = await uploadCv(spare.agent);
    const usedResume = await resume('10.9.0.1', true);
    const unusedResume = await resume('10.9.0.2', false);

    const used = [keyOf(seeker.profile.cvUrl), keyOf(seeker.profile.videoUrl), keyOf(usedResume)];
    const unused = [keyOf(unusedCv), keyOf(unusedVideo), neverSentKey, unfinishedKey, keyOf(unusedResume)];
    await age([...used, ...unused], UNUSED_UPLOAD_TTL_MS + 60_000);
    await age([keyOf(freshCv)], UNUSED_UPLOAD_TTL_MS - 60 * 60_000);
    for (const key of [keyOf(unusedCv), keyOf(unusedVideo), keyOf(unusedResume), unfinishedUploadKey]) expect(await testApp.storage.stat(key)).toBeDefined();

    expect(await run()).toBeGreaterThanOrEqual(unused.length);

    expect(await rowsFor(unused)).toEqual([]);
    for (const key of [...unused, unfinishedUploadKey]) expect(await testApp.storage.stat(key)).toBeUndefined();
    expect((await rowsFor([...used, keyOf(freshCv)])).map((r) => r.key).sort()).toEqual([...used, keyOf(freshCv)].sort());
    for (const key of [...used, keyOf(freshCv)]) expect(await testApp.storage.stat(key)).toBeDefined();
    expect((await seeker.agent.get(seeker.profile.videoUrl)).status).toBe(200);

    // Nothing left to do: a second run removes nothing.
    expect(await run()).toBe(0);
  });

  it('removes the CV a profile no longer uses once it is replaced', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const newCv = await uploadCv(seeker.agent);
    await seeker.agent.patch('/api/job-seeker/profile').send({ cvUrl: newCv }).expect(200);
    await age([keyOf(seeker.profile.cvUrl), keyOf(newCv)], UNUSED_UPLOAD_TTL_MS + 60_000);
    await run();
    expect(await rowsFor([keyOf(seeker.profile.cvUrl)])).toEqual([]);
    expect(await rowsFor([keyOf(newCv)])).toHaveLength(1);
    const [row] = await db().select().from(objects).where(eq(objects.key, keyOf(newCv)));
    expect(row!.status).toBe('ready');
  });

  it('keeps the CV and video a reviewer last decided on until the next decision', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const seeker = await jobSeekerWithProfile(testApp);
    expect((await approveProfile(admin, seeker.profile.id)).status).toBe(200);
    const reviewedCv = seeker.profile.cvUrl;
    const reviewedVideo = seeker.profile.videoUrl;
    const newCv = await uploadCv(seeker.agent);
    const newVideo = (await uploadVideo(seeker.agent)).body.videoUrl as string;
    await seeker.agent.patch('/api/job-seeker/profile').send({ cvUrl: newCv, videoUrl: newVideo }).expect(200);
    const reviewed = [keyOf(reviewedCv), keyOf(reviewedVideo)];
    await age([...reviewed, keyOf(newCv), keyOf(newVideo)], UNUSED_UPLOAD_TTL_MS + 60_000);

    // Replaced, but what the reviewer saw: the review opens them beside the new ones.
    await run();
    expect(await rowsFor(reviewed)).toHaveLength(2);
    expect((await admin.agent.get(reviewedCv)).status).toBe(200);

    // Decided on the new ones: the old ones are nobody's any more.
    expect((await decideOnProfile(admin, seeker.profile.id, 'approve')).status).toBe(200);
    await run();
    expect(await rowsFor(reviewed)).toEqual([]);
    expect(await rowsFor([keyOf(newCv), keyOf(newVideo)])).toHaveLength(2);
  });

  it('counts time by the clock it is given', async () => {
    const spare = await signedInAgent(testApp, { role: 'job_seeker' });
    const cv = await uploadCv(spare.agent);
    now = new Date(Date.now() - 2 * UNUSED_UPLOAD_TTL_MS);
    try {
      await age([keyOf(cv)], UNUSED_UPLOAD_TTL_MS + 60_000);
      // A day before the upload's apparent age crosses the limit by this clock, it stays.
      await run();
      expect(await rowsFor([keyOf(cv)])).toHaveLength(1);
    } finally {
      now = new Date();
    }
  });

  it('deletes what an upload link wrote after its upload was finished, once the link is dead', async () => {
    const spare = await signedInAgent(testApp, { role: 'job_seeker' });
    const { body: finished } = await spare.agent.post('/api/objects/upload').expect(200);
    await spare.agent.put(finished.uploadURL).send(PDF).expect(200);
    const { body: acl } = await spare.agent.put('/api/objects/acl').send({ objectURL: finished.uploadURL }).expect(200);
    const { body: waiting } = await spare.agent.post('/api/objects/upload').expect(200);
    await spare.agent.put(waiting.uploadURL).send(PDF).expect(200);
    const [finishedRow, waitingRow] = [await rowByUploadURL(finished.uploadURL), await rowByUploadURL(waiting.uploadURL)];
    // A PUT that was still streaming when its upload was finished (or a bucket's link, which cannot be refused).
    const late = Buffer.from('written through the link after the check');
    await testApp.storage.putFile(finishedRow.uploadKey!, Readable.from([late]), { size: late.length });

    await age([finishedRow.key, waitingRow.key], DEAD_UPLOAD_LINK_MS - 60_000);
    await cleanUpDeadUploadLinks({ db: db(), clock, ...testApp.services });
    expect(await testApp.storage.stat(finishedRow.uploadKey!)).toBeDefined();

    await age([finishedRow.key, waitingRow.key], DEAD_UPLOAD_LINK_MS + 60_000);
    expect(await cleanUpDeadUploadLinks({ db: db(), clock, ...testApp.services })).toBeGreaterThanOrEqual(1);
    expect(await testApp.storage.stat(finishedRow.uploadKey!)).toBeUndefined();
    expect((await rowsFor([finishedRow.key]))[0]).toMatchObject({ status: 'ready', uploadKey: null });
    expect(Buffer.compare((await spare.agent.get(acl.objectPath).buffer(true)).body as Buffer, PDF)).toBe(0);
    // An upload not yet finished keeps its file: it may still be finished, until the day is over.
    expect(await testApp.storage.stat(waitingRow.uploadKey!)).toBeDefined();
    expect((await spare.agent.put('/api/objects/acl').send({ objectURL: waiting.uploadURL })).status).toBe(200);
  });
});

/** Files a process leaves when it is killed (kill -9) while it receives an upload into each of these directories. */
async function filesOfAKilledProcess(dirs: string[]): Promise<string[]> {
  const temporaryFiles = pathToFileURL(path.resolve(import.meta.dirname, '../storage/temporary-files.ts')).href;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { mkdirSync, writeFileSync } from 'node:fs';
       import { claimTemporaryPath } from ${JSON.stringify(temporaryFiles)};
       const files = JSON.parse(process.argv[1]).map((dir) => {
         mkdirSync(dir, { recursive: true });
         const file = claimTemporaryPath(dir);
         writeFileSync(file, 'the first megabytes of an upload');
         return file;
       });
       console.log(JSON.stringify(files));
       setInterval(() => {}, 60_000);`,
      JSON.stringify(dirs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [output] = (await once(child.stdout, 'data')) as [Buffer];
  child.kill('SIGKILL');
  await once(child, 'exit');
  return JSON.parse(output.toString('utf8')) as string[];
}

describe('temporary files of uploads', () => {
  it('are removed at start-up and every hour when no live upload owns them, while live uploads keep theirs', async () => {
    const tmp = path.join(testApp.config.dataDir, 'tmp');
    const incoming = path.join(testApp.config.dataDir, 'objects', '.incoming');
    const killed = await filesOfAKilledProcess([tmp, incoming]);
    // A killed process whose pid is this one's now (a restarted container): its file is no upload of ours.
    const samePid = path.join(tmp, path.basename(killed[0]!).replace(/\.\d+\./, `.${process.pid}.`));
    await writeFile(samePid, 'the first megabytes of an upload');
    killed.push(samePid);
    for (const file of killed) expect(existsSync(file)).toBe(true);
    // Named as before, or by another machine sharing the directory: only age tells; two days untouched is left over.
    await mkdir(incoming, { recursive: true });
    const [stale, recent] = [path.join(tmp, `${randomUUID()}.upload`), path.join(incoming, randomUUID())];
    await Promise.all([writeFile(stale, 'old'), writeFile(recent, 'new')]);
    const twoDaysAgo = new Date(Date.now() - 2 * UNUSED_UPLOAD_TTL_MS);
    await utimes(stale, twoDaysAgo, twoDaysAgo);

    // Two uploads of this process, mid-body: a video and a CV to a local upload link.
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const video = videoFormInProgress(seeker.cookie);
    const videoUpload = uploadInProgress(testApp.baseUrl, { method: 'POST', path: '/api/video/upload', headers: video.headers, start: video.start });
    const { body: cv } = await seeker.agent.post('/api/objects/upload').expect(200);
    const cvUpload = uploadInProgress(testApp.baseUrl, {
      method: 'PUT',
      path: cv.uploadURL,
      headers: { 'content-type': 'application/pdf' },
      start: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]),
    });
    const known = new Set([...killed, stale, recent].map((file) => path.basename(file)));
    const liveFiles = () => [tmp, incoming].flatMap((dir) => readdirSync(dir).filter((name) => !known.has(name)).map((name) => path.join(dir, name)));
    await vi.waitFor(() => expect(liveFiles()).toHaveLength(2), { timeout: 10_000, interval: 20 });
    const live = liveFiles();

    // What the server runs at start-up, and then every hour; stop() waits for the run at start-up.
    const job = startUploadCleanUp({
      db: db(),
      clock,
      ...testApp.services,
      logger: pino({ level: 'silent' }),
      temporaryDirs: [tmp, incoming],
    });
    await job.stop();

    for (const file of [...killed, stale]) expect(existsSync(file), file).toBe(false);
    for (const file of [...live, recent]) expect(existsSync(file), file).toBe(true);
    // The live uploads go on to the end.
    const videoDone = await videoUpload.finish(video.end);
    expect(videoDone.status, videoDone.body).toBe(200);
    expect((await cvUpload.finish(Buffer.from('\n%%EOF\n'))).status).toBe(200);
    expect((await seeker.agent.put('/api/objects/acl').send({ objectURL: cv.uploadURL })).status).toBe(200);
    for (const file of live) expect(existsSync(file), file).toBe(false);
  });
});

