// The Master Admin console: an administrator named by ADMIN_EMAILS signs in, approves one pending profile and
// rejects the next one with a reason from the list, verifies a company's bank payment, and finds all three actions in the audit log. The people on
// the other side see the outcome: Approved on /profile with the e-mail in the outbox, and the company's dashboard.
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createLogTransport } from '../server/mail/transport.ts';
import { deliverDueEmails } from '../server/mail/worker.ts';
import { startTestServer } from '../server/test/app.ts';
import { readEmailLink } from '../server/test/emails.ts';
import { jobSeekerWithProfile, signedInAgent, uploadVideo } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, waitForToast } from './support/browser.ts';
import { playVideo, recordMp4 } from './support/media.ts';

const ADMIN = 'ops@wazifa.example';
const PASSWORD = 'long enough 1';
let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY: 'loopback' }, processVideos: true })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const db = () => server.testDatabase.database.db;

async function signIn(page: Page, email: string) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The administrator's account: signed up, then confirmed through the e-mailed link, choosing the password again. */
async function createAdministrator() {
  const agent = request.agent(server.app);
  await agent.post('/api/auth/signup').send({ email: ADMIN, password: PASSWORD }).expect(201);
  const link = await readEmailLink(db(), ADMIN, 'verify_email', '/verify-email');
  const token = new URL(link).searchParams.get('token');
  await agent.post('/api/auth/verify-email').send({ token, password: PASSWORD }).expect(200);
}

