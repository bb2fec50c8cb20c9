// The first profile's journey in Arabic and in Urdu, right to left at 375 px: the same way as the timed Hindi one
// (first-profile.e2e.test.ts), with a shorter recording, no typing pace and an unthrottled network, and at every screen the page in
// its language and direction, passing axe, with no sideways scroll, up to the video's arrival.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { expectAccessible, expectNoHorizontalScroll, FAKE_CAMERA_ARGS, launchBrowser, openPage } from './support/browser.ts';
import { takeFirstProfileJourney } from './support/first-profile.ts';
import { onePagePdf } from './support/media.ts';
import { catalogueText } from './support/catalogue.ts';
import { Stopwatch } from './support/phone.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let cvPath: string;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(FAKE_CAMERA_ARGS), startTestServer()]);
  cvPath = path.join(await mkdtemp(path.join(os.tmpdir(), 'wazifa-first-profile-rtl-')), 'cv.pdf');
  await writeFile(cvPath, onePagePdf('CV'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cvPath) await rm(path.dirname(cvPath), { recursive: true, force: true });
});

describe('the first profile, right to left', () => {
  it.each([
    ['ar-AE', 'ar'],
    ['ur-PK', 'ur'],
  ] as const)('%s: every screen from the landing page to the arrived video reads right to left and passes axe', { timeout: 180_000 }, async (browserLocale, lang) => {
    const { page, context, problems } = await openPage(browser, { width: 375, height: 812, locale: browserLocale });
    await context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const checked: string[] = [];
    const step = async (name: string) => {
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), name).toEqual([lang, 'rtl']);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      checked.push(name);
    };

    const journey = await takeFirstProfileJourney(page, { baseUrl: server.baseUrl, lang, seconds: 4, cvPath, watch: new Stopwatch(), step, typingDelayMs: 0 });
    expect(checked).toEqual(['landing', 'sign-up', 'create-profile', 'camera', 'recording', 'playback', 'filled', 'pending']);

    // The video arrives; the page says so, and the profile is in the review queue with it.
    await page.getByText(catalogueText(lang, 'profile', 'videoFirst.arrived')).waitFor({ timeout: 30_000 });
    await step('arrived');
    const [account] = await db().select().from(users).where(eq(users.email, journey.email));
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, account!.id));
    expect(profile!.videoUploadId).toBeNull();
    expect(profile!.videoUrl).toMatch(/^\/objects\/video\//);
    expect(journey.videoBytes).toBeGreaterThan(50_000);
    expect(problems).toEqual([]);
    await context.close();
  });
});
