// Signing up while many others do (the server asks the form to come back in a few seconds), and confirming the e-mail
// address as people do it: in the browser they signed up in, one click on the link; on another device, the password
// chosen at sign-up or a new one; and a password chosen by someone else before the address was proven stops signing
// in once the owner confirms (docs/decisions/0016).
import type { Browser, Page, Route } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { consents } from '#shared/schema.ts';
import { jobSeekerWithProfile } from '../server/test/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { readEmailLink } from '../server/test/emails.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie, type TrackedPage } from './support/browser.ts';

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

async function confirmationLink(to: string): Promise<string> {
  const url = new URL(await readEmailLink(server.testDatabase.database.db, to, 'verify_email', '/verify-email'));
  // The e-mail names the public address; the test server listens elsewhere.
  return `${server.baseUrl}${url.pathname}${url.search}`;
}

/** Signs up as a job seeker in this page (the UI step is the point: it is the session that chooses the password). */
async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/signup?type=candidate`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/create-profile');
}

async function signInFails(email: string, password: string) {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return res.status === 401;
}

async function done({ context, problems }: TrackedPage, expected: (problem: string) => boolean = () => false) {
  expect(problems.filter((p) => !expected(p))).toEqual([]);
  await context.close();
}

describe('confirming the e-mail address', () => {
  it('in the browser that signed up: one click on the link, then on where the person was', async () => {
    const tracked = await openPage(browser, { width: 375, height: 812 });
    const email = newEmail('same-browser');
    await signUp(tracked.page, email, 'a good password');
    await tracked.page.getByText(`Confirm your e-mail: ${email}`, { exact: false }).first().waitFor();

    // The e-mail's link opens in a new tab of the same browser.
    const tab = await tracked.context.newPage();
    await tab.goto(await confirmationLink(email));
    await tab.getByText('Your e-mail address is confirmed. Thank you!').waitFor();
    expect(await tab.getByLabel('Password', { exact: true }).count()).toBe(0);
    await expectAccessible(tab);
    await tab.getByRole('link', { name: 'Continue' }).click();
    await tab.waitForURL('**/create-profile');
    expect(await tab.getByText('Confirm your e-mail:', { exact: false }).count()).toBe(0);
    await tab.close();
    await done(tracked);
  });

  it('elsewhere: offers the password chosen at sign-up or a new one, and signs that browser in', async () => {
    const phone = await openPage(browser, { width: 375, height: 812 });
    const email = newEmail('other-device');
    await signUp(phone.page, email, 'a good password');

    const laptop = await openPage(browser, { width: 375, height: 812 });
    const { page } = laptop;
    await page.goto(await confirmationLink(email));
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    await page.getByText(`To confirm ${email}, enter the password you chose when you signed up, or choose a new one.`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Or choose a new password' }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const signIn = page.getByRole('region', { name: 'With the password you chose' });
    await signIn.getByLabel('Password', { exact: true }).fill('not my password');
    await signIn.getByRole('button', { name: 'Confirm and Sign In' }).click();
    await page.getByText('This is not the password you chose when you signed up. Try again, or choose a new password.').waitFor();
    await signIn.getByLabel('Password', { exact: true }).fill('a good password');
    await signIn.getByRole('button', { name: 'Confirm and Sign In' }).click();
    await page.getByText('Your e-mail address is confirmed. Thank you!').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/create-profile');
    // The wrong password's 400 is logged by the browser; nothing else may have gone wrong.
    await done(laptop, (p) => p.includes('/api/auth/verify-email') && p.includes('400'));

    // The same person on the phone stays signed in.
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    await done(phone);
  });

  it('a password chosen before the proof by another browser does not sign in once the owner chose a new one', async () => {
    const email = newEmail('squatted');
    // Someone else signs up first with this address, and a password of their own.
    const stranger = await openPage(browser);
    await signUp(stranger.page, email, 'the stranger password');

    // The owner opens the link and, not knowing that password, chooses their own.
    const owner = await openPage(browser, { width: 375, height: 812 });
    const { page } = owner;
    await page.goto(await confirmationLink(email));
    const newPassword = page.getByRole('region', { name: 'Or choose a new password' });
    await newPassword.getByLabel('New password', { exact: true }).fill('the owner password');
    await newPassword.getByLabel('Confirm new password').fill('the owner password');
    await newPassword.getByRole('button', { name: 'Save Password and Confirm' }).click();
    await page.getByText('Your e-mail address is confirmed. Thank you!').waitFor();
    const me = await page.request.get(`${server.baseUrl}/api/auth/user`);
    expect(await me.json()).toMatchObject({ email, emailVerified: true });
    await done(owner);

    expect(await signInFails(email, 'the stranger password')).toBe(true);
    expect(await signInFails(email, 'the owner password')).toBe(false);
    // The stranger's session has ended.
    await stranger.page.reload();
    await stranger.page.waitForURL('**/login');
    await done(stranger);
  });
});

describe('signing up while many others do', () => {
  /** The server sheds the first `times` sign-ups of this page (503 with Retry-After), as a burst makes it do. */
  async function busyFor(page: Page, times: number) {
    let shed = 0;
    await page.route('**/api/auth/signup', async (route: Route) => {
      if (shed++ >= times) return route.continue();
      await route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ code: 'auth.busy', message: ERROR_MESSAGES['auth.busy'] }) });
    });
    return () => shed;
  }
  const sheds = (p: string) => p.includes('/api/auth/signup') && p.includes('503');

  it('waits and tries again by itself, saying so in the reader\'s language, then goes on', async () => {
    const tracked = await openPage(browser, { width: 375, height: 812, locale: 'hi-IN' });
    const { page } = tracked;
    const attempts = await busyFor(page, 2);
    await page.goto(`${server.baseUrl}/signup?type=candidate`);
    await page.locator('input[type=email]').fill(newEmail('burst'));
    await page.locator('input[autocomplete=new-password]').fill('a good password');
    await page.locator('form button[type=submit]').click();
    await page.getByText('इस समय बहुत लोग साइन अप कर रहे हैं। हम कुछ सेकंड में आपके लिए फिर से कोशिश कर रहे हैं...').waitFor();
    await page.waitForURL('**/create-profile');
    expect(attempts()).toBe(3);
    await done(tracked, sheds);
  });

  it('shows the error after trying three times, and keeps what was typed', async () => {
    const tracked = await openPage(browser, { width: 375, height: 812 });
    const { page } = tracked;
    const attempts = await busyFor(page, 10);
    const email = newEmail('still-busy');
    await page.goto(`${server.baseUrl}/signup?type=candidate`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(ERROR_MESSAGES['auth.busy']).first().waitFor();
    expect(attempts()).toBe(3);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(new URL(page.url()).pathname).toBe('/signup');
    await done(tracked, sheds);
  });
});

describe('the privacy policy and terms, changed', () => {
  it('are asked again, in the reader’s language, before anything else; agreeing goes on to the page opened', async () => {
    const seeker = await jobSeekerWithProfile(server);
    await seeker.agent.put('/api/auth/locale').send({ locale: 'hi' }).expect(200);
    await server.testDatabase.database.db.update(consents).set({ version: '2025-10-23' }).where(eq(consents.userId, seeker.id));

    const tracked = await openPage(browser, { width: 375, height: 812, locale: 'hi-IN' });
    const { page } = tracked;
    await signInWithCookie(tracked.context, server.baseUrl, seeker.cookie);
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'हमने अपनी निजता नीति और शर्तें बदली हैं' }).waitFor();
    expect(await page.getByRole('link', { name: 'निजता नीति' }).getAttribute('href')).toBe('/privacy-policy');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'मैं सहमत हूँ, आगे बढ़ें' }).click();
    // On to the page the person opened.
    await page.getByRole('heading', { name: 'Amina Yusuf' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await done(tracked);
  });
});
