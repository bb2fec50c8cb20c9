// The product in the languages of its users: Arabic everywhere, right to left, on a phone and on a desktop; Urdu
// (right to left) and Hindi through the job seeker's first steps; and a visitor with an English browser who
// switches to Arabic keeps it after signing in and gets the confirmation e-mail in Arabic.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { approveProfile, jobSeekerWithProfile, SELLER_ENV, signedInAgent, uniqueEmail } from '../server/test/fixtures.ts';
import { catalogueText } from './support/catalogue.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, recordPageHidden, signInWithCookie } from './support/browser.ts';

const text = catalogueText;

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { ...SELLER_ENV, TRUST_PROXY: 'loopback' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir]);
}

/** The page is in the language, mirrored if it should be, fits the screen and passes axe. */
async function expectReadable(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expectLanguage(page, lang, dir);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
}

/** Signs a browser context in as an account the API created (its session cookie). */
async function signInAs(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

/** Signs up a job seeker in the browser's language, from the landing page's first call to action. */
async function signUpAsJobSeeker(page: Page, locale: string, email: string) {
  await page.goto(`${server.baseUrl}/signup?type=candidate`);
  await page.getByLabel(text(locale, 'auth', 'fields.email')).fill(email);
  await page.getByLabel(text(locale, 'auth', 'fields.password'), { exact: true }).fill('a good long password');
  await page.getByRole('button', { name: text(locale, 'auth', 'signUp.submit') }).click();
  await page.waitForURL('**/create-profile');
  await page.getByRole('heading', { name: text(locale, 'profile', 'create.title') }).waitFor();
}

describe('Arabic, right to left', () => {
  it.each([375, 1280])('shows every screen in Arabic at %i px: public site, sign-up, profile, database, candidate, admin review', async (width) => {
    // The people and accounts of the story, made through the API.
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await jobSeekerWithProfile(server, { fullName: 'محمد عبد الله', industries: ['Construction', 'Security'], languages: ['Arabic', 'Urdu'], location: 'Riyadh, Saudi Arabia', bio: 'حارس أمن في مجمع سكني منذ سبع سنوات.' });
    const pending = await jobSeekerWithProfile(server, { fullName: 'Ravi Kumar', industries: ['Hospitality'], location: 'Doha, Qatar' });
    await approveProfile(admin, seeker.profile.id);
    const company = await signedInAgent(server, { role: 'company' });
    // Both chose Arabic: a signed-in account reads its own language, whatever the browser says.
    for (const account of [admin, company]) await account.agent.put('/api/auth/locale').send({ locale: 'ar' }).expect(200);
    const onboarding = await company.agent
      .post('/api/company/profile')
      .send({ companyName: 'شركة الخليج للمقاولات', contactPerson: 'عمر حداد', phone: '+971 50 765 4321', email: uniqueEmail('billing'), subscriptionPlan: 'monthly' })
      .expect(201);
    await admin.agent
      .post(`/api/admin/companies/${onboarding.body.company.id}/verify-payment`)
      .send({ invoiceId: onboarding.body.invoice.id, bankReference: 'FT26112400001' })
      .expect(200);

    // A visitor whose browser reads Arabic: the public site and sign-up.
    const visitor = await openPage(browser, { width, height: 800, locale: 'ar-AE' });
    await visitor.page.goto(server.baseUrl);
    await visitor.page.getByRole('heading', { level: 1, name: text('ar', 'landing', 'hero.headline') }).waitFor();
    // The server wrote the language and direction into the page, before any script ran.
    const served = await (await fetch(server.baseUrl, { headers: { 'accept-language': 'ar-AE,ar;q=0.9' } })).text();
    expect(served).toMatch(/<html lang="ar" dir="rtl"[ >]/);
    await expectReadable(visitor.page, 'ar', 'rtl');
    await signUpAsJobSeeker(visitor.page, 'ar', uniqueEmail('arabic'));
    await expectReadable(visitor.page, 'ar', 'rtl');
    // Option lists in Arabic; the form's messages in Arabic.
    await visitor.page.getByRole('checkbox', { name: text('ar', 'options', 'industries.Hospitality') }).waitFor();
    await visitor.page.getByRole('button', { name: text('ar', 'profile', 'create.submit') }).click();
    await visitor.page.getByText(text('ar', 'validation', 'Please select a location')).waitFor();
    await expectReadable(visitor.page, 'ar', 'rtl');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // The company: the database and a candidate's page.
    const hirer = await openPage(browser, { width, height: 800, locale: 'ar-AE' });
    await signInAs(hirer.context, company.cookie);
    const pageHidden = await recordPageHidden(hirer.page);
    await hirer.page.goto(`${server.baseUrl}/dashboard`);
    await hirer.page.getByRole('heading', { level: 1, name: text('ar', 'candidates', 'title') }).waitFor();
    await hirer.page.locator(`#candidate-${seeker.profile.id}`, { hasText: 'محمد عبد الله' }).waitFor();
    // The plan, the cards and their trades, languages and places in Arabic came without hiding the page shown so far.
    expect(await pageHidden()).toEqual([]);
    await expectReadable(hirer.page, 'ar', 'rtl');
    await hirer.page.goto(`${server.baseUrl}/dashboard/candidates/${seeker.profile.id}`);
    await hirer.page.getByRole('heading', { level: 1, name: 'محمد عبد الله' }).waitFor();
    await hirer.page.getByText(text('ar', 'options', 'locations.Riyadh, Saudi Arabia')).first().waitFor();
    await expectReadable(hirer.page, 'ar', 'rtl');
    expect(await pageHidden()).toEqual([]);
    // The company's account: plan, renewal, invoices, team, details, password.
    await hirer.page.goto(`${server.baseUrl}/account`);
    await hirer.page.getByRole('heading', { level: 1, name: text('ar', 'company', 'account.title') }).waitFor();
    await hirer.page.getByRole('button', { name: text('ar', 'company', 'account.renew') }).waitFor();
    await hirer.page.getByRole('button', { name: text('ar', 'team', 'invite') }).waitFor();
    await expectReadable(hirer.page, 'ar', 'rtl');
    expect(await pageHidden()).toEqual([]);
    expect(hirer.problems).toEqual([]);
    await hirer.context.close();

    // The administrator: a profile in review.
    const reviewer = await openPage(browser, { width, height: 800, locale: 'ar-AE' });
    await signInAs(reviewer.context, admin.cookie);
    await reviewer.page.goto(`${server.baseUrl}/admin/review/${pending.profile.id}`);
    await reviewer.page.getByRole('heading', { name: 'Ravi Kumar' }).waitFor();
    await reviewer.page.getByRole('button', { name: text('ar', 'admin', 'review.approveNext') }).waitFor();
    await expectReadable(reviewer.page, 'ar', 'rtl');
    expect(reviewer.problems).toEqual([]);
    await reviewer.context.close();
  });
});

describe('the job seeker\'s first steps in the languages of the workforce', () => {
  it.each([
    ['ur-PK', 'ur', 'rtl'],
    ['hi-IN', 'hi', 'ltr'],
  ] as const)('%s: landing, sign-up and create profile', async (browserLocale, lang, dir) => {
    const { page, context, problems } = await openPage(browser, { width: 375, height: 800, locale: browserLocale });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: text(lang, 'landing', 'hero.headline') }).waitFor();
    await expectReadable(page, lang, dir);
    await page.getByRole('link', { name: text(lang, 'landing', 'hero.createProfile') }).first().click();
    await page.waitForURL('**/signup?type=candidate');
    await page.getByRole('heading', { level: 1, name: text(lang, 'auth', 'signUp.heading') }).waitFor();
    await expectReadable(page, lang, dir);
    await signUpAsJobSeeker(page, lang, uniqueEmail(lang));
    await page.getByRole('checkbox', { name: text(lang, 'options', 'languages.Urdu') }).waitFor();
    await page.getByRole('button', { name: text(lang, 'profile', 'create.submit') }).click();
    await page.getByText(text(lang, 'validation', 'Please select at least one industry')).waitFor();
    await expectReadable(page, lang, dir);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('choosing a language', () => {
  it('keeps Arabic chosen by a visitor with an English browser after signing up and in, and e-mails in Arabic', async () => {
    const email = uniqueEmail('switch');
    const visitor = await openPage(browser, { width: 1280, height: 900, locale: 'en-US' });
    const { page } = visitor;
    // The landing page arrives rendered; its switch works once its code has arrived.
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Stand Out. Get Discovered.' }).waitFor();
    await expectLanguage(page, 'en', 'ltr');

    // The switch in the header changes the page at once, without a reload.
    await page.locator('header').getByLabel('Language').first().selectOption('ar');
    await page.getByRole('heading', { level: 1, name: text('ar', 'landing', 'hero.headline') }).waitFor();
    await expectLanguage(page, 'ar', 'rtl');
    // Remembered: a new page load is Arabic from the server on.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text('ar', 'landing', 'hero.headline') }).waitFor();

    await signUpAsJobSeeker(page, 'ar', email);
    await expectLanguage(page, 'ar', 'rtl');
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account!.locale).toBe('ar');

    // The confirmation e-mail is Arabic, right to left.
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'verify_email')));
    expect(mail!.subject).toMatch(/[\u0600-\u06ff]/);
    expect(mail!.htmlBody).toContain('<html lang="ar" dir="rtl">');
    await visitor.context.close();

    // Signing in on another device with an English browser: the account's language wins.
    const elsewhere = await openPage(browser, { width: 375, height: 800, locale: 'en-US' });
    await elsewhere.page.goto(`${server.baseUrl}/login`);
    await elsewhere.page.getByLabel('E-mail').fill(email);
    await elsewhere.page.getByLabel('Password', { exact: true }).fill('a good long password');
    await elsewhere.page.getByRole('button', { name: 'Sign In' }).click();
    await elsewhere.page.getByRole('heading', { name: text('ar', 'profile', 'create.title') }).waitFor();
    await expectLanguage(elsewhere.page, 'ar', 'rtl');
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('heading', { name: text('ar', 'profile', 'create.title') }).waitFor();
    expect(visitor.problems).toEqual([]);
    expect(elsewhere.problems).toEqual([]);
    await elsewhere.context.close();
  });
});
