// Sign-up, role choice, sign-out, e-mail verification and password reset, as new users do them.
import request from 'supertest';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { readEmailLink } from '../server/test/emails.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, type TrackedPage } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

let counter = 0;
const newEmail = (who: string) => `${who}.${Date.now()}.${++counter}@example.com`;

/** The link in the newest e-mail of a kind to an address, on the test server. */
async function emailedLink(to: string, template: 'verify_email' | 'reset_password'): Promise<string> {
  const path = template === 'verify_email' ? '/verify-email' : '/reset-password';
  const url = new URL(await readEmailLink(server.testDatabase.database.db, to, template, path));
  // The e-mail names the public address; the test server listens elsewhere.
  return `${server.baseUrl}${url.pathname}${url.search}`;
}

async function fillSignUp(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function done({ context, problems }: TrackedPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('job seekers', () => {
  it('sign up from the landing page, land on /create-profile, and sign out to the public pages', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page } = tracked;
    await page.goto(server.baseUrl);
    // Straight to sign-up as a job seeker: no welcome page in between.
    await page.getByRole('link', { name: 'Create Your Profile' }).first().click();
    await page.waitForURL('**/signup?type=candidate');
    await page.getByText('You are joining as a job seeker.').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Bad input first: field errors, nothing sent.
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter a valid e-mail address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();

    const email = newEmail('seeker');
    await fillSignUp(page, email, 'a good password');
    await page.waitForURL('**/create-profile');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create Your Profile');
    // One line under the top bar asks to confirm the address (no welcome toast over the form).
    await page.getByText(`Confirm your e-mail: ${email}`).waitFor();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Stand Out. Get Discovered.' }).waitFor();
    await page.goto(`${server.baseUrl}/create-profile`);
    await page.waitForURL('**/login');
    await done(tracked);
  });
});

describe('companies', () => {
  it('sign up from Get Started for companies and land on the company set-up', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/get-started/company`);
    await page.locator('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login?type=company');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await page.waitForURL('**/signup?type=company');
    await fillSignUp(page, newEmail('company'), 'a good password');
    // Onboarding, the invoice and Account Under Review follow in the companies journey (e2e/company.e2e.test.ts).
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Set Up Your Company' }).waitFor();
    await expectAccessible(page);
    await done(tracked);
  });
});

describe('role selection', () => {
  it('asks a user without a role, with Continue disabled until a card is chosen', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/signup`);
    await fillSignUp(page, newEmail('norole'), 'a good password');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await page.getByText("Choose how you'd like to use the platform").count()).toBe(1);
    const cont = page.getByRole('button', { name: 'Continue' });
    expect(await cont.isDisabled()).toBe(true);
    await expectAccessible(page);
    // Any address shows the role choice, not the page.
    await page.goto(`${server.baseUrl}/about`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();

    await page.getByRole('radio', { name: /Company/ }).click();
    expect(await page.getByRole('radio', { name: /Company/ }).getAttribute('aria-checked')).toBe('true');

    // The current user is refreshed first, then the success message shows, then / a second later.
    // The refresh is held here until the message's absence has been checked.
    let holdRefresh!: (route: Route) => void;
    const refresh = new Promise<Route>((resolve) => (holdRefresh = resolve));
    await page.route('**/api/auth/user', (route) => holdRefresh(route), { times: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    const refreshRoute = await refresh;
    const success = page.getByText('Your role has been set. Redirecting...').first();
    expect(await success.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await refreshRoute.continue();

    await success.waitFor();
    // The message is on screen while the role choice still is; the move to / comes after it.
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('heading', { name: 'Welcome' }).count()).toBe(1);
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Set Up Your Company' }).waitFor();
    await done(tracked);
  });

  it('lets a user without a role sign out and go back to the home page', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800 });
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/signup`);
    await fillSignUp(page, newEmail('notnow'), 'a good password');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Not now? Sign out and go back to the home page' }).click();
    await page.getByRole('heading', { name: 'Stand Out. Get Discovered.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await page.request.get(`${server.baseUrl}/api/auth/user`);
    expect(me.status()).toBe(401);
    await done(tracked);
  });
});

describe('links opened while signed in without a role', () => {
  it('confirm the e-mail in the same page at once, then the role choice follows', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const email = newEmail('norole.verify');
    await page.goto(`${server.baseUrl}/signup`);
    await fillSignUp(page, email, 'a good password');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();

    // The browser that signed up chose the password: the link confirms at once.
    await page.goto(await emailedLink(email, 'verify_email'));
    await page.getByText('Your e-mail address is confirmed. Thank you!').waitFor();
    const me = await page.request.get(`${server.baseUrl}/api/auth/user`);
    expect(await me.json()).toMatchObject({ email, role: null, emailVerified: true });
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await page.getByText("Choose how you'd like to use the platform").count()).toBe(1);
    await done(tracked);
  });

  it('reset the password in the same page, then sign in to the role choice', async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const email = newEmail('norole.reset');
    await page.goto(`${server.baseUrl}/signup`);
    await fillSignUp(page, email, 'the old password');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await request(server.app).post('/api/auth/forgot-password').send({ email }).expect(202);

    await page.goto(await emailedLink(email, 'reset_password'));
    await page.getByLabel('New password', { exact: true }).fill('the new password');
    await page.getByLabel('Confirm new password').fill('the new password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Please sign in with your new password.').first().waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('the new password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await done(tracked);
  });
});

describe('password reset', () => {
  it('works through the e-mailed link, once', async () => {
    const email = newEmail('reset');
    const first = await openPage(browser);
    await first.page.goto(`${server.baseUrl}/signup?type=candidate`);
    await fillSignUp(first.page, email, 'the old password');
    await first.page.waitForURL('**/create-profile');
    await done(first);

    const tracked = await openPage(browser, { width: 375 });
    const { page } = tracked;
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = await emailedLink(email, 'reset_password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('the new password');
    await page.getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('the new password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Please sign in with your new password.').first().waitFor();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('the old password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Incorrect e-mail or password').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('the new password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/create-profile');

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third password');
    await page.getByLabel('Confirm new password').fill('a third password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByText('This link has expired or was already used. Please ask for a new one.').first().waitFor();
    // The wrong password (401) and the used link (400) are logged by the browser; nothing else may have gone wrong.
    expect(tracked.problems.filter((p) => !p.includes('/api/auth/reset-password') && !p.includes('/api/auth/login'))).toEqual([]);
    await tracked.context.close();
  });
});
