// A new job seeker's way from the landing page to a submitted profile, in the reader's language, as the journeys of
// first-profile*.e2e.test.ts take it: Create Your Profile, sign up with the name, record the video in the page, use
// it (it is sent from then on), fill in what companies need while it is sent, save. Each wait on the product goes
// through the stopwatch; `step` runs at each screen (the right-to-left journeys check it there).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { catalogueText } from './catalogue.ts';
import { typeAsAPerson, type Stopwatch } from './phone.ts';

/** The recorder's timer ('0:42 / 1:30') in seconds, whatever digits the language writes. */
export function timerSeconds(text: string): number {
  const zeros = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xd66];
  const latin = [...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    const zero = zeros.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? ch : String(code - zero);
  });
  const match = latin.join('').match(/(\d+):(\d\d)/);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

export interface FirstProfile {
  /** What the browser said the video weighs when its upload began (tus Upload-Length). */
  videoBytes: number;
  email: string;
  /** What the page sent to save the profile: the video's link, or the id of the upload still bringing it. */
  saved: { videoUrl?: string; videoUploadId?: string };
}

export async function takeFirstProfileJourney(
  page: Page,
  options: {
    baseUrl: string;
    lang: string;
    /** How long the person speaks. */
    seconds: number;
    cvPath: string;
    watch: Stopwatch;
    step?: (name: string) => Promise<void>;
    /** Between two characters typed: a person's pace unless a journey is not timed. */
    typingDelayMs?: number;
    /** Runs the minute the person speaks, once the recording shows (a phone's processor at full speed, say). */
    whileSpeaking?: <T>(speak: () => Promise<T>) => Promise<T>;
  },
): Promise<FirstProfile> {
  const { lang, watch } = options;
  const t = (namespace: string, key: string) => catalogueText(lang, namespace, key);
  const step = options.step ?? (async () => {});
  const type = (field: Locator, text: string) => typeAsAPerson(field, text, options.typingDelayMs);
  const email = `${lang}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  let videoBytes = 0;
  let saved: FirstProfile['saved'] = {};
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/video/tus')) videoBytes = Number(request.headers()['upload-length']);
    if (request.url().endsWith('/api/job-seeker/profile')) saved = request.postDataJSON() as FirstProfile['saved'];
  });

  await watch.waitFor('the landing page', async () => {
    await page.goto(options.baseUrl);
    await page.getByRole('heading', { level: 1, name: t('landing', 'hero.headline') }).waitFor();
  });
  await step('landing');

  // Straight to sign-up as a job seeker.
  await page.getByRole('link', { name: t('landing', 'hero.createProfile') }).first().click();
  const firstName = page.getByLabel(new RegExp(`^${t('auth', 'fields.firstName')}`));
  await watch.waitFor('the sign-up page', firstName.waitFor());
  await step('sign-up');
  await type(firstName, 'Ravi');
  await type(page.getByLabel(new RegExp(`^${t('auth', 'fields.lastName')}`)), 'Kumar');
  await type(page.getByLabel(t('auth', 'fields.email')), email);
  await type(page.getByLabel(t('auth', 'fields.password'), { exact: true }), 'a good long password');
  await page.getByRole('button', { name: t('auth', 'signUp.submit') }).click();
  const record = page.getByRole('button', { name: t('profile', 'video.record') });
  await watch.waitFor('the profile form', async () => {
    await page.waitForURL('**/create-profile');
    await record.waitFor();
  });
  await step('create-profile');

  // The video first.
  await record.click();
  const recorder = page.getByRole('region', { name: t('profile', 'recorder.title') });
  const start = recorder.getByRole('button', { name: t('profile', 'recorder.start') });
  await watch.waitFor('the camera', start.waitFor());
  await expect.poll(() => recorder.getByLabel(t('profile', 'recorder.preview')).evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await step('camera');
  await start.click();
  const timer = recorder.getByRole('timer');
  await watch.waitFor('the countdown', timer.waitFor());
  // While it records, the timer, the whole preview and Stop are on the screen, below the sticky top bar.
  const stop = recorder.getByRole('button', { name: t('profile', 'recorder.stop'), exact: true });
  const inView = async () => {
    const [timerBox, previewBox, stopBox] = await Promise.all([timer, recorder.getByLabel(t('profile', 'recorder.preview')), stop].map((l) => l.boundingBox()));
    const { covered, height } = await page.evaluate(() => ({ covered: document.querySelector('header')!.getBoundingClientRect().bottom, height: window.innerHeight }));
    return Boolean(timerBox && previewBox && stopBox) && timerBox!.y >= covered && previewBox!.y >= covered && previewBox!.y + previewBox!.height <= height && stopBox!.y + stopBox!.height <= height;
  };
  await expect.poll(inView).toBe(true);
  await step('recording');
  // The person speaks; the timer counts (not time waiting on the product).
  const whileSpeaking = options.whileSpeaking ?? ((speak) => speak());
  await whileSpeaking(() =>
    expect
      .poll(async () => timerSeconds((await timer.textContent()) ?? ''), { timeout: (options.seconds + 30) * 1000, interval: 200 })
      .toBeGreaterThanOrEqual(options.seconds),
  );
  await stop.click();
  const use = recorder.getByRole('button', { name: t('profile', 'recorder.use') });
  await watch.waitFor('the recording to play back', use.waitFor());
  await step('playback');
  await use.click();
  const bar = page.getByRole('progressbar', { name: t('profile', 'video.progress') });
  // A few seconds of video can arrive whole before the bar is looked at: then the field says it has arrived instead.
  const arrived = t('profile', 'video.uploadedFile')
    .split('{{name}}')
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
  await watch.waitFor('the upload to start', bar.or(page.getByText(arrived)).first().waitFor());

  // What companies need, while the video is sent: the name is there from sign-up; the CV goes first, to be checked
  // while the rest is filled in.
  expect(await page.getByLabel(t('profile', 'form.fullName')).inputValue()).toBe('Ravi Kumar');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: t('profile', 'cv.choose') }).click();
  await (await chooser).setFiles(options.cvPath);
  await type(page.getByLabel(t('profile', 'form.phone')), '+971 50 765 4321');
  await page.getByLabel(t('profile', 'form.location')).selectOption('Doha, Qatar');
  await page.getByRole('checkbox', { name: t('options', 'industries.Security') }).check();
  await page.getByRole('checkbox', { name: t('options', 'languages.Hindi') }).check();
  await watch.waitFor('the CV to be checked', page.getByRole('button', { name: t('profile', 'cv.uploaded') }).waitFor());
  await step('filled');

  // Saved at once, while the video is still on its way.
  await page.getByRole('button', { name: t('profile', 'create.submit') }).click();
  await watch.waitFor('the profile to be saved', async () => {
    await page.waitForURL('**/pending');
    await page.getByRole('heading', { level: 1, name: t('pending', 'titleCandidate') }).waitFor();
  });
  await step('pending');
  return { videoBytes, email, saved };
}
