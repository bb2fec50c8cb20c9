// Resumable video uploads at /api/video/tus, spoken as plain tus 1.0.0 over a real connection: an upload cut halfway
// goes on from where the server stopped, the finished video plays back byte for byte, and nothing is left behind.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import { LIMITS } from '#shared/constants.ts';
import { systemClock } from '../clock.ts';
import { startUploadCleanUp } from '../jobs/clean-up-uploads.ts';
import { startTestServer } from '../test/app.ts';
import { mp4, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';
import { createFileVideoUploadStore } from '../video/video-upload-store.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;
let uploadDir: string;

beforeAll(async () => {
  server = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV });
  uploadDir = server.config.videoUploadDir;
});
afterAll(() => server.close());

const uploadFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir) : []);
const videoRows = (ownerId: string) =>
  server.testDatabase.database.db.select().from(objects).where(eq(objects.ownerId, ownerId));

const TUS = { 'Tus-Resumable': '1.0.0' };
const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** POST: creates an upload of `length` bytes; answers the response and the upload's absolute URL. */
async function createUpload(cookie: string | undefined, length: number, metadata: Record<string, string> = { filename: 'intro.mp4', filetype: 'video/mp4', title: 'Amina Yusuf' }) {
  const res = await fetch(new URL('/api/video/tus', server.baseUrl), {
    method: 'POST',
    headers: { ...TUS, ...(cookie ? { cookie } : {}), 'Upload-Length': String(length), 'Upload-Metadata': encodeMetadata(metadata) },
  });
  const location = res.headers.get('location');
  return { res, url: location ? new URL(location, server.baseUrl).href : undefined };
}

const head = (url: string, cookie: string) => fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });

const patch = (url: string, cookie: string, offset: number, body: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...TUS, cookie, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });

/** A PATCH that declares all of `rest` but sends only `sent` bytes of it, and whose connection is then cut. */
async function interruptedPatch(url: string, cookie: string, rest: Buffer, sent: number, id: string) {
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      cookie,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(rest.length),
    },
  });
  req.on('error', () => {});
  req.write(rest.subarray(0, sent));
  // Cut once the server has written what was sent, like a phone losing its signal.
  await vi.waitFor(() => expect(statSync(path.join(uploadDir, id)).size).toBe(sent), { timeout: 10_000, interval: 20 });
  req.destroy();
}

