// A company signs up, onboards, sees its tax invoice and Account Under Review; once the admin verifies the payment it
// searches the Job Seeker Database, finds an approved job seeker, watches the video, contacts them and saves them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { candidateEvents, companyProfiles, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { approveProfile, jobSeekerWithProfile, SELLER_ENV, signedInAgent, uploadVideo } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie, waitForToast } from './support/browser.ts';
import { playVideo, recordMp4 } from './support/media.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;


beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { ...SELLER_ENV, TRUST_PROXY: 'loopback' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const db = () => server.testDatabase.database.db;

describe('a company', () => {
  it('onboards, pays by bank transfer, then finds, watches, contacts and saves an approved job seeker', async () => {
    // An approved job seeker with a real video, and one still in review who must not appear.
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await jobSeekerWithProfile(server, {
      fullName: 'Joseph Mwangi',
      industries: ['Security', 'Warehouse'],
      languages: ['English', 'Tagalog', 'Hindi', 'Arabic'],
      location: 'Abu Dhabi, UAE',
      yearsOfExperience: 7,
      bio: 'Night security supervisor at a logistics warehouse.',
    });
    const video = await uploadVideo(seeker.agent, await recordMp4(browser), 'joseph.mp4');
    await seeker.agent.patch('/api/job-seeker/profile').send({ videoUrl: video.body.videoUrl }).expect(200);
    await approveProfile(admin, seeker.profile.id);
    await jobSeekerWithProfile(server, { fullName: 'Joseph Pending', industries: ['Security'] });

    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page, problems } = tracked;
    const email = `omar.${Date.now()}@example.com`;
    // From the landing page's pricing: the chosen plan goes with the sign-up.
    await page.goto(`${server.baseUrl}/#pricing`);
    await page.getByRole('link', { name: 'Choose Quarterly' }).click();
    await page.waitForURL('**/signup?type=company&plan=quarterly');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Set Up Your Company' }).waitFor();

    await page.getByRole('button', { name: 'Continue to Invoice' }).click();
    await page.getByText('Please enter your company name').waitFor();
    await page.getByLabel('Company Name').fill('Gulf Build Contracting LLC');
    await page.getByLabel('Contact Person').fill('Omar Haddad');
    await page.getByLabel('Phone Number').fill('+971 50 765 4321');
    expect(await page.getByRole('radio', { name: /Quarterly/ }).isChecked()).toBe(true);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Continue to Invoice' }).click();
    await waitForToast(page, 'is ready. Pay it by bank transfer');
    await page.waitForURL('**/pending');
    // The next step first: how to pay, each detail with a copy button, then what happens after, then "I have paid".
    await page.getByRole('heading', { name: 'Pay your invoice to start searching' }).waitFor();
    await page.getByRole('heading', { name: 'How to pay' }).waitFor();
    await page.getByRole('button', { name: 'Copy IBAN' }).waitFor();
    const pendingText = await page.locator('main').textContent();
    expect(pendingText).toContain('AED\u00a01,417.50');
    expect(pendingText).toContain('AE070331234567890123456');
    expect(pendingText).not.toContain('We are verifying');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Payment reference' }).click();
    await waitForToast(page, 'Payment reference copied');
    const reference = await page.evaluate(() => navigator.clipboard.readText());
    expect(reference).toMatch(/^INV-\d{4}-\d{6}$/);

    // The tax invoice: quarterly 1,350 AED + 5% VAT, the seller's TRN and bank, the number as reference.
    await page.getByRole('link', { name: /View invoice INV-/ }).click();
    await page.getByRole('heading', { name: 'Tax Invoice' }).waitFor();
    const invoiceText = (await page.locator('main').textContent())!;
    const number = /INV-\d{4}-\d{6}/.exec(invoiceText)![0];
    for (const text of ['TRN 100234567890003', 'AE070331234567890123456', 'EBILAEAD', 'Gulf Build Contracting LLC', 'AED 1,350', 'VAT (5%)', 'AED 67.50', 'AED 1,417.50', 'Awaiting payment']) {
      expect(invoiceText).toContain(text);
    }
    // Bilingual, as Gulf tax invoices are: each label in Arabic too.
    for (const text of ['فاتورة ضريبية', 'الإجمالي']) expect(invoiceText).toContain(text);
    await expectAccessible(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Tax Invoice' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // "I have paid", with the day of the transfer and the bank's reference.
    await page.goBack();
    await page.getByRole('heading', { name: 'Already paid?' }).waitFor();
    await page.getByLabel("Your bank's reference").fill('FT26032200123');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await waitForToast(page, 'We are verifying your payment');
    await page.getByRole('heading', { name: 'We are verifying your payment, usually within 24 hours' }).waitFor();
    expect(number).toBe(reference);
    await expectAccessible(page);

    // The admin sees what the company declared on the payment screen, and verifies the transfer.
    const [account] = await db().select().from(users).where(eq(users.email, email));
    const [company] = await db().select().from(companyProfiles).where(eq(companyProfiles.userId, account!.id));
    const adminConsole = await openPage(browser, { width: 1280, height: 900 });
    await signInWithCookie(adminConsole.context, server.baseUrl, admin.cookie);
    await adminConsole.page.goto(`${server.baseUrl}/admin/companies/${company!.id}`);
    await adminConsole.page.getByText(/The company says it paid on .*, bank reference: FT26032200123/).waitFor();
    await adminConsole.page.getByLabel(/Bank reference/).fill('FT26032200123');
    await adminConsole.page.getByRole('button', { name: 'Verify and activate' }).click();
    await waitForToast(adminConsole.page, 'Gulf Build Contracting LLC');
    expect(adminConsole.problems).toEqual([]);
    await adminConsole.context.close();

    await page.goto(server.baseUrl);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Job Seeker Database' }).waitFor();
    await page.getByText('Active Plan').waitFor();
    await page.getByText(/Showing \d+ job seekers?/).waitFor();
    expect(await page.getByText('Joseph Pending').count()).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // On a phone the filters open in a drawer; each change searches at once, and its button shows the count.
    const openFilters = () => page.getByRole('button', { name: /^Filters/ }).click();
    await openFilters();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Security' }).check();
    await filters.getByRole('checkbox', { name: 'Abu Dhabi, UAE' }).check();
    await filters.getByRole('button', { name: 'Show 1 result', exact: true }).click();
    await filters.waitFor({ state: 'hidden' });
    await page.getByText('Showing 1 job seeker', { exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Joseph Mwangi' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Video Available');
    expect(await card.textContent()).toContain('+3');
    // The active filters show as chips above the results.
    await page.getByRole('button', { name: 'Remove filter: Security' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter: Abu Dhabi, UAE' }).waitFor();

    await openFilters();
    await filters.getByRole('checkbox', { name: 'Dubai, UAE', exact: true }).check();
    await filters.getByRole('checkbox', { name: 'Abu Dhabi, UAE' }).uncheck();
    await filters.getByRole('button', { name: 'Show 0 results', exact: true }).click();
    await page.getByText('No job seekers match these filters.').waitFor();
    await openFilters();
    await filters.getByRole('button', { name: 'Clear' }).click();
    await card.waitFor();
    // Years out of order are said at once, beside the inputs, and nothing is searched.
    await filters.getByRole('spinbutton', { name: 'Minimum years of experience' }).fill('10');
    await filters.getByRole('spinbutton', { name: 'Maximum years of experience' }).fill('2');
    await filters.getByRole('alert').filter({ hasText: 'The minimum years must not be more than the maximum.' }).waitFor();
    expect(await page.getByText('Could not load job seekers.').count()).toBe(0);
    // The minimum alone was searched; the maximum below it is not.
    expect(new URL(page.url()).searchParams.get('maxYears')).toBeNull();
    await expectAccessible(page);
    await filters.getByRole('button', { name: 'Clear' }).click();
    await filters.getByRole('button', { name: 'Close filters' }).click();
    await card.waitFor();

    await page.getByRole('searchbox', { name: 'Search job seekers' }).fill('night supervisor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Showing 1 job seeker', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Contact' }).click();

    await page.waitForURL(`**/dashboard/candidates/${seeker.profile.id}`);
    await page.getByRole('heading', { name: 'Joseph Mwangi' }).waitFor();
    expect((await playVideo(page)).time).toBeGreaterThan(0.1);

    const mailto = new URL((await page.getByRole('link', { name: 'Send E-mail' }).getAttribute('href'))!);
    expect(mailto.protocol).toBe('mailto:');
    expect(decodeURIComponent(mailto.pathname)).toBe(seeker.email);
    expect(mailto.searchParams.get('subject')).toBe('Gulf Build Contracting LLC found your profile on Wazifa');
    const whatsapp = new URL((await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/971501234567');
    expect(whatsapp.searchParams.get('text')).toContain('this is Gulf Build Contracting LLC');

    // The click is recorded before the link leaves; the WhatsApp page itself is not loaded here.
    await page.route('https://wa.me/**', (route) => route.fulfill({ status: 204 }));
    const recorded = page.waitForResponse((res) => res.url().endsWith(`/api/candidates/${seeker.profile.id}/contact`));
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'WhatsApp' }).click();
    expect((await recorded).status()).toBe(204);
    await (await popup).close();

    const cvHref = await page.getByRole('link', { name: 'Download CV' }).getAttribute('href');
    const cv = await page.request.get(`${server.baseUrl}${cvHref}`);
    expect(cv.status()).toBe(200);
    expect(cv.headers()['content-disposition']).toMatch(/^attachment/);

    await page.getByLabel('Private note').fill('Call about the night shift at the Mussafah warehouse.');
    await page.getByRole('button', { name: 'Save to Shortlist' }).click();
    await waitForToast(page, 'Saved to your shortlist');
    await page.getByRole('button', { name: 'Remove from Shortlist' }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: 'Back to results' }).click();
    await page.getByRole('link', { name: 'Saved candidates' }).click();
    await page.getByRole('heading', { name: 'Saved Candidates' }).waitFor();
    await page.getByText('Call about the night shift at the Mussafah warehouse.').waitFor();
    await page.getByRole('article', { name: 'Joseph Mwangi' }).waitFor();

    const events = await db()
      .select()
      .from(candidateEvents)
      .where(and(eq(candidateEvents.companyId, company!.id), eq(candidateEvents.profileId, seeker.profile.id)));
    expect(events.map((e) => e.type).sort()).toEqual(expect.arrayContaining(['contact', 'cv_download', 'view']));

    // The company's account: its plan and invoices, its details with the TRN, a renewal for another plan, a new
    // password.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Company Account' }).waitFor();
    const invoices = page.getByRole('region', { name: 'Invoices', exact: true });
    await invoices.getByRole('link', { name: number }).waitFor();
    expect(await invoices.textContent()).toContain('Paid');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByLabel(/TRN/).fill('1002345');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Please enter the 15-digit TRN (tax registration number), or leave it empty').waitFor();
    await page.getByLabel(/TRN/).fill('100987654300003');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await waitForToast(page, 'Your company details are saved.');
    await page.getByLabel("Next period's plan").selectOption('annual');
    await page.getByRole('button', { name: 'Get the renewal invoice' }).click();
    await waitForToast(page, 'Your renewal invoice');
    await page.getByText(/Your renewal invoice INV-\d{4}-\d{6} is waiting for payment/).waitFor();
    const renewalInvoice = invoices.getByRole('link').first();
    await renewalInvoice.click();
    await page.getByRole('heading', { name: 'Tax Invoice' }).waitFor();
    const renewalText = (await page.locator('main').textContent())!;
    expect(renewalText).toContain('TRN 100987654300003');
    expect(renewalText).toContain('AED 5,040');
    await page.goBack();
    await page.getByLabel('Current password').fill('a good long password');
    await page.getByLabel('New password').fill('an even better password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await waitForToast(page, 'Your password is changed.');
    expect((await page.request.get(`${server.baseUrl}/api/auth/user`)).status()).toBe(200);

    expect(problems).toEqual([]);
    await tracked.context.close();
  });
});
