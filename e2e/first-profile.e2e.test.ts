// The job seeker's first profile on a phone, timed: in Hindi, at 375 px, over 3G (1.6 Mbit/s down, 750 kbit/s up,
// 150 ms) with a processor 4 times slower, from the landing page to a submitted profile with a minute of video
// recorded in the page (Chromium's fake camera), typing at about five characters a second. Under 3 minutes in all,
// and under 20 s of it waiting on the product: each wait (a page, the camera, the countdown, the CV's check, the
// save) is named and timed; the typing and the minute of speaking are the person's. The video is still on its way
// when the profile is saved: the product never makes the person wait for it. The processor runs at full speed only
// while the person speaks, between the recording's start and Stop, when the page has nothing to do but count: Chrome's
// slowdown keeps most of a core of the test machine spinning the whole time it is on.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { FAKE_CAMERA_ARGS, launchBrowser, openPage, recordPageHidden } from './support/browser.ts';
import { takeFirstProfileJourney } from './support/first-profile.ts';
import { onePagePdf } from './support/media.ts';
import { Phone, Stopwatch, THREE_G } from './support/phone.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let cvPath: string;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(FAKE_CAMERA_ARGS), startTestServer()]);
  cvPath = path.join(await mkdtemp(path.join(os.tmpdir(), 'wazifa-first-profile-')), 'cv.pdf');
  await writeFile(cvPath, onePagePdf('Ravi Kumar - CV'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cvPath) await rm(path.dirname(cvPath), { recursive: true, force: true });
});

describe('the first profile on a phone over 3G, in Hindi', () => {
  it('takes under 3 minutes with a minute of video, and under 20 s of waiting on the product', { timeout: 300_000 }, async () => {
    const { page, context, problems } = await openPage(browser, { width: 375, height: 812, locale: 'hi-IN' });
    await context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
    const phone = await Phone.of(page, THREE_G);
    const pageHidden = await recordPageHidden(page);

    const watch = new Stopwatch();
    const journey = await takeFirstProfileJourney(page, {
      baseUrl: server.baseUrl,
      lang: 'hi',
      seconds: 60,
      cvPath,
      watch,
      whileSpeaking: (speak) => phone.atFullSpeed(speak),
    });
    const totalMs = watch.totalMs;

    console.log(
      [
        `first profile, Hindi, 375 px, 3G, CPU 4x: ${(totalMs / 1000).toFixed(1)} s in all, ${(watch.waitedMs / 1000).toFixed(1)} s waiting on the product`,
        ...watch.waits.map((wait) => `  ${(wait.ms / 1000).toFixed(1).padStart(5)} s  ${wait.what}`),
        `  video of 60 s: ${journey.videoBytes} bytes (${(journey.videoBytes / 1e6).toFixed(2)} MB)`,
      ].join('\n'),
    );
    expect(totalMs).toBeLessThan(180_000);
    expect(watch.waitedMs).toBeLessThan(20_000);
    // About a minute at 1 Mbit/s of picture and 64 kbit/s of sound, at most.
    expect(journey.videoBytes).toBeGreaterThan(1_000_000);
    expect(journey.videoBytes).toBeLessThan(8_500_000);

    // Saved, waiting for its video: in Hindi, with the name given at sign-up, and not yet in the review queue.
    const [account] = await db().select().from(users).where(eq(users.email, journey.email));
    expect(account).toMatchObject({ locale: 'hi', firstName: 'Ravi', lastName: 'Kumar', status: 'pending' });
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, account!.id));
    expect(profile).toMatchObject({ fullName: 'Ravi Kumar', phone: '+971507654321', location: 'Doha, Qatar', industries: ['Security'], languages: ['Hindi'] });
    // Saved while the video was still on its way: the profile named the upload bringing it.
    expect(journey.saved.videoUploadId).toMatch(/^[0-9a-f]{32}$/);
    // No screen of the journey, landing page to saved profile, hid itself again once shown while a part of it loaded.
    expect(await pageHidden()).toEqual([]);
    // The video still on its way is the only request the closing page cuts.
    expect(problems.filter((problem) => !problem.includes('/api/video/tus/'))).toEqual([]);
    await context.close();
  });
});