describe('the admin console', () => {
  it('approves, rejects and verifies a payment, with every action in the audit log', async () => {
    await createAdministrator();
    const approved = await jobSeekerWithProfile(server, {
      fullName: 'Maria Santos',
      industries: ['Hospitality'],
      location: 'Doha, Qatar',
      nationality: 'PH',
      currentCountry: 'QA',
      visaStatus: 'visit',
    });
    const video = await uploadVideo(approved.agent, await recordMp4(browser), 'maria.mp4');
    await approved.agent.patch('/api/job-seeker/profile').send({ videoUrl: video.body.videoUrl }).expect(200);
    const rejected = await jobSeekerWithProfile(server, { fullName: 'Ravi Kumar', industries: ['Construction'] });
    const company = await signedInAgent(server, { role: 'company' });
    await company.agent
      .post('/api/company/profile')
      .send({ companyName: 'Doha Hotels Group', contactPerson: 'Aisha Al-Thani', phone: '+974 3312 3456', email: 'hr@dohahotels.example', subscriptionPlan: 'monthly' })
      .expect(201);

    // A visitor who is not an administrator does not learn the console exists.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.baseUrl}/admin`);
    await visitor.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await visitor.context.close();

    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page } = tracked;
    await signIn(page, ADMIN);
    await page.waitForURL('**/admin/review');
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();
    await page.getByRole('link', { name: /Maria Santos/ }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Approve Maria, after watching her video.
    await page.getByRole('link', { name: /Maria Santos/ }).click();
    await page.getByRole('heading', { name: 'Maria Santos' }).waitFor();
    expect((await playVideo(page)).time).toBeGreaterThan(0.1);
    await expectAccessible(page);
    // Her visa checked against her passport's visa page: marked verified, with who did it.
    const facts = page.getByRole('region', { name: 'Work permit & availability' });
    await facts.getByText('Visit visa', { exact: true }).waitFor();
    await facts.getByRole('button', { name: 'Mark visa status verified' }).click();
    await facts.getByRole('button', { name: 'Remove the mark on visa status' }).waitFor();
    await facts.getByText(new RegExp(`by ${ADMIN.replaceAll('.', '\\.')}`)).waitFor();
    await facts.getByText('Verified by our team').waitFor();
    // A fact she has not given cannot be verified.
    expect(await facts.getByRole('button', { name: 'Mark driving licence verified' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve & next' }).click();
    await waitForToast(page, 'Maria Santos is approved');
    // The next profile of the queue opens at once.
    await page.getByRole('heading', { name: 'Ravi Kumar' }).waitFor();

    // Reject Ravi: not without a reason from the list.
    await page.getByRole('button', { name: 'Reject & next' }).click();
    await page.getByText('Please choose at least one reason').waitFor();
    await page.getByRole('checkbox', { name: 'Video: the person or the voice is missing' }).check();
    await page.getByLabel('Note (optional)').fill('It is too dark. Please record it again in daylight.');
    await page.getByRole('button', { name: 'Reject & next' }).click();
    await waitForToast(page, 'Ravi Kumar is rejected');
    // The queue is clear: back to it.
    await page.waitForURL('**/admin/review');

    // Verify the company's bank transfer.
    await page.getByRole('link', { name: /Companies/ }).click();
    await page.getByRole('link', { name: /Doha Hotels Group/ }).click();
    await page.getByRole('heading', { name: 'Doha Hotels Group' }).waitFor();
    await page.getByText(/Expected: AED\s525 with reference INV-/).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Verify and activate' }).click();
    await page.getByText('Please enter the bank reference of the transfer').waitFor();
    await page.getByLabel(/Bank reference/).fill('FT26032200777');
    await page.getByRole('button', { name: 'Verify and activate' }).click();
    await waitForToast(page, 'Doha Hotels Group is active');
    await page.getByText('No invoice is waiting for payment.').waitFor();

    // The approval e-mail, as the outbox holds it. With no mail server the worker logs the e-mails: the console
    // says so, and shows the administrator's own confirmation e-mail without its link.
    await deliverDueEmails({ database: server.testDatabase.database, transport: createLogTransport(pino({ level: 'silent' })), from: server.config.mailFrom, batchSize: 1000 });
    await page.getByRole('link', { name: /E-mails/ }).click();
    const approvalMail = page.getByRole('button', { name: /Your Wazifa profile is approved/ });
    await approvalMail.click();
    await page.getByText('Good news: our team has reviewed and approved your Wazifa profile.').waitFor();
    await page.getByText(/^Not sent: no mail server is set up \(SMTP_URL\), so the server wrote this e-mail to its log/).waitFor();
    const approvalRow = page.getByRole('listitem').filter({ has: approvalMail });
    await approvalRow.getByText('Logged, not sent', { exact: true }).waitFor();
    expect(await approvalRow.getByText('Sent', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: new RegExp(`Confirm your e-mail address for Wazifa\\s*${ADMIN}`) }).click();
    await page.getByText(/Confirm your e-mail address:\s*\[link hidden\]/).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('token=');
    await expectAccessible(page);

    // All three actions are in the audit log, and it filters by action.
    await page.getByRole('link', { name: /Audit log/ }).click();
    for (const action of ['profile.approve', 'profile.reject', 'company.verify_payment']) await page.getByText(action, { exact: true }).waitFor();
    await page.getByLabel('Action').fill('profile.reject');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 in all').waitFor();
    expect(await page.getByText('profile.approve', { exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expect(tracked.problems).toEqual([]);
    await tracked.context.close();

    // Maria sees Approved; Ravi reads the reason; the company reaches its dashboard.
    const maria = await openPage(browser);
    await signIn(maria.page, approved.email);
    await maria.page.waitForURL('**/profile');
    await maria.page.getByText('Approved', { exact: true }).waitFor();
    await maria.context.close();

    const ravi = await openPage(browser);
    await signIn(ravi.page, rejected.email);
    await ravi.page.waitForURL('**/profile');
    await ravi.page.getByText('Changes needed').waitFor();
    await ravi.page.getByText('Your video: companies must see your face and hear your voice.', { exact: false }).waitFor();
    await ravi.page.getByText('It is too dark. Please record it again in daylight.').waitFor();
    await ravi.context.close();

    const hotel = await openPage(browser);
    await signIn(hotel.page, company.email);
    await hotel.page.waitForURL('**/dashboard');
    await hotel.page.getByRole('heading', { name: 'Job Seeker Database' }).waitFor();
    await hotel.page.getByRole('article', { name: 'Maria Santos' }).waitFor();
    expect(await hotel.page.getByRole('article', { name: 'Ravi Kumar' }).count()).toBe(0);
    await hotel.context.close();
  });
});
