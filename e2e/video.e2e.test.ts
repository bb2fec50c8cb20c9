// The introduction video as people meet it on a phone: the job seeker sees 'Processing your video' until the AVI
// they uploaded is an MP4 with a poster; a company's search card shows the person's poster and plays the MP4 in
// place; the candidate page shows the video first; the review shows it with its poster. (The video on its way, cut
// and reloaded: video-sending.e2e.test.ts.)
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyProfiles, users } from '#shared/schema.ts';
import { processNextVideo } from '../server/jobs/process-videos.ts';
import { startTestServer } from '../server/test/app.ts';
import { agreedToDocuments, PROFILE, signedInAgent, uploadCv, uploadVideo } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie } from './support/browser.ts';

const run = promisify(execFile);
let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let work: string;
const db = () => server.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'wazifa-video-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fs.rm(work, { recursive: true, force: true });
});

async function signInAs(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

const processVideos = () =>
  processNextVideo({
    db: db(),
    storage: server.storage,
    clock: { now: () => new Date() },
    ffmpeg: server.config.ffmpeg,
    temporaryDir: server.config.temporaryDir,
    logger: pino({ level: 'silent' }),
  });

describe('the introduction video', () => {
  it('is processed, then shows its poster on the search card, plays in place and on the candidate page', async () => {
    // An AVI with sound, as an old Android phone makes it: no browser plays it as it is.
    const avi = path.join(work, 'intro.avi');
    await run(server.config.ffmpeg.ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25',
      '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi', avi,
    ]);
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const cvUrl = await uploadCv(seeker.agent);
    const { body: video } = await uploadVideo(seeker.agent, await fs.readFile(avi), 'intro.avi');
    const { body: profile } = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, fullName: 'Joseph Mathew', cvUrl, videoUrl: video.videoUrl })
      .expect(201);

    // The job seeker, on a phone: processing first, then the video with its poster, without reloading.
    const own = await openPage(browser, { width: 375, height: 800 });
    await signInAs(own.context, seeker.cookie);
    await own.page.goto(`${server.baseUrl}/profile`);
    await own.page.getByText('Processing your video').waitFor();
    await expectNoHorizontalScroll(own.page);
    await expectAccessible(own.page);
    expect(await processVideos()).toBe(true);
    const player = own.page.locator('video[poster]');
    await player.waitFor({ timeout: 20_000 });
    expect(await player.getAttribute('poster')).toMatch(/^\/objects\/poster\//);
    expect(own.problems).toEqual([]);
    await own.context.close();

    // Approved, and a company with an active subscription.
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
    const company = await signedInAgent(server, { role: 'company' });
    await db().insert(companyProfiles).values({
      userId: company.id,
      companyName: 'Gulf Facilities LLC',
      contactPerson: 'Omar Haddad',
      phone: '+971501112233',
      email: company.email,
      subscriptionPlan: 'monthly',
      subscriptionStatus: 'active',
      subscriptionStartDate: new Date(Date.now() - DAY),
      subscriptionEndDate: new Date(Date.now() + 20 * DAY),
    });
    await agreedToDocuments(server, company.id);

    const hirer = await openPage(browser, { width: 375, height: 800 });
    await signInAs(hirer.context, company.cookie);
    await hirer.page.goto(`${server.baseUrl}/dashboard`);
    const card = hirer.page.getByRole('article', { name: 'Joseph Mathew' });
    const play = card.getByRole('button', { name: 'Play the introduction video of Joseph Mathew' });
    await play.waitFor();
    // The poster is a real picture, loaded lazily at the card's size.
    const poster = play.locator('img');
    expect(await poster.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoHorizontalScroll(hirer.page);
    await expectAccessible(hirer.page);

    // Pressed: the MP4 plays in the card.
    await play.click();
    const inCard = card.locator('video');
    await inCard.waitFor();
    await expect
      .poll(() => inCard.evaluate((v: HTMLVideoElement) => ({ playing: v.currentTime > 0 && !v.error, width: v.videoWidth })), { timeout: 20_000 })
      .toEqual({ playing: true, width: 640 });

    // The candidate page: the video first on a phone, with its poster.
    await hirer.page.goto(`${server.baseUrl}/dashboard/candidates/${profile.id}`);
    const pageVideo = hirer.page.locator('video');
    await pageVideo.waitFor();
    expect(await pageVideo.getAttribute('poster')).toMatch(/^\/objects\/poster\//);
    const [videoTop, contactTop] = await Promise.all([
      pageVideo.evaluate((v) => v.getBoundingClientRect().top),
      hirer.page.getByRole('heading', { name: 'Contact' }).evaluate((h) => h.getBoundingClientRect().top),
    ]);
    expect(videoTop).toBeLessThan(contactTop);
    await expectNoHorizontalScroll(hirer.page);
    expect(hirer.problems).toEqual([]);
    await hirer.context.close();
  });
});
