// The accessibility check every browser test relies on (`expectAccessible`) still finds what it is there to find,
// in the page and in a frame of the page's own origin, since it runs axe in the page (see its comment), and reads the page at rest.
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

const FADING = `<!doctype html><html lang="en"><head><title>Fading</title><style>
.list{transition:opacity 1.5s linear}.busy{opacity:.6}@keyframes turn{to{transform:rotate(1turn)}}
.spinner{display:inline-block;animation:turn 1s linear infinite}</style></head><body><main><h1>Fading</h1>
<span class="spinner" aria-hidden="true">*</span><div class="list busy"><p style="color:#6b6b6b">Result</p></div>
</main></body></html>`;

it('reads a list fading back in once it has come to rest, and does not wait for a spinner', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.route('http://check.test/**', (route) => route.fulfill({ contentType: 'text/html', body: FADING }));
  await page.goto('http://check.test/');
  // The text's contrast passes at full opacity and fails at 0.6, which the list is leaving when axe starts.
  await page.evaluate(() => document.querySelector('.list')!.classList.remove('busy'));
  await expectAccessible(page);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.list')!).opacity)).toBe('1');
  await context.close();
});
