// Resumable video uploads kept in an S3 bucket (s3rver on loopback, a real S3 server; see s3rver-multipart.ts for
// the three calls added in front of it): an upload begun through one app instance goes on through another, also
// after a cut connection, arrives byte for byte, and leaves nothing in the bucket.
import http from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoUploadLocks } from '#shared/schema.ts';
import { createApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { startUploadCleanUp } from '../jobs/clean-up-uploads.ts';
import { createS3Storage, s3ClientConfig } from '../storage/s3.ts';
import { startTestServer } from '../test/app.ts';
import { mp4, signedInAgent } from '../test/fixtures.ts';
import { freePort } from '../test/free-port.ts';
import { addMultipartListing } from '../test/s3rver-multipart.ts';
import { createS3VideoUploadStore } from './s3-video-upload-store.ts';

const BUCKET = 'wazifa-files';
const MiB = 1024 * 1024;
const s3Options = (endpoint: string) => ({
  driver: 's3' as const,
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let a: Awaited<ReturnType<typeof startTestServer>>;
let b: { server: http.Server; baseUrl: string };
let bucket: S3Client;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-s3rver-tus-'));
  const port = await freePort();
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  addMultipartListing(s3);
  await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  const storage = createS3Storage({ ...s3Options(endpoint), accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', clock: systemClock });
  // Each instance's temporary files in a directory of its own, to see that finishing leaves none.
  await Promise.all([mkdir(path.join(s3Dir, 'tmp-a')), mkdir(path.join(s3Dir, 'tmp-b'))]);
  a = await startTestServer({ serveClient: false, storage, videoUploads: createS3VideoUploadStore(s3Options(endpoint), path.join(s3Dir, 'tmp-a')) });
  // A second instance on the same database and bucket, with a store of its own (nothing shared in memory).
  const appB = createApp({
    config: a.config,
    database: a.testDatabase.database,
    logger: pino({ level: 'silent' }),
    ...a.services,
    videoUploads: createS3VideoUploadStore(s3Options(endpoint), path.join(s3Dir, 'tmp-b')),
  });
  const server = http.createServer(appB);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  b = { server, baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
  bucket = new S3Client(s3ClientConfig({ region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }));
});

afterAll(async () => {
  b?.server.closeAllConnections();
  await new Promise((resolve) => b?.server.close(resolve));
  await a?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const TUS = { 'Tus-Resumable': '1.0.0' };
const keysInBucket = async () => ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!);
/** The multipart uploads s3rver holds, as it keeps them: a directory each. */
const uploadsDir = () => path.join(s3Dir, BUCKET, '._S3rver_uploads');
/** The multipart uploads in progress for the tus upload `id` (s3rver keeps each one's key in a file). */
async function uploadsInProgress(id: string): Promise<string[]> {
  const ids = await readdir(uploadsDir()).catch(() => [] as string[]);
  const keys = await Promise.all(ids.map((uploadId) => readFile(path.join(uploadsDir(), uploadId, 'key'), 'utf8').catch(() => '')));
  return ids.filter((_, i) => keys[i] === id);
}
const idOf = (location: string) => location.slice(location.lastIndexOf('/') + 1);

async function create(base: string, cookie: string, length: number) {
  const res = await fetch(new URL('/api/video/tus', base), {
    method: 'POST',
    headers: { ...TUS, cookie, 'Upload-Length': String(length), 'Upload-Metadata': `filename ${Buffer.from('intro.mp4').toString('base64')}` },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}
const head = (base: string, location: string, cookie: string) => fetch(new URL(location, base), { method: 'HEAD', headers: { ...TUS, cookie } });
const patch = (base: string, location: string, cookie: string, offset: number, body: Buffer) =>
  fetch(new URL(location, base), {
    method: 'PATCH',
    headers: { ...TUS, cookie, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });

describe('resumable video uploads in the bucket', () => {
  it('go on through another instance, also after a cut connection, and arrive whole with nothing left behind', async () => {
    const seeker = await signedInAgent(a, { role: 'job_seeker' });
    const video = mp4(11 * MiB + 321);
    const location = await create(a.baseUrl, seeker.cookie, video.length);
    expect(location).toMatch(/^\/api\/video\/tus\/[0-9a-f]{32}$/);

    // The first 5 MiB piece through a.
    expect((await patch(a.baseUrl, location, seeker.cookie, 0, video.subarray(0, 5 * MiB))).status).toBe(204);

    // The next one through b, cut after 2 MiB, as a phone losing its signal.
    const req = http.request(new URL(location, b.baseUrl), {
      method: 'PATCH',
      headers: { ...TUS, cookie: seeker.cookie, 'Upload-Offset': String(5 * MiB), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(5 * MiB) },
    });
    req.on('error', () => {});
    // Cut once the 2 MiB have left for the app (closing the connection sends what was written, then its end).
    await new Promise<void>((resolve) => req.write(video.subarray(5 * MiB, 7 * MiB), () => resolve()));
    // b has taken the upload's lock (it is writing the piece) before the connection is cut: on a busy machine the
    // HEAD below could otherwise reach a first and answer the offset from before b's bytes.
    const id = location.split('/').at(-1)!;
    await expect.poll(async () => (await a.testDatabase.database.db.select().from(videoUploadLocks).where(eq(videoUploadLocks.uploadId, id))).length).toBe(1);
    req.destroy();

    // a knows where to go on from at once: its HEAD waits for b's request to let go of the upload (b stops it when
    // asked), so the offset it answers is where the bytes b kept end.
    const status = await head(a.baseUrl, location, seeker.cookie);
    expect(status.status).toBe(200);
    const offset = Number(status.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(5 * MiB);
    expect(offset).toBeLessThanOrEqual(7 * MiB);

    // The rest through a.
    const finished = await patch(a.baseUrl, location, seeker.cookie, offset, video.subarray(offset));
    expect(finished.status).toBe(200);
    const { videoUrl } = (await finished.json()) as { videoUrl: string };
    const played = await fetch(new URL(videoUrl, b.baseUrl), { headers: { cookie: seeker.cookie } });
    expect(played.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await played.arrayBuffer()), video)).toBe(0);

    // The video is the only object left; the upload is gone on both instances, and either says it is complete.
    expect(await keysInBucket()).toEqual([videoUrl.replace('/objects/', '')]);
    expect(await uploadsInProgress(idOf(location))).toEqual([]);
    for (const instance of [a, b]) {
      const asked = await head(instance.baseUrl, location, seeker.cookie);
      expect(asked.status).toBe(200);
      expect(asked.headers.get('upload-offset')).toBe(asked.headers.get('upload-length'));
      expect(asked.headers.get('video-url')).toBe(videoUrl);
    }
    expect(await readdir(path.join(s3Dir, 'tmp-a'))).toEqual([]);
  });

  it("keeps each upload to its owner, and a text file is refused when complete, leaving nothing", async () => {
    const owner = await signedInAgent(a, { role: 'job_seeker' });
    const other = await signedInAgent(a, { role: 'job_seeker' });
    const notes = Buffer.from('this is not a video at all, just words');
    const location = await create(a.baseUrl, owner.cookie, notes.length);
    expect((await head(b.baseUrl, location, other.cookie)).status).toBe(404);
    expect((await patch(b.baseUrl, location, other.cookie, 0, notes)).status).toBe(404);

    const before = await keysInBucket();
    const res = await patch(b.baseUrl, location, owner.cookie, 0, notes);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'video.wrong_type', message: 'Please upload an MP4, MOV, or AVI file' });
    const id = idOf(location);
    expect(before.filter((key) => key.startsWith(id))).toEqual([`${id}.info`]);
    expect((await keysInBucket()).filter((key) => key.startsWith(id))).toEqual([]);
    expect(await uploadsInProgress(id)).toEqual([]);
  });

  it('are removed by the hourly clean-up when never finished within a day', async () => {
    const seeker = await signedInAgent(a, { role: 'job_seeker' });
    const location = await create(a.baseUrl, seeker.cookie, 10 * MiB);
    expect((await patch(a.baseUrl, location, seeker.cookie, 0, mp4(5 * MiB))).status).toBe(204);
    const fresh = await create(a.baseUrl, seeker.cookie, 10 * MiB);
    // The first began 25 hours ago.
    const id = idOf(location);
    const [old] = await uploadsInProgress(id);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(path.join(uploadsDir(), old!), dayAgo, dayAgo);

    const job = startUploadCleanUp({
      db: a.testDatabase.database.db,
      storage: a.services.storage,
      videoHost: a.services.videoHost,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      temporaryDirs: [],
      videoUploads: a.services.videoUploads,
    });
    await job.stop();
    expect((await keysInBucket()).filter((key) => key.startsWith(id))).toEqual([]);
    expect(await uploadsInProgress(id)).toEqual([]);
    expect(await uploadsInProgress(idOf(fresh))).toHaveLength(1);
    expect((await head(a.baseUrl, fresh, seeker.cookie)).status).toBe(200);
  });
});