const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('resumable video upload (tus)', () => {
  it('goes on from where a cut connection stopped, and the finished video plays back byte for byte', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(3 * 1024 * 1024 + 123);
    const { res: created, url } = await createUpload(seeker.cookie, video.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    expect(created.headers.get('location')).toMatch(/^\/api\/video\/tus\/[0-9a-f]{32}$/);
    expect(created.headers.get('upload-expires')).toBeTruthy();

    const half = Math.floor(video.length / 2);
    await interruptedPatch(url!, seeker.cookie, video, half, idOf(url!));

    // The client asks where to go on from, as a tus client does after a failure.
    const status = await vi.waitFor(
      async () => {
        const res = await head(url!, seeker.cookie);
        expect(res.status).toBe(200);
        return res;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(status.headers.get('upload-length')).toBe(String(video.length));
    const offset = Number(status.headers.get('upload-offset'));
    expect(offset).toBe(half);

    const finished = await patch(url!, seeker.cookie, offset, video.subarray(offset));
    expect(finished.status).toBe(200);
    const { videoUrl } = (await finished.json()) as { videoUrl: string };
    expect(videoUrl).toMatch(/^\/objects\/video\/[0-9a-f-]{36}$/);
    expect(finished.headers.get('video-url')).toBe(videoUrl);
    expect(uploadFiles()).toEqual([]);
    // Its files are gone once finished (the video host has it now); asked after, it answers complete with its link.
    const after = await head(url!, seeker.cookie);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(after.headers.get('upload-length'));
    expect(after.headers.get('video-url')).toBe(videoUrl);

    const played = await fetch(new URL(videoUrl, server.baseUrl), { headers: { cookie: seeker.cookie } });
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.compare(Buffer.from(await played.arrayBuffer()), video)).toBe(0);
    const rows = await videoRows(seeker.id);
    expect(rows.map((r) => ({ kind: r.kind, size: r.size, contentType: r.contentType }))).toEqual([
      { kind: 'video', size: video.length, contentType: 'video/mp4' },
    ]);
  });

  it('refuses at creation a video declared over 100 MB', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { res, url } = await createUpload(seeker.cookie, LIMITS.videoMaxBytes + 1);
    expect(res.status).toBe(413);
    expect(url).toBeUndefined();
    expect(uploadFiles()).toEqual([]);
  });

  it('refuses a text file when it is complete, keeping nothing', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const notes = Buffer.from('this is not a video at all, just words');
    const { res: created, url } = await createUpload(seeker.cookie, notes.length, { filename: 'notes.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const res = await patch(url!, seeker.cookie, 0, notes);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'video.wrong_type', message: 'Please upload an MP4, MOV, or AVI file' });
    expect(uploadFiles()).toEqual([]);
    expect(await videoRows(seeker.id)).toHaveLength(0);
  });

  it("keeps each upload to its owner: another job seeker's HEAD, PATCH and DELETE answer 404", async () => {
    const owner = await signedInAgent(server, { role: 'job_seeker' });
    const other = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(64 * 1024);
    // An owner named by the client is ignored: the session says who owns the upload.
    const { url } = await createUpload(owner.cookie, video.length, { filename: 'intro.mp4', ownerId: other.id });

    expect((await head(url!, other.cookie)).status).toBe(404);
    expect((await patch(url!, other.cookie, 0, video)).status).toBe(404);
    const deleted = await fetch(url!, { method: 'DELETE', headers: { ...TUS, cookie: other.cookie } });
    expect(deleted.status).toBe(404);

    const own = await head(url!, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe('0');
    expect((await fetch(url!, { method: 'DELETE', headers: { ...TUS, cookie: owner.cookie } })).status).toBe(204);
    expect(uploadFiles()).toEqual([]);
  });

  it('checks the title and description like the multipart upload does', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { res } = await createUpload(seeker.cookie, 1000, { title: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'common.invalid_input', message: 'Please keep the title under 200 characters' });
    expect(uploadFiles()).toEqual([]);
  });

  it('is only for signed-in job seekers', async () => {
    const company = await signedInAgent(server, { role: 'company' });
    expect((await createUpload(company.cookie, 1000)).res.status).toBe(403);
    expect((await createUpload(undefined, 1000)).res.status).toBe(401);
    expect(uploadFiles()).toEqual([]);
  });

  it('refuses requests from other sites, like every change the API takes', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(4096);
    const { url } = await createUpload(seeker.cookie, video.length);
    const res = await fetch(url!, {
      method: 'PATCH',
      headers: { ...TUS, cookie: seeker.cookie, origin: 'https://elsewhere.example', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(video),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('common.cross_site');
    expect(Number((await head(url!, seeker.cookie)).headers.get('upload-offset'))).toBe(0);
    expect((await fetch(url!, { method: 'DELETE', headers: { ...TUS, cookie: seeker.cookie } })).status).toBe(204);
  });

  it('removes an upload never finished after a day, in the hourly clean-up', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(64 * 1024);
    const { url } = await createUpload(seeker.cookie, video.length);
    expect((await patch(url!, seeker.cookie, 0, video.subarray(0, 1000))).status).toBe(204);
    const info = path.join(uploadDir, `${idOf(url!)}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    upload.creation_date = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await writeFile(info, JSON.stringify(upload));
    expect((await head(url!, seeker.cookie)).status).toBe(410);

    const job = startUploadCleanUp({
      db: server.testDatabase.database.db,
      storage: server.services.storage,
      videoHost: server.services.videoHost,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      temporaryDirs: [],
      videoUploads: createFileVideoUploadStore(uploadDir),
    });
    await job.stop();
    expect(uploadFiles()).toEqual([]);
  });
});
