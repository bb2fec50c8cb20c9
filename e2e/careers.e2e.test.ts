// The careers page as a visitor uses it: the texts, the empty submit, a real resume
// through the upload button, the application stored with its e-mail to support, and the refusals a visitor may meet.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careerApplications, emailOutbox, objects } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, waitForToast, type TrackedPage } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let files: string;
let pdfPath: string;
let fakePdfPath: string;

/** A small, valid PDF 1.4 of one blank A4 page, with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The first bytes of a PNG image: what a renamed picture really is. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Array(64).fill(0)]);

beforeAll(async () => {
  [browser, server, files] = await Promise.all([
    launchBrowser(),
    startTestServer(),
    mkdtemp(path.join(os.tmpdir(), 'wazifa-careers-')),
  ]);
  pdfPath = path.join(files, 'amina-khan-resume.pdf');
  fakePdfPath = path.join(files, 'holiday-photo.pdf');
  await Promise.all([writeFile(pdfPath, minimalPdf()), writeFile(fakePdfPath, PNG)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

const db = () => server.testDatabase.database.db;
const MISSING = 'Please fill in your name, email, and upload your resume.';
const SUCCESS = "Thank you! We'll review your application and get back to you soon.";

/** No problems on the page, but for the refusals a test provoked on purpose (the browser logs each failed load). */
async function done({ context, problems }: TrackedPage, expected?: RegExp) {
  expect(problems.filter((problem) => !expected?.test(problem))).toEqual([]);
  await context.close();
}


/** The resume button, in the group named by its legend; it reads Upload Resume, then Uploaded. */
const resumeButton = (page: Page) => page.getByRole('group', { name: 'Resume' }).getByRole('button').first();

/** Presses the resume button and picks a file in the device's file chooser it opens, as a visitor does. */
async function chooseResume(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await resumeButton(page).click();
  await (await chooser).setFiles(file);
}

async function fillApplicant(page: Page, who: { name: string; email: string }) {
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill('+971 50 123 4567');
  await page.getByLabel('LinkedIn Profile URL').fill('https://www.linkedin.com/in/amina-khan');
  await page.getByLabel('Message').fill('I would like to join the team that reviews profiles.');
}

const fieldValues = (page: Page) =>
  Promise.all(['Full Name', 'Email', 'Phone', 'LinkedIn Profile URL', 'Message'].map((label) => page.getByLabel(label).inputValue()));

