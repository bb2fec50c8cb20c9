// A reviewer's hour: ten submitted profiles gone through with the keyboard at 1440x900, eight approved and two rejected
// with reasons from the list. Each profile opens on its video, already playing muted at the speed chosen once, with
// the CV beside it, and a decision leads straight to the next one. The actions are counted and turned into the
// profiles an hour a person would manage, with the timings of a human at a desk.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { emailOutbox, users, videoJobs } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { PROFILE, signedInAgent, uploadCv, uploadVideo } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, recordPageHidden, signInWithCookie, waitForToast } from './support/browser.ts';
import { onePagePdf, recordMp4 } from './support/media.ts';

/** A person's time for each action, and for watching 20 s of a video at 1.5x. */
const HUMAN = { click: 1.3, scroll: 1, key: 0.28, watching: 20 / 1.5 };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let video: Buffer;
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { TRUST_PROXY: 'loopback' } })]);
  [video, admin] = await Promise.all([recordMp4(browser), signedInAgent(server, { admin: true })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const db = () => server.testDatabase.database.db;

/**
 * Job seekers who sent their profile, each with a one-page PDF CV and a short MP4, one after the other (the queue is
 * oldest first). Making videos playable on every phone is the video worker's part, tested on its own: here the files
 * are already MP4 that Chromium plays, so their jobs are marked done instead of waiting for ffmpeg.
 */
async function submittedProfiles(names: string[]) {
  const made = [];
  for (const name of names) {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const [cvUrl, upload] = await Promise.all([uploadCv(seeker.agent, onePagePdf(`Curriculum Vitae of ${name}`)), uploadVideo(seeker.agent, video, 'intro.mp4')]);
    const res = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, fullName: name, cvUrl, videoUrl: upload.body.videoUrl, nationality: 'IN', currentCountry: 'AE', visaStatus: 'employment' })
      .expect(201);
    made.push({ ...seeker, name, profileId: res.body.id as string, videoUrl: upload.body.videoUrl as string });
  }
  await db().update(videoJobs).set({ state: 'done' }).where(inArray(videoJobs.objectKey, made.map((p) => p.videoUrl.replace('/objects/', ''))));
  return made;
}

async function signedInPage(size: { width: number; height: number }) {
  const tracked = await openPage(browser, size);
  await signInWithCookie(tracked.context, server.baseUrl, admin.cookie);
  return tracked;
}

/**
 * Resolves once the page's video has played by itself: muted, its time moved, and still playing or played to its end
 * (the test videos last about a second, which a busy machine can let pass between two looks). Answers its speed.
 */
async function videoPlaying(page: Page): Promise<{ rate: number }> {
  const handle = await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return element && (!element.paused || element.ended) && element.muted && element.currentTime > 0 ? { rate: element.playbackRate } : null;
  });
  return (await handle.jsonValue())!;
}

/** The CV is in the first screenful beside the video, shown by the browser as a PDF (not downloaded). */
async function cvInView(page: Page, name: string) {
  const frame = page.locator(`iframe[title="CV of ${name}"]`);
  await frame.waitFor();
  const box = (await frame.boundingBox())!;
  expect(box.y).toBeLessThan(DESK.height / 2);
  expect(box.height).toBeGreaterThan(300);
  const content = (await frame.elementHandle())!.contentFrame();
  await expect.poll(async () => (await content)?.evaluate(() => document.contentType).catch(() => null)).toBe('application/pdf');
}

