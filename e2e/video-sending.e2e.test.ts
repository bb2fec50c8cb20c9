// The introduction video on its way, as it goes on a phone: the connection cut in the middle (the page says so in
// the reader's language, the bar stays at what the server has and never moves back, the upload goes on when the
// connection is back, and the profile saved meanwhile enters the review queue only once the video has arrived), and
// the page reloaded in the middle (the recording kept in the browser goes on from the server's offset, and what
// arrives is the recording, byte for byte).
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, objects } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { mp4, signedInAgent } from '../server/test/fixtures.ts';
import { FAKE_CAMERA_ARGS, launchBrowser, openPage, recordPageHidden, signInWithCookie } from './support/browser.ts';
import { onePagePdf } from './support/media.ts';
import { Phone } from './support/phone.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let work: string;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(FAKE_CAMERA_ARGS), startTestServer()]);
  work = await mkdtemp(path.join(os.tmpdir(), 'wazifa-video-sending-'));
  await writeFile(path.join(work, 'cv.pdf'), onePagePdf('CV'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function signInAs(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

/** Notes the upload bar's value every 50 ms in the page (the page stays one document across its own navigations). */
async function watchTheBar(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { barSeen: number[] }).barSeen = seen;
    setInterval(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Video upload progress"]');
      if (bar) seen.push(bar.value);
    }, 50);
  });
}
const barSeen = (page: Page) => page.evaluate(() => (window as unknown as { barSeen: number[] }).barSeen);

/** The video this browser keeps for the account (IndexedDB), with its upload's address, or null. */
function keptInBrowser(page: Page, userId: string): Promise<{ uploadUrl?: string; base64: string } | null> {
  return page.evaluate(async (userId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('wazifa');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const video = await new Promise<{ blob: Blob; uploadUrl?: string } | undefined>((resolve, reject) => {
        if (!db.objectStoreNames.contains('videos-to-send')) return resolve(undefined);
        const get = db.transaction('videos-to-send').objectStore('videos-to-send').get(userId);
        get.onsuccess = () => resolve(get.result as { blob: Blob; uploadUrl?: string } | undefined);
        get.onerror = () => reject(get.error);
      });
      if (!video) return null;
      const bytes = new Uint8Array(await video.blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { uploadUrl: video.uploadUrl, base64: btoa(binary) };
    } finally {
      db.close();
    }
  }, userId);
}

/** The part of the upload the server has written, read from its store (asking by HEAD would take the upload's lock). */
function bytesOnServer(uploadId: string): number {
  const file = path.join(server.config.videoUploadDir, uploadId);
  return existsSync(file) ? statSync(file).size : 0;
}

