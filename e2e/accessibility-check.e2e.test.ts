// The accessibility check every browser test relies on (`expectAccessible`) still finds what it is there to find,
// in the page and in a frame of the page's own origin, since it runs axe in the page (see its comment).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newContext } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGE = `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
<button></button><p style="color:#bbb;background:#fff">Pale text</p>
<iframe src="/inner" title="Inner"></iframe></main></body></html>`;
const INNER = '<!doctype html><html lang="en"><head><title>Inner</title></head><body><button></button></body></html>';

it('finds a nameless button in the page and in its frame, and pale text', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  // A made-up origin answered by the test itself: no server to start.
  await page.route('http://check.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/inner') ? INNER : PAGE }),
  );
  await page.goto('http://check.test/');
  await page.frameLocator('iframe').locator('button').waitFor({ state: 'attached' });
  const error = await expectAccessible(page).then(() => null, (thrown: unknown) => thrown as { actual?: unknown });
  expect(error?.actual).toEqual([
    expect.stringMatching(/^button-name \(critical\): .* at button, iframe button$/),
    expect.stringMatching(/^color-contrast \(serious\): .* at p$/),
  ]);
  await context.close();
});