describe('the review flow', () => {
  it('goes through ten profiles with the keyboard: under 4 actions an approval, at least 180 profiles an hour', async () => {
    const names = ['Aarav Sharma', 'Maria Santos', 'Imran Ali', 'Rina Akter', 'Bishal Gurung', 'Joseph Mathew', 'Grace Reyes', 'Omar Farouk', 'Priya Nair', 'Samuel Okoro'];
    const profiles = await submittedProfiles(names);
    const REJECTED: Record<number, { keys: string[]; reasons: string[] }> = {
      3: { keys: ['1'], reasons: ['video_person_or_voice'] },
      7: { keys: ['2', '3'], reasons: ['cv_unreadable', 'contact_details'] },
    };

    const tracked = await signedInPage(DESK);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/admin/review`);
    await page.getByRole('link', { name: new RegExp(names[0]!) }).waitFor();

    const rows: { name: string; decision: string; clicks: number; keys: number; scrolls: number; waitedMs: number; seconds: number }[] = [];
    let clicks = 0;
    let keys = 0;
    let decidedAt = performance.now();
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };

    // The only click: the queue's "Review the oldest first".
    clicks++;
    await page.getByRole('link', { name: 'Review the oldest first' }).click();
    for (const [index, profile] of profiles.entries()) {
      await page.getByRole('heading', { level: 1, name: profile.name }).waitFor();
      const { rate } = await videoPlaying(page);
      const waitedMs = performance.now() - decidedAt;
      await cvInView(page, profile.name);
      const videoBox = (await page.locator('video').boundingBox())!;
      expect(videoBox.y + videoBox.height).toBeLessThan(DESK.height);
      // The speed is chosen once (1.5x) and kept from one profile to the next.
      if (index === 0) {
        expect(rate).toBe(1);
        await press('s');
        await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
      } else {
        expect(rate).toBe(1.5);
      }

      const rejection = REJECTED[index];
      if (rejection) for (const key of rejection.keys) await press(key);
      // Nothing scrolled the page: what the reviewer needs was in the first screenful (a scroll would count).
      const scrolls = (await page.evaluate(() => window.scrollY)) > 0 ? 1 : 0;
      decidedAt = performance.now();
      await press(rejection ? 'r' : 'a');
      await waitForToast(page, `${profile.name} is ${rejection ? 'rejected' : 'approved'}`);
      const seconds = clicks * HUMAN.click + scrolls * HUMAN.scroll + keys * HUMAN.key + HUMAN.watching + waitedMs / 1000;
      rows.push({ name: profile.name, decision: rejection ? 'reject' : 'approve', clicks, keys, scrolls, waitedMs: Math.round(waitedMs), seconds });
      clicks = 0;
      keys = 0;
    }
    // After the last one the queue is clear.
    await page.waitForURL('**/admin/review');
    await page.getByText('Nothing here. The queue is clear.').waitFor();
    expect(tracked.problems).toEqual([]);
    await tracked.context.close();

    // Every decision is stored, and each rejection's e-mail names its reasons.
    const statuses = await db().select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, profiles.map((p) => p.id)));
    for (const [index, profile] of profiles.entries()) {
      expect(statuses.find((s) => s.id === profile.id)?.status).toBe(REJECTED[index] ? 'rejected' : 'active');
    }
    for (const [index, { reasons }] of Object.entries(REJECTED)) {
      const profile = profiles[Number(index)]!;
      expect((await profile.agent.get('/api/job-seeker/profile').expect(200)).body.reviewReasons).toEqual(reasons);
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, profile.email))).toEqual(
        expect.arrayContaining([expect.objectContaining({ template: 'profile_rejected' })]),
      );
    }

    const actions = (row: (typeof rows)[number]) => row.clicks + row.keys + row.scrolls;
    const approvals = rows.filter((row) => row.decision === 'approve');
    const perApproval = approvals.reduce((sum, row) => sum + actions(row), 0) / approvals.length;
    const totalSeconds = rows.reduce((sum, row) => sum + row.seconds, 0);
    const perHour = (3600 * rows.length) / totalSeconds;
    console.log(
      [
        'profile                 decision  clicks keys scrolls  actions  waited(ms)  seconds',
        ...rows.map(
          (row) =>
            `${row.name.padEnd(22)}  ${row.decision.padEnd(8)}  ${String(row.clicks).padStart(6)} ${String(row.keys).padStart(4)} ${String(row.scrolls).padStart(7)}  ${String(actions(row)).padStart(7)}  ${String(row.waitedMs).padStart(10)}  ${row.seconds.toFixed(2).padStart(7)}`,
        ),
        `actions per approval: ${perApproval.toFixed(2)}; per rejection: ${(rows.filter((r) => r.decision === 'reject').reduce((s, r) => s + actions(r), 0) / 2).toFixed(2)}`,
        `${totalSeconds.toFixed(1)} s for ${rows.length} profiles (8 approved, 2 rejected): ${Math.round(perHour)} profiles an hour`,
      ].join('\n'),
    );
    expect(perApproval).toBeLessThan(4);
    expect(perHour).toBeGreaterThanOrEqual(180);
  });

  it('keys for the neighbours, the facts and the list; none while typing; the panel stays in view; axe and 375 px in English and Arabic', async () => {
    const [first, second] = await submittedProfiles(['Fatima Zahra', 'Ravi Kumar']);
    const tracked = await signedInPage(DESK);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/admin/review/${first!.profileId}`);
    await page.getByRole('heading', { level: 1, name: first!.name }).waitFor();
    await page.getByText(/Reads and receives e-mails in:\s*English \(English\)/).waitFor();

    // Next and previous.
    await expect.poll(() => page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true);
    await page.keyboard.press('n');
    await page.getByRole('heading', { level: 1, name: second!.name }).waitFor();
    await page.keyboard.press('p');
    await page.getByRole('heading', { level: 1, name: first!.name }).waitFor();

    // Play and pause, sound. The second-long test video may have ended already: it loops here, so "k" meets it playing.
    await videoPlaying(page);
    await page.locator('video').evaluate((element: HTMLVideoElement) => {
      element.loop = true;
      return element.play();
    });
    await page.keyboard.press('k');
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.keyboard.press('m');
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);

    // A fact marked verified by its key (Shift and its number: visa status is the third).
    const facts = page.getByRole('region', { name: 'Work permit & availability' });
    await page.keyboard.press('Shift+Digit3');
    await facts.getByRole('button', { name: 'Remove the mark on visa status' }).waitFor();

    // The list of keys is a dialog; Escape closes it.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Approve and open the next profile').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Typing a note is typing: "r" goes into the note and rejects nothing, though a reason is chosen.
    await page.keyboard.press('1');
    expect(await page.getByRole('checkbox', { name: 'Video: the person or the voice is missing' }).isChecked()).toBe(true);
    await page.getByLabel('Note (optional)').click();
    await page.keyboard.type('ran');
    expect(await page.getByLabel('Note (optional)').inputValue()).toBe('ran');
    expect(page.url()).toContain(first!.profileId);
    expect((await admin.agent.get(`/api/admin/profiles/${first!.profileId}`).expect(200)).body.reviewStatus).toBe('pending');

    // The decision panel stays in view at the bottom of the page (scrolled by the test: this is no reviewer's action).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const reject = (await page.getByRole('button', { name: 'Reject & next' }).boundingBox())!;
    expect(reject.y).toBeGreaterThanOrEqual(0);
    expect(reject.y + reject.height).toBeLessThanOrEqual(DESK.height);
    await expectAccessible(page);
    expect(tracked.problems).toEqual([]);
    await tracked.context.close();

    // On a phone, in English and in Arabic (the console follows the reader's language: right to left).
    for (const locale of ['en', 'ar']) {
      await admin.agent.put('/api/auth/locale').send({ locale }).expect(200);
      const phone = await signedInPage(PHONE);
      const pageHidden = await recordPageHidden(phone.page);
      await phone.page.goto(`${server.baseUrl}/admin/review/${second!.profileId}`);
      await phone.page.getByRole('heading', { level: 1, name: second!.name }).waitFor();
      await videoPlaying(phone.page);
      // What the profile shows once it has arrived (its trades, languages and places) did not hide the page again.
      expect(await pageHidden()).toEqual([]);
      expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await phone.page.getByRole('button', { name: locale === 'ar' ? 'موافقة والتالي' : 'Approve & next' }).waitFor();
      await expectAccessible(phone.page);
      await expectNoHorizontalScroll(phone.page);
      expect(phone.problems).toEqual([]);
      await phone.context.close();
    }
  });
});