describe('careers page', () => {
  it('is reached from the footer and shows the form, accessible and fitting a 375 px phone', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page } = tracked;
    await page.goto(server.baseUrl);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers', exact: true }).click();
    // The address, then the page itself: not the load event, which a busy machine once kept from coming for 30 s.
    await page.waitForURL('**/careers', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Join Our Team' }).waitFor();
    expect(await page.title()).toBe('Careers | Wazifa');
    expect(await page.locator('main').textContent()).toContain('Wazifa is a small team');

    expect(await page.getByLabel('Full Name').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Email').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Phone').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('LinkedIn Profile URL').getAttribute('type')).toBe('url');
    expect(await page.getByLabel('Message').evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await resumeButton(page).textContent()).toBe('Upload Resume');
    expect(await page.getByRole('button', { name: 'Submit Application' }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The same header links as About Us, behind the phone menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const [name, href] of [['About Us', '/about'], ['Careers', '/careers'], ['Home', '/']]) {
      expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await page.getByRole('button', { name: 'Close menu' }).click();

    // By keyboard: Enter on the resume button opens the device's file chooser.
    const chooser = page.waitForEvent('filechooser');
    await resumeButton(page).press('Enter');
    expect((await chooser).isMultiple()).toBe(false);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await done(tracked);
  });

  it('says what is missing when sent empty, and sends nothing', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const sent: string[] = [];
    page.on('request', (req) => req.url().includes('/api/career') && sent.push(`${req.method()} ${req.url()}`));
    await page.goto(`${server.baseUrl}/careers`);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    expect(await waitForToast(page, 'Missing Information')).toContain(MISSING);
    await page.getByText('Please enter your full name').waitFor();
    await page.getByText('Please enter your e-mail address').waitFor();
    await page.getByText('Please upload your resume').waitFor();
    expect(await page.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');
    // The first field in error gets the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    // A name and a malformed e-mail: still missing the resume, and the e-mail is explained.
    await page.getByLabel('Full Name').fill('Amina Khan');
    await page.getByLabel('Email').fill('amina@');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Please enter a valid e-mail address').waitFor();
    expect(await page.getByText('Please enter your full name').count()).toBe(0);
    await expectAccessible(page);
    expect(sent).toEqual([]);
    await done(tracked);
  });

  it('takes an application with a real PDF through the upload button on a phone, then clears every field', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/careers`);
    const email = `amina.${Date.now()}@example.com`;
    await fillApplicant(page, { name: 'Amina Khan', email });

    const acl = page.waitForResponse((res) => res.url().endsWith('/api/career/resume-acl'));
    await chooseResume(page, pdfPath);
    expect((await acl).status()).toBe(200);
    await waitForToast(page, 'Resume uploaded successfully');
    await page.getByRole('button', { name: 'Replace file' }).waitFor();
    expect(await resumeButton(page).textContent()).toBe('Uploaded');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const submitted = page.waitForResponse((res) => res.url().endsWith('/api/career-application'));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const response = await submitted;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await waitForToast(page, 'Application Submitted')).toContain(SUCCESS);

    // Every field is empty again, the resume too.
    expect(await fieldValues(page)).toEqual(['', '', '', '', '']);
    expect(await resumeButton(page).textContent()).toBe('Upload Resume');
    expect(await page.getByRole('button', { name: 'Replace file' }).count()).toBe(0);

    const stored = await db().query.careerApplications.findFirst({ where: eq(careerApplications.id, id) });
    expect(stored).toMatchObject({
      name: 'Amina Khan',
      email,
      phone: '+971 50 123 4567',
      linkedinUrl: 'https://www.linkedin.com/in/amina-khan',
      message: 'I would like to join the team that reviews profiles.',
      resumeUrl: expect.stringMatching(/^\/objects\/resume\/[0-9a-f-]{36}$/),
    });
    const resume = await db().query.objects.findFirst({ where: eq(objects.key, stored!.resumeUrl.slice('/objects/'.length)) });
    expect(resume).toMatchObject({ kind: 'resume', status: 'ready', contentType: 'application/pdf', size: minimalPdf().length });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'career_application'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail!.toAddress).toBe(server.config.supportEmail);
    expect(mail!.subject).toBe('New career application: Amina Khan');
    expect(mail!.textBody).toContain(`E-mail: ${email}`);
    await done(tracked);
  });

  it("refuses a picture renamed .pdf with the server's own words, and keeps the button ready for another file", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/careers`);
    const usableResumes = async () => (await db().select({ n: count() }).from(objects).where(and(eq(objects.kind, 'resume'), ne(objects.status, 'refused'))))[0]!.n;
    const before = await usableResumes();
    const acl = page.waitForResponse((res) => res.url().endsWith('/api/career/resume-acl'));
    await chooseResume(page, fakePdfPath);
    expect((await acl).status()).toBe(400);
    expect(await waitForToast(page, 'Upload Error')).toContain('Please upload a PDF, DOC or DOCX file');
    await expect.poll(() => resumeButton(page).textContent()).toBe('Upload Resume');
    await expect.poll(() => resumeButton(page).isEnabled()).toBe(true);
    // The refused file is gone; its row waits, refused, for the clean-up.
    expect(await usableResumes()).toBe(before);
    const [refused] = await db()
      .select()
      .from(objects)
      .where(and(eq(objects.kind, 'resume'), eq(objects.status, 'refused')))
      .orderBy(desc(objects.createdAt))
      .limit(1);
    expect(await server.storage.stat(refused!.key)).toBeUndefined();
    // The refusal is a 400 the browser logs: the answer this test asked for.
    await done(tracked, /status of 400 .*\/api\/career\/resume-acl/);
  });

  it('keeps everything typed when sending fails, and sends on the next try', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/careers`);

    // The upload URL cannot be had: the product's message; the file is kept for a retry.
    await page.route('**/api/career/resume-upload', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }), { times: 1 });
    await chooseResume(page, pdfPath);
    expect(await waitForToast(page, 'Upload Error')).toContain('Failed to initialize resume upload. Please try again.');
    await page.getByRole('alert').filter({ hasText: 'Upload failed' }).waitFor();
    await expect.poll(() => resumeButton(page).textContent()).toBe('Upload Resume');

    const email = `retry.${Date.now()}@example.com`;
    await fillApplicant(page, { name: 'Omar Haddad', email });
    await page.getByRole('button', { name: 'Try the upload again' }).click();
    await waitForToast(page, 'Resume uploaded successfully');
    await expect.poll(() => resumeButton(page).textContent()).toBe('Uploaded');

    // The application cannot be sent the first time.
    await page.route('**/api/career-application', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }), { times: 1 });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    expect(await waitForToast(page, 'Submission Failed')).toContain('Failed to submit application. Please try again.');
    expect(await fieldValues(page)).toEqual([
      'Omar Haddad',
      email,
      '+971 50 123 4567',
      'https://www.linkedin.com/in/amina-khan',
      'I would like to join the team that reviews profiles.',
    ]);
    expect(await resumeButton(page).textContent()).toBe('Uploaded');

    await page.getByRole('button', { name: 'Submit Application' }).click();
    expect(await waitForToast(page, 'Application Submitted')).toContain(SUCCESS);
    expect(await fieldValues(page)).toEqual(['', '', '', '', '']);
    expect(await db().query.careerApplications.findFirst({ where: eq(careerApplications.email, email) })).toMatchObject({ name: 'Omar Haddad' });
    // The two refusals were made up by this test: the browser logs each failed load, and Uppy's default logger
    // the upload error it met.
    await done(tracked, /status of 503 |\[Uppy\] .*(503: Service Unavailable|Failed to initialize resume upload)/);
  });
});
