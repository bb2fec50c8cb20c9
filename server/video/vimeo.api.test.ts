// Contract test of the Vimeo video host against a small fake of Vimeo's upload API on loopback: POST /me/videos
// (tus approach), the tus HEAD and PATCH on the upload link, GET /videos/<id>, DELETE /videos/<id>.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import bundledFfmpeg from '@ffmpeg-installer/ffmpeg';
import bundledFfprobe from '@ffprobe-installer/ffprobe';
import { vimeo_module } from '@vimeo/vimeo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { objects, users } from '#shared/schema.ts';
import { OBJECT_KEY } from '../storage/object-storage.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { freePort } from '../test/free-port.ts';
import { playableCopy } from './create-video-host.ts';
import { createVimeoVideoHost, vimeoObjectKey } from './vimeo.ts';
import { eraseAccount } from '../services/account-erasure.ts';

const TOKEN = 'vimeo-test-token';

interface FakeVideo {
  id: string;
  hash: string;
  size: number;
  received: Buffer;
}
interface Call {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let calls: Call[] = [];
const videos = new Map<string, FakeVideo>();
let nextId = 900_000_001;
let refuseCreate = false;
let server: Server;
let base: string;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/vnd.vimeo.video+json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, base);
  const body = await buffer(req);
  calls.push({ method: req.method!, path: url.pathname + url.search, headers: req.headers, body });
  if (req.headers.authorization !== `Bearer ${TOKEN}` && !url.pathname.startsWith('/tus/')) {
    return json(res, 401, { error: 'You must provide a valid authenticated access token.' });
  }

  if (req.method === 'POST' && url.pathname === '/me/videos') {
    if (refuseCreate) return json(res, 403, { error: 'Your account has run out of upload quota.' });
    const params = JSON.parse(body.toString('utf8'));
    const video = { id: String(nextId++), hash: randomBytes(5).toString('hex'), size: params.upload.size, received: Buffer.alloc(0) };
    videos.set(video.id, video);
    return json(res, 200, {
      uri: `/videos/${video.id}`,
      name: params.name,
      upload: { approach: 'tus', size: video.size, upload_link: `${base}/tus/${video.id}` },
    });
  }

  const tus = /^\/tus\/(\d+)$/.exec(url.pathname);
  const tusVideo = tus ? videos.get(tus[1]!) : undefined;
  if (tus && !tusVideo) return res.writeHead(404).end();
  if (tusVideo && req.method === 'HEAD') {
    return res
      .writeHead(200, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(tusVideo.received.length), 'Upload-Length': String(tusVideo.size) })
      .end();
  }
  if (tusVideo && req.method === 'PATCH') {
    if (req.headers['content-type'] !== 'application/offset+octet-stream' || Number(req.headers['upload-offset']) !== tusVideo.received.length) {
      return res.writeHead(409).end();
    }
    tusVideo.received = Buffer.concat([tusVideo.received, body]);
    return res.writeHead(204, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(tusVideo.received.length) }).end();
  }

  const single = /^\/videos\/(\d+)$/.exec(url.pathname);
  const video = single ? videos.get(single[1]!) : undefined;
  if (single && !video) return json(res, 404, { error: 'The requested video could not be found.' });
  if (video && req.method === 'GET') {
    return json(res, 200, {
      player_embed_url: `https://player.vimeo.com/video/${video.id}?h=${video.hash}&app_id=58479`,
      link: `https://vimeo.com/${video.id}/${video.hash}`,
    });
  }
  if (video && req.method === 'DELETE') {
    videos.delete(video.id);
    return res.writeHead(204).end();
  }
  json(res, 404, { error: `No route for ${req.method} ${url.pathname}` });
}

