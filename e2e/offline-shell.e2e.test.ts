// A page opened on a phone with no connection, after one earlier visit: the offline shell's worker opens the app,
// which says in the reader's language that the page could not load, and Try again brings the page once the
// connection is back (docs/decisions/0050-offline-shell.md). The only test that lets the worker run.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { catalogueText } from './support/catalogue.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage } from './support/browser.ts';

const text = catalogueText;

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the offline shell', () => {
  it('opens a page without a connection after one visit, says so in Arabic, and recovers with Try again', async () => {
    const { context, page, problems } = await openPage(browser, { width: 375, height: 800, locale: 'ar-AE', serviceWorkers: 'allow' });
    await page.goto(`${server.baseUrl}/about`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Registered once the page has loaded; ready once it has kept the shell and become active.
    const scope = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.scope),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker became active in 20 s')), 20_000)),
      ]),
    );
    expect(scope).toBe(`${server.baseUrl}/`);
    expect(problems).toEqual([]);

    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
    });
    await context.setOffline(true);
    await page.goto(`${server.baseUrl}/careers`);
    const failed = page.getByRole('heading', { level: 1, name: text('ar', 'common', 'pageFailed.title') });
    await failed.waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('alert').textContent()).toContain(text('ar', 'common', 'pageFailed.body'));
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    // The page, the app's first script and the texts loaded with Arabic came from the worker; the one request that
    // failed is the one that needs the network: who is signed in.
    expect(fromWorker).toContain('/careers');
    expect(fromWorker.filter((file) => /^\/assets\/index-[\w-]+\.js$/.test(file))).toHaveLength(1);
    expect(fromWorker.filter((file) => /^\/assets\/(common|errors|validation)-[\w-]+\.js$/.test(file))).toHaveLength(3);
    expect(problems.filter((problem) => problem.startsWith('request failed:'))).toEqual([
      `request failed: ${server.baseUrl}/api/auth/user net::ERR_INTERNET_DISCONNECTED`,
    ]);
    for (const problem of problems) expect(problem).toContain('/api/auth/user');
    problems.length = 0;

    await context.setOffline(false);
    await page.getByRole('button', { name: text('ar', 'common', 'pageFailed.retry') }).click();
    await page.getByRole('heading', { level: 1, name: text('ar', 'careers', 'heading') }).waitFor();
    expect(await failed.count()).toBe(0);
    expect(page.url()).toBe(`${server.baseUrl}/careers`);
    // The worker answers no API request, the one that brought the page back included.
    expect(fromWorker.filter((file) => file.startsWith('/api/'))).toEqual([]);
    expect(problems).toEqual([]);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await context.close();
  });

  it('is kept out of every other browser test, whose page.route must see every request', async () => {
    const { context, page, problems } = await openPage(browser, { width: 375, height: 800 });
    const blocked = page.waitForEvent('console', (message) => message.text().includes('registration blocked'));
    await page.goto(`${server.baseUrl}/about`);
    await blocked;
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
