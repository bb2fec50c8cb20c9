// Videos made playable on every phone: what a phone or a browser records (AVI, MOV, a portrait WebM) comes out as an
// H.264/AAC MP4 of at most 720p with its index first, a JPEG poster and the duration, at the same link; a file ffmpeg
// cannot read is refused with a message for its owner and leaves nothing behind; companies see the poster on cards.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { objects, users, videoJobs } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany, jobSeekerWithProfile, signedInAgent, uploadVideo } from '../test/fixtures.ts';
import { processNextVideo, type VideoProcessingContext } from './process-videos.ts';

const run = promisify(execFile);
let testApp: TestApp;
let work: string;
let ctx: VideoProcessingContext;
const db = () => testApp.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;

/** A short test pattern with a tone, written by the same ffmpeg in the given container and codecs. */
async function sample(name: string, size: string, codecs: string[], seconds = 2): Promise<Buffer> {
  const file = path.join(work, name);
  await run(testApp.config.ffmpeg.ffmpegPath, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', String(seconds), ...codecs, file,
  ]);
  return fs.readFile(file);
}

interface Probe {
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  format: { format_name: string; duration: string };
}
async function probe(body: Buffer): Promise<Probe> {
  const file = path.join(work, `probe-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, body);
  const { stdout } = await run(testApp.config.ffmpeg.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]);
  return JSON.parse(stdout) as Probe;
}

/** The MP4's top-level boxes in order: with faststart, 'moov' (the index) comes before 'mdat' (the media). */
function topLevelBoxes(body: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= body.length; ) {
    const size = body.readUInt32BE(at);
    boxes.push(body.subarray(at + 4, at + 8).toString('latin1'));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'wazifa-videos-'));
});
afterAll(() => fs.rm(work, { recursive: true, force: true }));
// Each test has an app and a queue of its own: what one leaves queued is no other's business.
beforeEach(async () => {
  testApp = await createTestApp();
  ctx = {
    db: db(),
    storage: testApp.storage,
    clock: { now: () => new Date() },
    ffmpeg: testApp.config.ffmpeg,
    temporaryDir: testApp.config.temporaryDir,
    logger: pino({ level: 'silent' }),
  };
});
afterEach(() => testApp.close());

const download = async (agent: Awaited<ReturnType<typeof signedInAgent>>['agent'], url: string) =>
  (await agent.get(url).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  })) as unknown as { status: number; body: Buffer; headers: Record<string, string> };

describe('making videos playable', () => {
  it.each([
    ['an AVI (MPEG-4 part 2 and MP3)', 'intro.avi', '640x480', ['-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi'], [640, 480]],
    ['a MOV', 'intro.mov', '1280x720', ['-c:v', 'mpeg4', '-c:a', 'aac', '-f', 'mov'], [1280, 720]],
    ['a portrait WebM a browser recorded, larger than 720p', 'intro.webm', '1080x1920', ['-c:v', 'libvpx', '-b:v', '1M', '-c:a', 'libvorbis', '-f', 'webm'], [720, 1280]],
  ] as const)('turns %s into an H.264/AAC MP4 with its index first, a poster and the duration', async (_name, file, size, codecs, [width, height]) => {
    const source = await sample(file, size, [...codecs]);
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const upload = await uploadVideo(seeker.agent, source, file);
    expect(upload.status).toBe(200);
    const { videoUrl } = upload.body as { videoUrl: string };
    const key = videoUrl.slice('/objects/'.length);

    const ended: string[] = [];
    expect(await processNextVideo({ ...ctx, onFinished: (result) => ended.push(result) })).toBe(true);
    expect(ended).toEqual(['done']);

    const [row] = await db().select().from(objects).where(eq(objects.key, key));
    expect(row).toMatchObject({ contentType: 'video/mp4', status: 'ready', posterKey: `poster/${key.split('/')[1]}` });
    expect(row!.durationMs).toBeGreaterThan(1800);
    expect(row!.durationMs).toBeLessThan(2300);
    const [job] = await db().select().from(videoJobs).where(eq(videoJobs.objectKey, key));
    expect(job).toMatchObject({ state: 'done', attempts: 1, errorCode: null });

    // The owner plays the MP4 at the same link; it is H.264 and AAC, 720p at most, index first.
    const played = await download(seeker.agent, videoUrl);
    expect(played.status).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(row!.size).toBe(played.body.length);
    const found = await probe(played.body);
    expect(found.format.format_name).toContain('mp4');
    const video = found.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', width, height });
    expect(found.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const boxes = topLevelBoxes(played.body);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    // The poster: a JPEG, cached by the browser, for whoever may see the video.
    const poster = await download(seeker.agent, `/objects/${row!.posterKey}`);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toBe('private, max-age=86400');
    expect([...poster.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const stranger = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await stranger.agent.get(`/objects/${row!.posterKey}`)).status).toBe(404);
    // Nothing of the work is left in the temporary directory.
    expect(existsSync(testApp.config.temporaryDir) ? readdirSync(testApp.config.temporaryDir) : []).toEqual([]);
  });

  it('refuses a file ffmpeg cannot read, tells its owner, and leaves no file behind', async () => {
    // An MP4's header and nothing a player can use (what a cut-off upload looks like).
    const seeker = await jobSeekerWithProfile(testApp);
    const key = seeker.profile.videoUrl.slice('/objects/'.length);
    expect((await seeker.agent.get('/api/job-seeker/profile/video').expect(200)).body.video).toMatchObject({ status: 'processing' });

    const ended: string[] = [];
    expect(await processNextVideo({ ...ctx, onFinished: (result) => ended.push(result) })).toBe(true);
    expect(ended).toEqual(['unreadable']);

    const [job] = await db().select().from(videoJobs).where(eq(videoJobs.objectKey, key));
    expect(job).toMatchObject({ state: 'failed', errorCode: 'video.unreadable' });
    expect((await db().select().from(objects).where(eq(objects.key, key)))[0]!.status).toBe('refused');
    expect(await testApp.storage.stat(key)).toBeUndefined();
    expect(await testApp.storage.stat(`poster/${key.split('/')[1]}`)).toBeUndefined();
    expect((await seeker.agent.get('/api/job-seeker/profile/video').expect(200)).body.video).toEqual({
      status: 'failed',
      posterUrl: null,
      durationMs: null,
      errorCode: 'video.unreadable',
    });
    // Not tried again: nothing is due.
    expect(await processNextVideo(ctx)).toBe(false);
  });

  it('lists the videos for the admin console, by state, with why one failed', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const seeker = await jobSeekerWithProfile(testApp);
    const good = await uploadVideo(seeker.agent, await sample('ok.mov', '320x240', ['-c:v', 'mpeg4', '-c:a', 'aac', '-f', 'mov']), 'ok.mov');
    while (await processNextVideo(ctx)) {
      /* both: the profile's unreadable one and the good one */
    }
    const failed = (await admin.agent.get('/api/admin/videos').query({ state: 'failed' }).expect(200)).body;
    expect(failed).toMatchObject({ total: 1, items: [{ videoUrl: seeker.profile.videoUrl, ownerEmail: seeker.email, state: 'failed', attempts: 1, errorCode: 'video.unreadable', posterUrl: null }] });
    expect(failed.items[0].errorDetail).toBeTruthy();
    const done = (await admin.agent.get('/api/admin/videos').query({ state: 'done' }).expect(200)).body;
    expect(done).toMatchObject({ total: 1, items: [{ videoUrl: good.body.videoUrl, state: 'done', posterUrl: `/objects/poster/${(good.body.videoUrl as string).split('/').at(-1)}` }] });
    expect(done.items[0].durationMs).toBeGreaterThan(1800);
    // Pages of one, newest first: the good one was uploaded last.
    const first = (await admin.agent.get('/api/admin/videos').query({ limit: 1 }).expect(200)).body;
    expect(first.items.map((i: { videoUrl: string }) => i.videoUrl)).toEqual([good.body.videoUrl]);
    const second = (await admin.agent.get('/api/admin/videos').query({ limit: 1, cursor: first.nextCursor }).expect(200)).body;
    expect(second.items.map((i: { videoUrl: string }) => i.videoUrl)).toEqual([seeker.profile.videoUrl]);
    expect((await admin.agent.get('/api/admin/videos').query({ state: 'lost' })).status).toBe(400);
    expect((await seeker.agent.get('/api/admin/videos')).status).toBe(403);
  });

  it('refuses a text file named .mp4 at the upload, before anything is stored or queued', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const upload = await uploadVideo(seeker.agent, Buffer.from('not a video at all\n'.repeat(100)), 'intro.mp4');
    expect(upload.status).toBe(400);
    expect(upload.body.code).toBe('video.wrong_type');
    expect(await db().select().from(objects).where(eq(objects.ownerId, seeker.id))).toEqual([]);
  });

  it('tries again later after a failure of the machine, three times at most', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const upload = await uploadVideo(seeker.agent, await sample('again.mov', '320x240', ['-c:v', 'mpeg4', '-c:a', 'aac', '-f', 'mov']), 'again.mov');
    const key = (upload.body.videoUrl as string).slice('/objects/'.length);
    let now = new Date();
    const ended: string[] = [];
    const broken: VideoProcessingContext = {
      ...ctx,
      clock: { now: () => now },
      ffmpeg: { ...ctx.ffmpeg, ffmpegPath: path.join(work, 'no-ffmpeg-here') },
      onFinished: (result) => ended.push(result),
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await processNextVideo(broken)).toBe(true);
      const [job] = await db().select().from(videoJobs).where(eq(videoJobs.objectKey, key));
      expect(job).toMatchObject({ state: attempt < 3 ? 'queued' : 'failed', attempts: attempt, errorCode: 'video.processing_failed' });
      // Not due again at once.
      expect(await processNextVideo(broken)).toBe(false);
      now = new Date(now.getTime() + DAY);
    }
    expect(ended).toEqual(['retried', 'retried', 'failed']);
    // The original is kept: a person can look at it, and the owner is asked to upload again.
    expect(await testApp.storage.stat(key)).toBeDefined();
    expect(await processNextVideo({ ...ctx, clock: { now: () => now } })).toBe(false);
  });

  it('shows companies the poster on the search card and on the candidate page', async () => {
    const source = await sample('card.mp4', '640x360', ['-c:v', 'libx264', '-c:a', 'aac', '-f', 'mp4']);
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const { body: cv } = await seeker.agent.post('/api/objects/upload').expect(200);
    await seeker.agent.put(cv.uploadURL).set('Content-Type', 'application/pdf').send(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')])).expect(200);
    const { body: acl } = await seeker.agent.put('/api/objects/acl').send({ objectURL: cv.uploadURL }).expect(200);
    const { body: video } = await uploadVideo(seeker.agent, source, 'card.mp4');
    const { body: profile } = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ fullName: 'Poster Person', phone: '+971 50 111 2222', location: 'Dubai, UAE', industries: ['Retail'], languages: ['English'], cvUrl: acl.objectPath, videoUrl: video.videoUrl })
      .expect(201);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));

    const company = await activeCompany(testApp, { companyName: 'Poster Test LLC' });
    // Before processing: the video plays as uploaded, no poster yet.
    const before = (await company.agent.get('/api/candidates').query({ q: 'poster' }).expect(200)).body.items;
    expect(before).toMatchObject([{ id: profile.id, hasVideo: true, videoUrl: video.videoUrl, posterUrl: null }]);

    expect(await processNextVideo(ctx)).toBe(true);
    const posterUrl = `/objects/poster/${(video.videoUrl as string).split('/').at(-1)}`;
    const after = (await company.agent.get('/api/candidates').query({ q: 'poster' }).expect(200)).body.items;
    expect(after).toMatchObject([{ id: profile.id, videoUrl: video.videoUrl, posterUrl }]);
    expect((await company.agent.get(`/api/candidates/${profile.id}`).expect(200)).body).toMatchObject({ videoUrl: video.videoUrl, posterUrl });
    const poster = await company.agent.get(posterUrl);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // Processing does not end the owner's access either: the profile page reads the video as ready.
    expect((await seeker.agent.get('/api/job-seeker/profile/video').expect(200)).body.video).toMatchObject({ status: 'ready', posterUrl });
  });
});