let testDatabase: TestDatabase;
let dir: string;
let ownerId: string;
const originalDefaults = { ...vimeo_module.request_defaults };
let host: ReturnType<typeof createVimeoVideoHost>;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The library has no endpoint option: every API call goes to request_defaults.
  Object.assign(vimeo_module.request_defaults, { protocol: 'http:', hostname: '127.0.0.1', port });

  testDatabase = await createTestDatabase();
  const [owner] = await testDatabase.database.db.insert(users).values({ email: 'seeker@example.com', role: 'job_seeker' }).returning();
  ownerId = owner!.id;
  host = createVimeoVideoHost({ db: testDatabase.database.db, accessToken: TOKEN });
  dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-vimeo-'));
});

afterAll(async () => {
  Object.assign(vimeo_module.request_defaults, originalDefaults);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await testDatabase?.drop();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  calls = [];
  refuseCreate = false;
});

/** A small file that starts like an MP4 (ftyp box), the rest random. */
async function mp4File(size: number) {
  const bytes = Buffer.concat([Buffer.from('000000186674797069736d00000000', 'hex'), randomBytes(size - 15)]);
  const filePath = path.join(dir, `${randomBytes(4).toString('hex')}.mp4`);
  await writeFile(filePath, bytes);
  return { filePath, bytes };
}

const input = (filePath: string, size: number) => ({
  filePath,
  size,
  contentType: 'video/mp4',
  title: 'Amina Yusuf',
  description: 'Introduction video for a Wazifa job seeker profile',
  ownerId,
});