describe('the video on its way', () => {
  it('says the connection is gone, keeps the bar where the server is, and goes on when it is back', { timeout: 120_000 }, async () => {
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = mp4(3 * 1024 * 1024 + 4321);
    const videoPath = path.join(work, 'introduction.mp4');
    await writeFile(videoPath, video);

    const { page, context, problems } = await openPage(browser, { width: 375, height: 812 });
    await signInAs(context, seeker.cookie);
    const phone = await Phone.of(page, { downloadBitsPerSecond: 4_000_000, uploadBitsPerSecond: 2_000_000, latencyMs: 40 });
    const pageHidden = await recordPageHidden(page);
    await page.goto(`${server.baseUrl}/create-profile`);
    await watchTheBar(page);

    // The video first; the rest is filled in and the profile saved while it is sent.
    await page.getByLabel('Introduction Video').setInputFiles(videoPath);
    const bar = page.getByRole('progressbar', { name: 'Video upload progress' });
    await bar.waitFor();
    await page.getByLabel('Full Name').fill('Joseph Mathew');
    await page.getByLabel('Phone Number').fill('050 123 4567');
    await page.getByLabel('Location').selectOption('Dubai, UAE');
    await page.getByRole('checkbox', { name: 'Cleaning Services' }).check();
    await page.getByRole('checkbox', { name: 'Malayalam' }).check();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload CV' }).click();
    await (await chooser).setFiles(path.join(work, 'cv.pdf'));
    await page.getByRole('button', { name: 'Uploaded' }).waitFor();
    // The form never hid itself while the person filled it in (the sending video's and the CV's parts and texts).
    expect(await pageHidden()).toEqual([]);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL('**/pending');
    await page.getByRole('heading', { name: 'Your video is still being sent' }).waitFor();
    // /profile says where it stands too.
    await page.getByRole('link', { name: 'View your profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Your video is still being sent' }).waitFor();
    await page.getByText('Your profile goes to our team for review as soon as the video has arrived.').waitFor();
    // Neither the waiting page nor the profile hid itself once shown.
    expect(await pageHidden()).toEqual([]);

    // Cut once the server has confirmed a first piece.
    await expect.poll(() => bar.evaluate((el: HTMLProgressElement) => el.value), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(1024 * 1024);
    await phone.offline();
    await page.getByText('No connection. We continue when you are back online.').waitFor();
    const [waiting] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id));
    expect(waiting!.videoUploadId).toMatch(/^[0-9a-f]{32}$/);
    expect(waiting!.videoUrl).toBeNull();
    const queue = async () => ((await admin.agent.get('/api/admin/profiles').query({ status: 'pending', limit: 100 }).expect(200)).body.items as { id: string }[]).map((item) => item.id);
    expect(await queue()).not.toContain(waiting!.id);
    const atTheCut = await bar.evaluate((el: HTMLProgressElement) => el.value);
    expect(atTheCut).toBeLessThan(video.length);
    // A while without a connection: the bar stays where the server is.
    await page.waitForTimeout(3000);
    expect(await bar.evaluate((el: HTMLProgressElement) => el.value)).toBe(atTheCut);

    await phone.online();
    await page.getByText('Your video has arrived.').waitFor({ timeout: 60_000 });
    expect(await page.getByText('No connection. We continue when you are back online.').count()).toBe(0);
    const seen = await barSeen(page);
    expect(seen.length).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i++) expect(seen[i], `bar sample ${i} of ${seen.length}`).toBeGreaterThanOrEqual(seen[i - 1]!);

    // In the review queue now, with its video, which is the file sent.
    await expect.poll(async () => (await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id)))[0]!.videoUrl).toMatch(/^\/objects\/video\//);
    expect(await queue()).toContain(waiting!.id);
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id));
    const stored = await page.request.get(`${server.baseUrl}${profile!.videoUrl}`);
    expect(Buffer.compare(await stored.body(), video)).toBe(0);
    // Only the piece cut by the lost connection failed.
    expect(problems.filter((problem) => !problem.includes('/api/video/tus/'))).toEqual([]);
    await context.close();
  });

  it('goes on from the server\'s offset after a reload, with the recording kept in the browser, byte for byte', { timeout: 120_000 }, async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { page, context, problems } = await openPage(browser, { width: 375, height: 812 });
    await context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    await signInAs(context, seeker.cookie);
    await page.goto(`${server.baseUrl}/create-profile`);
    const record = page.getByRole('button', { name: 'Record a video' });
    await record.waitFor();
    // A slow upload, so the reload comes in the middle of it. Slowed once the page is shown: only the upload needs
    // it, a navigation under DevTools throttling has been seen to wait past 30 s for its load event on a busy machine,
    // and slowed as soon as the load event came, with the page's own requests still on their way, the page once
    // showed no recording button within 30 s.
    await Phone.of(page, { uploadBitsPerSecond: 300_000, latencyMs: 40 });
    await record.click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    const timer = page.getByRole('timer');
    await timer.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number((await timer.textContent())?.match(/0:(\d\d)/)?.[1] ?? 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    await page.getByRole('button', { name: 'Stop' }).click();

    const requests: { method: string; url: string; offset?: string }[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/video/tus')) requests.push({ method: req.method(), url: req.url(), offset: req.headers()['upload-offset'] });
    });
    const heads: string[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'HEAD' && res.url().includes('/api/video/tus/')) heads.push(res.headers()['upload-offset'] ?? '');
    });
    await page.getByRole('button', { name: 'Use this video' }).click();
    await page.getByRole('progressbar', { name: 'Video upload progress' }).waitFor();

    // The recording as the browser keeps it, once its upload has an address.
    await expect.poll(async () => (await keptInBrowser(page, seeker.id))?.uploadUrl, { timeout: 15_000 }).toMatch(/\/api\/video\/tus\/[0-9a-f]{32}$/);
    const keptVideo = (await keptInBrowser(page, seeker.id)) as { uploadUrl: string; base64: string };
    const recording = Buffer.from(keptVideo.base64, 'base64');
    const uploadUrl = new URL(keptVideo.uploadUrl, server.baseUrl).href;
    const uploadId = uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1);
    expect(recording.length).toBeGreaterThan(100_000);

    // Reloaded once the server has part of it, but not all.
    await expect.poll(() => bytesOnServer(uploadId), { timeout: 30_000, interval: 50 }).toBeGreaterThan(32 * 1024);
    expect(bytesOnServer(uploadId)).toBeLessThan(recording.length);
    requests.length = 0;
    heads.length = 0;
    // What follows waits for the page itself, not for the load event (see above).
    await page.reload({ waitUntil: 'domcontentloaded' });

    // It goes on by itself: the server's offset first, then the rest from there; no new upload.
    await page.getByText('Uploaded: introduction.mp4').waitFor({ timeout: 60_000 });
    expect(requests.filter((req) => req.method === 'POST')).toEqual([]);
    expect(requests[0]).toMatchObject({ method: 'HEAD', url: uploadUrl });
    const offset = Number(heads[0]);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(recording.length);
    expect(requests.find((req) => req.method === 'PATCH')).toMatchObject({ url: uploadUrl, offset: String(offset) });

    // What arrived is the recording, whole; the browser keeps no copy any longer.
    const [video] = await db().select().from(objects).where(eq(objects.ownerId, seeker.id));
    const stored = await page.request.get(`${server.baseUrl}/objects/${video!.key}`);
    expect(Buffer.compare(await stored.body(), recording)).toBe(0);
    expect(await keptInBrowser(page, seeker.id)).toBeNull();
    // The piece cut by the reload is the only failed request.
    expect(problems.filter((problem) => !problem.includes('/api/video/tus/'))).toEqual([]);
    await context.close();
  });
});
