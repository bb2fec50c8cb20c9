// A job seeker on a phone records the introduction video in the page (Chromium's fake camera: a moving test picture
// and a tone), plays it back, records again, uses it and creates the profile; once the app has made it an MP4, a
// company's search card shows the poster and the candidate page plays it. A browser whose camera is refused is told
// what to do and can still upload a file.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyProfiles, jobSeekerProfiles, objects, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { agreedToDocuments, signedInAgent } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, FAKE_CAMERA_ARGS, launchBrowser, openPage, signInWithCookie, waitForToast } from './support/browser.ts';
import { onePagePdf } from './support/media.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let cvPath: string;
const db = () => server.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(FAKE_CAMERA_ARGS), startTestServer({ processVideos: true })]);
  cvPath = path.join(await mkdtemp(path.join(os.tmpdir(), 'wazifa-recording-')), 'cv.pdf');
  await writeFile(cvPath, onePagePdf('Ravi Kumar - CV'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cvPath) await rm(path.dirname(cvPath), { recursive: true, force: true });
});

async function signInAs(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

/** Records until the timer shows `seconds`, then stops; answers the playback element's duration. */
async function recordFor(page: Page, seconds: number): Promise<void> {
  await page.getByRole('button', { name: 'Start recording' }).click();
  // The countdown, then the timer.
  const timer = page.getByRole('timer');
  await timer.waitFor({ timeout: 10_000 });
  await expect.poll(async () => Number((await timer.textContent())?.match(/0:(\d\d)/)?.[1] ?? 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(seconds);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByLabel('Your recording').waitFor();
}

async function fillProfile(page: Page) {
  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('+971 50 765 4321');
  await page.getByLabel('Location').selectOption('Doha, Qatar');
  await page.getByRole('checkbox', { name: 'Security' }).check();
  await page.getByRole('checkbox', { name: 'Hindi' }).check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload CV/ }).first().click();
  await (await chooser).setFiles(cvPath);
  await waitForToast(page, 'CV uploaded successfully');
}

describe('recording the introduction video', () => {
  it('records, plays back, records again, uses it; the company then sees the poster and plays the MP4', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { page, context, problems } = await openPage(browser, { width: 375, height: 800 });
    await context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    await signInAs(context, seeker.cookie);
    await page.goto(`${server.baseUrl}/create-profile`);
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    await fillProfile(page);

    await page.getByRole('button', { name: 'Record a video' }).click();
    await page.getByText('What to say (up to 90 seconds)').waitFor();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    // The preview shows the camera.
    await expect.poll(() => page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await recordFor(page, 5);
    // Played back: it has a picture and moves.
    const playback = page.getByLabel('Your recording');
    const played = await playback.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise<void>((resolve) => v.addEventListener('timeupdate', () => v.currentTime > 0.5 && resolve()));
      v.pause();
      return { width: v.videoWidth, time: v.currentTime };
    });
    expect(played.width).toBeGreaterThan(0);
    await expectAccessible(page);

    // Not happy: again, shorter.
    await page.getByRole('button', { name: 'Record again' }).click();
    await recordFor(page, 3);
    await page.getByRole('button', { name: 'Use this video' }).click();
    await waitForToast(page, 'Video uploaded to Vimeo successfully');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await waitForToast(page, 'Your profile has been created successfully!');
    await page.waitForURL('**/pending');

    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, seeker.id));
    const key = profile!.videoUrl!.slice('/objects/'.length);
    // Made an MP4 with a poster by the worker, about as long as the second recording.
    await expect.poll(async () => (await db().select().from(objects).where(eq(objects.key, key)))[0]?.posterKey ?? null, { timeout: 30_000 }).not.toBeNull();
    const [video] = await db().select().from(objects).where(eq(objects.key, key));
    expect(video).toMatchObject({ contentType: 'video/mp4', status: 'ready' });
    expect(video!.durationMs).toBeGreaterThan(2500);
    expect(video!.durationMs).toBeLessThan(8000);
    expect(problems).toEqual([]);
    await context.close();

    // Approved; a company with an active subscription looks.
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
    const company = await signedInAgent(server, { role: 'company' });
    await db().insert(companyProfiles).values({
      userId: company.id,
      companyName: 'Doha Security Services',
      contactPerson: 'Fatima Al-Sayed',
      phone: '+97455123456',
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
    const play = hirer.page.getByRole('article', { name: 'Ravi Kumar' }).getByRole('button', { name: 'Play the introduction video of Ravi Kumar' });
    await play.waitFor();
    await expect.poll(() => play.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await hirer.page.goto(`${server.baseUrl}/dashboard/candidates/${profile!.id}`);
    const player = hirer.page.locator('video');
    await player.waitFor();
    const onPage = await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise<void>((resolve) => v.addEventListener('timeupdate', () => v.currentTime > 0.3 && resolve()));
      return { src: v.currentSrc, width: v.videoWidth };
    });
    expect(onPage.src).toContain(profile!.videoUrl!);
    expect(onPage.width).toBeGreaterThan(0);
    expect(hirer.problems).toEqual([]);
    await hirer.context.close();
  });

  it('says what to do when the camera is refused, and still takes a file', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { page, context } = await openPage(browser, { width: 375, height: 800 });
    // No permission granted, and the page asks for it: Chromium answers as if the person refused.
    await context.clearPermissions();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signInAs(context, seeker.cookie);
    await page.goto(`${server.baseUrl}/create-profile`);
    await page.getByRole('button', { name: 'Record a video' }).click();
    await page.getByRole('alert').filter({ hasText: 'The camera is not allowed for this site' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close the camera' }).click();
    await page.getByText('Upload a file').waitFor();
    await context.close();
  });
});
