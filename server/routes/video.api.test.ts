// POST /api/video/upload: streamed to a temporary file, 100 MB at most, checked by content,
// temporary file always removed; the video then plays for its owner with HTTP Range.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import { LIMITS } from '#shared/constants.ts';
import { startTestServer } from '../test/app.ts';
import { mp4, signedInAgent, TRUSTED_PROXY_ENV, uploadVideo } from '../test/fixtures.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let tmpDir: string;

beforeAll(async () => {
  server = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV });
  tmpDir = path.join(server.config.dataDir, 'tmp');
});
afterAll(() => server.close());

const temporaryFiles = () => (existsSync(tmpDir) ? readdirSync(tmpDir) : []);
const videoRows = (ownerId: string) =>
  server.testDatabase.database.db.select().from(objects).where(eq(objects.ownerId, ownerId));

/** Sends a multipart video upload with a chunked body (no Content-Length), so only the streaming limit applies. */
function streamVideo(
  cookie: string,
  options: { totalBytes: number; head?: Buffer; abortAfterBytes?: number },
): { response: Promise<{ status: number; body: string }>; abort: () => void; sent: () => number } {
  const boundary = 'wazifa-test-boundary';
  const url = new URL('/api/video/upload', server.baseUrl);
  const req = http.request(url, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  let sent = 0;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nTest\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const chunk = Buffer.alloc(1024 * 1024, 0x22);
  const write = async () => {
    req.write(preamble);
    if (options.head) {
      req.write(options.head);
      sent += options.head.length;
    }
    while (sent < options.totalBytes && !req.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, options.totalBytes - sent));
      sent += piece.length;
      if (!req.write(piece)) await new Promise((resolve) => req.once('drain', resolve));
    }
    if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
  };
  write().catch(() => {});
  return { response, abort: () => req.destroy(), sent: () => sent };
}

describe('video upload', () => {
  it('takes an MP4, stores it for its owner and plays it back with Range requests', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(64 * 1024);
    const res = await uploadVideo(seeker.agent, video);
    expect(res.status).toBe(200);
    expect(res.body.videoUrl).toMatch(/^\/objects\/video\/[0-9a-f-]{36}$/);
    expect(temporaryFiles()).toEqual([]);

    const whole = await seeker.agent.get(res.body.videoUrl).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);

    const part = await seeker.agent.get(res.body.videoUrl).set('Range', 'bytes=100-199').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.compare(part.body as Buffer, video.subarray(100, 200))).toBe(0);

    const beyond = await seeker.agent.get(res.body.videoUrl).set('Range', `bytes=${video.length + 10}-`);
    expect(beyond.status).toBe(416);

    const stranger = await signedInAgent(server, { role: 'company' });
    expect((await stranger.agent.get(res.body.videoUrl)).status).toBe(404);
  });

  it('recognises MOV and AVI by their bytes', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const mov = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypqt  '), Buffer.alloc(4000, 1)]);
    const avi = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 16, 0, 0]), Buffer.from('AVI LIST'), Buffer.alloc(4000, 1)]);
    expect((await uploadVideo(seeker.agent, mov, 'clip.mov')).status).toBe(200);
    expect((await uploadVideo(seeker.agent, avi, 'clip.avi')).status).toBe(200);
    const rows = await videoRows(seeker.id);
    expect(rows.map((r) => r.contentType).sort()).toEqual(['video/quicktime', 'video/x-msvideo']);
  });

  it('refuses a text file named .mp4, keeping nothing', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const res = await uploadVideo(seeker.agent, Buffer.from('this is not a video at all, just words'), 'notes.mp4');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload an MP4, MOV, or AVI file');
    expect(temporaryFiles()).toEqual([]);
    expect(await videoRows(seeker.id)).toHaveLength(0);
  });

  it('refuses a 101 MB video while it streams, keeping nothing', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const upload = streamVideo(seeker.cookie, { totalBytes: 101 * 1024 * 1024, head: mp4(64) });
    const res = await upload.response;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Video must be less than 100MB');
    expect(upload.sent()).toBeGreaterThan(LIMITS.videoMaxBytes);
    expect(temporaryFiles()).toEqual([]);
    expect(await videoRows(seeker.id)).toHaveLength(0);
  });

  it('refuses at once a request that declares more than 100 MB', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const res = await seeker.agent
      .post('/api/video/upload')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(LIMITS.videoMaxBytes + 1024 * 1024))
      .send('--x--');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Video must be less than 100MB');
  });

  it('removes the temporary file when the client goes away mid-upload', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const upload = streamVideo(seeker.cookie, { totalBytes: 80 * 1024 * 1024, head: mp4(64) });
    upload.response.catch(() => {});
    // Once the server is writing the file, hang up.
    await vi.waitFor(() => expect(temporaryFiles()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    upload.abort();
    await vi.waitFor(() => expect(temporaryFiles()).toEqual([]), { timeout: 10_000, interval: 20 });
    expect(await videoRows(seeker.id)).toHaveLength(0);
  });

  it('asks for a video and for a multipart form', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const none = await seeker.agent.post('/api/video/upload').field('title', 'No file');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a video to upload');
    const json = await seeker.agent.post('/api/video/upload').send({ video: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Please send the video as a multipart form');
  });

  it('is only for signed-in job seekers', async () => {
    const company = await signedInAgent(server, { role: 'company' });
    expect((await uploadVideo(company.agent)).status).toBe(403);
    expect((await uploadVideo(request.agent(server.app))).status).toBe(401);
    expect(temporaryFiles()).toEqual([]);
  });
});
