// A new job seeker builds a profile with a real PDF and a real MP4, waits in review, opens /profile and plays the
// video; after approval the profile shows Approved, and it can be hidden from companies.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { askStillLooking } from '../server/services/still-looking.ts';
import { startTestServer } from '../server/test/app.ts';
import { readEmailLink } from '../server/test/emails.ts';
import { PROFILE, signedInAgent, uploadCv as uploadCvByApi, uploadVideo } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, recordPageHidden, signInWithCookie, waitForToast } from './support/browser.ts';
import { onePagePdf, playVideo, recordMp4 } from './support/media.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const files = { pdf: '', mp4: '', fakeMp4: '', png: '' };
let mediaDir: string | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ processVideos: true })]);
  const dir = (mediaDir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-e2e-media-')));
  files.pdf = path.join(dir, 'amina-cv.pdf');
  files.mp4 = path.join(dir, 'introduction.mp4');
  files.fakeMp4 = path.join(dir, 'notes.mp4');
  files.png = path.join(dir, 'photo.pdf');
  await Promise.all([
    writeFile(files.pdf, onePagePdf('Amina Yusuf - CV')),
    recordMp4(browser).then((video) => writeFile(files.mp4, video)),
    writeFile(files.fakeMp4, 'These are notes, not a video.'),
    writeFile(files.png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const db = () => server.testDatabase.database.db;

/** Presses the CV button and picks the file in the device's file chooser it opens. */
async function uploadCv(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload CV|Replace CV/ }).first().click();
  await (await chooser).setFiles(file);
}

describe('a new job seeker', () => {
  it('creates a profile with a CV and a video, waits in review, and plays the video on /profile', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page, problems } = tracked;
    // As long as many people's are: the top bar has to make room for it.
    const email = `amina.yusuf.front.desk.${Date.now()}@example.com`;

    await page.goto(server.baseUrl);
    await page.getByRole('link', { name: 'Create Your Profile' }).first().click();
    await page.waitForURL('**/signup?type=candidate');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/create-profile');
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    // The video first, then what companies need, then the rest (optional, folded away).
    for (const section of ['Your introduction video', 'What companies need to know', 'More about you']) {
      await page.getByText(section, { exact: true }).waitFor();
    }
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The form's own messages, word for word.
    await page.getByRole('button', { name: 'Create Profile' }).click();
    for (const message of [
      'Full name must be at least 2 characters',
      'Please enter a valid phone number',
      'Please select a location',
      'Please select at least one industry',
      'Please select at least one language',
    ]) {
      await page.getByText(message).waitFor();
    }

    await page.getByLabel('Full Name').fill('Amina Yusuf');
    await page.getByLabel('Phone Number').fill('+91 98765 43210');
    await page.getByLabel('Location').selectOption('Dubai, UAE');
    await page.getByRole('checkbox', { name: 'Hospitality' }).check();
    await page.getByRole('checkbox', { name: 'English' }).check();
    await page.getByRole('checkbox', { name: 'Arabic' }).check();
    await page.getByText('More about you', { exact: true }).click();
    await page.getByLabel(/About You/).fill('Front desk and guest relations, five years in Dubai hotels.');
    await page.getByLabel(/Years of Experience/).fill('5');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByText('Please enter a mobile number from a GCC country').waitFor();
    await page.getByLabel('Phone Number').fill('050 123 4567');

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await waitForToast(page, 'Please upload your CV');
    await page.getByText('Missing CV').first().waitFor();

    // A PNG named .pdf is refused by the server after the upload; the button stays as it was.
    await uploadCv(page, files.png);
    await waitForToast(page, 'Please upload a PDF, DOC or DOCX file');
    await page.getByRole('button', { name: 'Upload CV' }).waitFor();

    await uploadCv(page, files.pdf);
    await waitForToast(page, 'CV uploaded successfully');
    await page.getByRole('button', { name: 'Uploaded' }).waitFor();

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await waitForToast(page, 'Please upload your introduction video');

    // A text file named .mp4 passes the browser's type check but not the server's.
    const videoInput = page.getByLabel('Introduction Video');
    await videoInput.setInputFiles(files.fakeMp4);
    await waitForToast(page, 'Please upload an MP4, MOV, or AVI file');

    await videoInput.setInputFiles(files.mp4);
    await waitForToast(page, 'Video uploaded to Vimeo successfully');
    await page.getByText('Uploaded: introduction.mp4').waitFor();

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await waitForToast(page, 'Your profile has been created successfully!');
    await page.waitForURL('**/pending');
    await page.getByRole('heading', { name: 'Profile Under Review' }).waitFor();
    await page.getByText('Pending Activation').waitFor();
    await expectAccessible(page);

    const [account] = await db().select().from(users).where(eq(users.email, email));
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, account!.id));
    expect(profile).toMatchObject({ fullName: 'Amina Yusuf', phone: '+971501234567', location: 'Dubai, UAE', yearsOfExperience: 5 });

    await page.getByRole('link', { name: 'View your profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('In review').waitFor();
    // The bio takes its own direction, as on every page that shows what people wrote.
    expect(await page.getByText('Front desk and guest relations, five years in Dubai hotels.').getAttribute('dir')).toBe('auto');
    // On a tablet the top bar holds the address, My Profile and Sign Out: the address gives way, not the logo.
    await page.setViewportSize({ width: 768, height: 800 });
    const logo = page.locator('header a[href="/"]');
    expect(await logo.evaluate((link) => link.scrollWidth - link.clientWidth)).toBe(0);
    expect(await page.locator('header').getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    await page.setViewportSize({ width: 375, height: 800 });
    const played = await playVideo(page);
    expect(played.time).toBeGreaterThan(0.1);
    expect(played.width).toBe(320);
    const cv = await page.getByRole('link', { name: 'Download CV' }).getAttribute('href');
    const download = await page.request.get(`${server.baseUrl}${cv}`);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The team approves it (the admin console comes later; its API does the same).
    await db().update(users).set({ status: 'active' }).where(eq(users.id, account!.id));
    await page.reload();
    await page.getByText('Approved', { exact: true }).waitFor();

    // Still looking: companies see how recently the job seeker said so.
    await page.getByText('Still looking for work?').waitFor();
    await page.getByRole('button', { name: "Yes, I'm still looking" }).click();
    await waitForToast(page, 'Thank you. Companies now see that you are available.');
    await page.getByText('You last said so today.').waitFor();

    // A month later, the e-mail asks; its link confirms in one click wherever it is opened, once.
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) }).where(eq(jobSeekerProfiles.id, profile!.id));
    await askStillLooking({ db: db(), clock: { now: () => new Date() }, productName: 'Wazifa', publicUrl: server.baseUrl });
    const stillLooking = await readEmailLink(db(), email, 'still_looking', '/still-looking');
    const elsewhere = await openPage(browser, { width: 375, height: 800 });
    await elsewhere.page.goto(stillLooking);
    await elsewhere.page.getByText('Thank you, Amina Yusuf. Companies now see that you are available.').waitFor();
    await expectAccessible(elsewhere.page);
    await elsewhere.page.reload();
    await elsewhere.page.getByText('This link has expired or was already used. You can say you are still looking on your profile page.').waitFor();
    // The refusal of the used link is the only failed request there.
    expect(elsewhere.problems).toEqual([expect.stringContaining('status of 400')]);
    await elsewhere.context.close();

    // Hidden from companies, then shown again.
    const visibility = page.getByRole('switch', { name: 'Show my profile to companies' });
    expect(await visibility.getAttribute('aria-checked')).toBe('true');
    await visibility.click();
    await waitForToast(page, 'Your profile is hidden from companies.');
    await page.waitForFunction(() => document.querySelector('[role=switch]')?.getAttribute('aria-checked') === 'false');
    expect((await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, profile!.id)))[0]!.visibility).toBe('hidden');
    await visibility.click();
    await waitForToast(page, 'Companies can find your profile again.');

    // An edit of the approved profile goes back to review.
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile/edit');
    await page.getByText('Saving changes sends your profile back to our team for review.').waitFor();
    await page.getByLabel(/About You/).fill('Front desk, guest relations and now barista too.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Your profile has been updated and sent for review.');
    await page.waitForURL('**/pending');
    const [after] = await db().select().from(users).where(eq(users.id, account!.id));
    expect(after!.status).toBe('pending');

    // The only failed requests are the two refusals this journey provoked on purpose (PNG as CV, text as video).
    expect(problems).toEqual([
      expect.stringContaining('status of 400 (Bad Request) (http://127.0.0.1'),
      expect.stringContaining('status of 400'),
    ]);
    expect(problems[0]).toContain('/api/objects/acl');
    // The video goes by the resumable upload; the app refuses it when its last byte arrives.
    expect(problems[1]).toContain('/api/video/tus/');
    await tracked.context.close();
  });

  it('is asked to complete the hiring facts, fills them in on a phone, and stays approved', async () => {
    // A profile made before the facts existed, with a real video.
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const video = await uploadVideo(seeker.agent, await readFile(files.mp4));
    const created = await seeker.agent
      .post('/api/job-seeker/profile')
      .send({ ...PROFILE, fullName: 'Bikash Tamang', cvUrl: await uploadCvByApi(seeker.agent), videoUrl: video.body.videoUrl })
      .expect(201);
    const profileId = created.body.id as string;
    await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
    const { page, context, problems } = await openPage(browser, { width: 375, height: 812 });
    await signInWithCookie(context, server.baseUrl, seeker.cookie);
    const pageHidden = await recordPageHidden(page);
    await page.goto(`${server.baseUrl}/profile`);
    const prompt = page.getByRole('region', { name: 'Complete your profile' });
    await prompt.getByText('Visa status').waitFor();
    expect(await pageHidden()).toEqual([]);
    await expectAccessible(page);
    await prompt.getByRole('link', { name: 'Add these details' }).click();
    await page.waitForURL('**/profile/edit#hiring-facts');

    await page.getByRole('combobox', { name: /^Nationality/ }).selectOption('NP');
    await page.getByRole('combobox', { name: /^Country you are in now/ }).selectOption('AE');
    await page.getByRole('combobox', { name: /^Visa status/ }).selectOption('transferable');
    await page.getByRole('combobox', { name: /^When can you start/ }).selectOption('date');
    const start = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Start date').fill(start);
    await page.getByRole('combobox', { name: /^Driving licence/ }).selectOption('have');
    await page.getByRole('checkbox', { name: 'Heavy vehicle' }).check();
    await page.getByRole('checkbox', { name: 'Bus' }).check();
    await page.getByRole('spinbutton', { name: 'Lowest' }).fill('4000');
    await page.getByRole('spinbutton', { name: 'Highest' }).fill('3000');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('AED');
    // A Back gesture loses nothing: opened again, the form has the changes and says so.
    await page.goBack();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByText('Your changes that were not saved yet are back.', { exact: false }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Highest' }).inputValue()).toBe('3000');
    expect(await page.getByLabel('Start date').inputValue()).toBe(start);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Each problem next to its field; nothing is lost.
    await page.getByText('Please select the country that issued your licence').waitFor();
    await page.getByText('The lowest salary must not be more than the highest').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('combobox', { name: 'Country that issued the licence' }).selectOption('AE');
    await page.getByRole('spinbutton', { name: 'Highest' }).fill('5000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Your profile has been updated.');
    await page.waitForURL('**/profile');

    // The facts on /profile, the prompt gone, the profile still approved.
    await page.getByRole('heading', { name: 'Work Permit & Availability' }).waitFor();
    for (const text of ['Nepal', 'United Arab Emirates', 'Transferable visa / NOC available', 'Heavy vehicle and Bus, issued in United Arab Emirates']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText(/^AED\s?4,000\s?–\s?AED\s?5,000 a month$|^AED\s?4,000–5,000 a month$/).waitFor();
    expect(await prompt.count()).toBe(0);
    await page.getByText('Approved', { exact: true }).waitFor();
    const [row] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, profileId));
    expect(row).toMatchObject({ nationality: 'NP', currentCountry: 'AE', visaStatus: 'transferable', availableFrom: start, drivingLicences: ['heavy', 'bus'], licenceCountry: 'AE', salaryMin: 4000, salaryMax: 5000, salaryCurrency: 'AED' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
