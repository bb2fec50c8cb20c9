// The sign-in page's OpenID Connect parts: the 'Continue with {provider}' button only when a provider is
// configured, and a message for each reason /api/callback gives when it refuses a sign-in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { expectAccessible, launchBrowser, openPage, type TrackedPage } from './support/browser.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let plain: Server; // the default: no provider configured
let withProvider: Server;

beforeAll(async () => {
  [browser, plain, withProvider] = await Promise.all([
    launchBrowser(),
    startTestServer(),
    // The page only reads the provider's name from the public configuration; these pages never reach the
    // provider, so its address need not answer.
    startTestServer({
      env: {
        OIDC_ISSUER_URL: 'https://id.example.com',
        OIDC_CLIENT_ID: 'wazifa',
        OIDC_CLIENT_SECRET: 'not-used-by-these-pages',
        OIDC_PROVIDER_NAME: 'Gulf ID',
        SUPPORT_EMAIL: 'help@wazifa.example',
      },
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.close(), withProvider?.close()]);
});

async function visit(server: Server, path: string): Promise<TrackedPage> {
  const tracked = await openPage(browser);
  await tracked.page.goto(`${server.baseUrl}${path}`);
  await tracked.page.getByRole('heading', { level: 1 }).waitFor();
  return tracked;
}

async function done({ context, problems }: TrackedPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('Continue with {provider}', () => {
  it('is not offered when no provider is configured', async () => {
    for (const path of ['/login', '/signup?type=company', '/login?error=oidc&reason=email_taken']) {
      const tracked = await visit(plain, path);
      const { page } = tracked;
      await page.getByRole('button', { name: /Sign In|Create Account/ }).last().waitFor();
      expect(await page.getByRole('link', { name: /^Continue with/ }).count(), path).toBe(0);
      expect(await page.getByRole('alert').count(), path).toBe(0);
      await done(tracked);
    }
  });

  it('is offered with the provider name when one is configured, carrying the account type', async () => {
    const tracked = await visit(withProvider, '/signup?type=company');
    const { page } = tracked;
    const button = page.getByRole('link', { name: 'Continue with Gulf ID' });
    expect(await button.getAttribute('href')).toBe('/api/login?type=company');
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page);
    await done(tracked);
  });
});

describe('a refused provider sign-in', () => {
  it.each([
    [
      '&reason=email_taken',
      'An account with this e-mail address already exists. Sign in with your password, then you can use Gulf ID.',
    ],
    ['&reason=suspended', 'This account is suspended. Please contact support at help@wazifa.example.'],
    ['&reason=refused', 'Sign-in with Gulf ID did not complete. Please try again.'],
    ['', 'Sign-in with Gulf ID did not complete. Please try again.'],
  ])('/login?error=oidc%s shows its message', async (reason, message) => {
    const tracked = await visit(withProvider, `/login?error=oidc${reason}`);
    const { page } = tracked;
    const alert = page.getByRole('alert').filter({ hasText: /Gulf ID|suspended/ });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(message);
    // The way back in stays open below the message.
    expect(await page.getByRole('link', { name: 'Continue with Gulf ID' }).count()).toBe(1);
    await done(tracked);
  });

  it('shows the message accessibly', async () => {
    const tracked = await visit(withProvider, '/login?error=oidc&reason=email_taken');
    await tracked.page.getByRole('alert').filter({ hasText: 'already exists' }).waitFor();
    await expectAccessible(tracked.page);
    await done(tracked);
  });
});
