import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage } from './support/browser.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The browser's own note that the address was answered 404, as it should be: the one line expected in the console. */
const answered404 = (path: string) => `console: Failed to load resource: the server responded with a status of 404 (Not Found) (${server.baseUrl}${path})`;

describe('unknown paths', () => {
  it('show 404 Page Not Found with a way home', async () => {
    const { page, problems, context } = await openPage(browser);
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    // The title is the app's to set, once it has taken over the page the server rendered.
    await expect.poll(() => page.title()).toBe('404 Page Not Found | Wazifa');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(problems).toEqual([answered404('/no/such/page')]);
    await context.close();
  });

  it('fit a 375 px screen behind a menu toggle', async () => {
    const { page, problems, context } = await openPage(browser, { width: 375, height: 740 });
    // The page arrives rendered: once the network is quiet, its code has taken it over and the menu opens.
    await page.goto(`${server.baseUrl}/nowhere`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expectNoHorizontalScroll(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(problems).toEqual([answered404('/nowhere')]);
    await context.close();
  });
});