describe('Vimeo video host', () => {
  it('uploads an unlisted video with tus and answers its player URL, recording the owner', async () => {
    const { filePath, bytes } = await mp4File(256 * 1024);
    const { videoUrl } = await host.upload(input(filePath, bytes.length));

    const created = calls.find((c) => c.method === 'POST')!;
    expect(created.path).toBe('/me/videos?fields=uri,name,upload');
    expect(created.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(created.body.toString('utf8'))).toEqual({
      name: 'Amina Yusuf',
      description: 'Introduction video for a Wazifa job seeker profile',
      privacy: { view: 'unlisted', embed: 'public', download: false, add: false, comments: 'nobody' },
      upload: { approach: 'tus', size: bytes.length },
    });

    const id = String(nextId - 1);
    const video = videos.get(id)!;
    expect(calls.some((c) => c.method === 'PATCH' && c.path === `/tus/${id}`)).toBe(true);
    expect(Buffer.compare(video.received, bytes)).toBe(0);
    expect(videoUrl).toBe(`https://player.vimeo.com/video/${id}?h=${video.hash}`);
    expect(host.playerOrigin).toBe('https://player.vimeo.com');

    const key = vimeoObjectKey(videoUrl)!;
    expect(key).toMatch(OBJECT_KEY);
    const row = await testDatabase.database.db.query.objects.findFirst({ where: eq(objects.key, key) });
    expect(row).toMatchObject({ kind: 'video', ownerId, status: 'ready', contentType: 'video/mp4', size: bytes.length });
  });

  it('deletes a video on Vimeo, leaving its row to the caller; one already gone is not an error', async () => {
    const { filePath, bytes } = await mp4File(4096);
    const { videoUrl } = await host.upload(input(filePath, bytes.length));
    const id = String(nextId - 1);
    calls = [];
    await host.delete(videoUrl);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /videos/${id}`]);
    expect(videos.has(id)).toBe(false);
    expect(await testDatabase.database.db.query.objects.findFirst({ where: eq(objects.key, vimeoObjectKey(videoUrl)!) })).toBeDefined();

    await host.delete(videoUrl);
    calls = [];
    await host.delete('/objects/video/00000000-0000-4000-8000-000000000000');
    expect(calls).toEqual([]);
  });

  it('erasing a deleted account deletes its video on Vimeo, and its row', async () => {
    const [leaver] = await testDatabase.database.db.insert(users).values({ email: 'leaver@example.com', role: 'job_seeker' }).returning();
    const { filePath, bytes } = await mp4File(4096);
    const { videoUrl } = await host.upload({ ...input(filePath, bytes.length), ownerId: leaver!.id });
    const id = String(nextId - 1);
    calls = [];
    const storage = { delete: async () => {} };
    await eraseAccount({ db: testDatabase.database.db, clock: { now: () => new Date() }, storage, videoHost: host }, { userId: leaver!.id });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /videos/${id}`]);
    expect(videos.has(id)).toBe(false);
    expect(await testDatabase.database.db.query.objects.findFirst({ where: eq(objects.key, vimeoObjectKey(videoUrl)!) })).toBeUndefined();
  });

  it('fails when Vimeo refuses the upload, keeping no row', async () => {
    refuseCreate = true;
    const { filePath, bytes } = await mp4File(2048);
    const before = await testDatabase.database.db.select().from(objects);
    await expect(host.upload(input(filePath, bytes.length))).rejects.toThrow(/upload quota/);
    expect(calls.filter((c) => c.path.startsWith('/tus/'))).toEqual([]);
    expect(await testDatabase.database.db.select().from(objects)).toHaveLength(before.length);
  });

  it('removes the video from Vimeo when the owner cannot be recorded', async () => {
    const { filePath, bytes } = await mp4File(2048);
    await expect(host.upload({ ...input(filePath, bytes.length), ownerId: 'no-such-user' })).rejects.toThrow();
    const id = String(nextId - 1);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/videos/${id}` });
    expect(videos.has(id)).toBe(false);
  });

  it('sends Vimeo the playable MP4 the app makes, not the file as it came, and refuses a file that is no video', async () => {
    const ffmpeg = { ffmpegPath: bundledFfmpeg.path, ffprobePath: bundledFfprobe.path };
    const playable = createVimeoVideoHost({ db: testDatabase.database.db, accessToken: TOKEN, prepare: playableCopy({ ffmpeg, temporaryDir: dir }) });
    const avi = path.join(dir, 'phone.avi');
    await promisify(execFile)(ffmpeg.ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25',
      '-f', 'lavfi', '-i', 'sine', '-t', '2', '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi', avi,
    ]);
    const source = await readFile(avi);
    const { videoUrl } = await playable.upload({ ...input(avi, source.length), contentType: 'video/x-msvideo' });
    const received = videos.get(String(nextId - 1))!.received;
    const sent = path.join(dir, 'sent.mp4');
    await writeFile(sent, received);
    const { stdout } = await promisify(execFile)(ffmpeg.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', sent]);
    const probe = JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string }>; format: { format_name: string } };
    expect(probe.format.format_name).toContain('mp4');
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    const row = await testDatabase.database.db.query.objects.findFirst({ where: eq(objects.key, vimeoObjectKey(videoUrl)!) });
    expect(row).toMatchObject({ contentType: 'video/mp4', size: received.length });

    // A file with an MP4's first bytes and nothing a player can use: refused before anything reaches Vimeo.
    calls = [];
    const { filePath, bytes } = await mp4File(4096);
    await expect(playable.upload(input(filePath, bytes.length))).rejects.toMatchObject({ code: 'video.unreadable' });
    expect(calls).toEqual([]);
  });

  it('derives object keys only from player URLs, each URL its own', () => {
    const a = vimeoObjectKey('https://player.vimeo.com/video/123?h=abc123');
    expect(a).toMatch(OBJECT_KEY);
    expect(vimeoObjectKey('https://player.vimeo.com/video/123?h=abc123')).toBe(a);
    expect(vimeoObjectKey('https://player.vimeo.com/video/123?h=abc124')).not.toBe(a);
    for (const other of [
      'https://vimeo.com/123/abc123',
      'http://player.vimeo.com/video/123?h=abc123',
      'https://player.vimeo.com/video/123?h=abc123&autoplay=1',
      'https://player.vimeo.com.evil.example/video/123?h=abc123',
      '/objects/video/00000000-0000-4000-8000-000000000000',
    ]) {
      expect(vimeoObjectKey(other), other).toBeUndefined();
    }
  });
});
