// Debian's Chromium driven by playwright-core (no browser download), with the checks every page gets.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Frame, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Chromium's own camera and microphone (a moving test picture and a tone), allowed without asking. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Starts $CHROMIUM_PATH or Debian's Chromium through a script that turns off what the tests never use (chromium.sh). */
export const CHROMIUM_LAUNCHER = fileURLToPath(new URL('./chromium.sh', import.meta.url));

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_LAUNCHER,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, failed requests and uncaught exceptions seen so far. */
  problems: string[];
}

/**
 * Every browser context of the tests is made here. The product's service worker (the offline shell) is blocked unless
 * a test allows it: the requests a worker answers never reach page.route, which many tests use to hold or fail one.
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', ...options });
}

/**
 * Records each time a page that has shown its heading loses it again at its address while a part of it loads: when a
 * part suspends later, for its code or its texts, React hides the shown page (`display: none !important`) behind its
 * outline; a renderer that takes the page's nodes away instead is caught the same way. A page asks for what it needs
 * as it opens. Call before the page is opened; the answer lists what was hidden, and when. Moving to another page is
 * not counted (the address has changed by the time the page left goes), but a prompt giving way to the page it
 * guarded would be: check around such steps, not across them.
 */
export async function recordPageHidden(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const hidden: string[] = [];
    (window as unknown as { pageHidden: string[] }).pageHidden = hidden;
    let shownAt: string | null = null;
    new MutationObserver(() => {
      // Once the changes of a render are in: does the page at this address still show its heading?
      if ([...document.querySelectorAll('#root h1')].some((heading) => heading.checkVisibility())) shownAt = location.pathname;
      else if (shownAt === location.pathname) {
        hidden.push(`${location.pathname} at ${Math.round(performance.now())} ms`);
        shownAt = null;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  });
  return () => page.evaluate(() => (window as unknown as { pageHidden: string[] }).pageHidden);
}

/** A page in its own context (axe needs one from browser.newContext()), recording every problem it meets. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<TrackedPage> {
  const context = await newContext(browser, {
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    // The browser's language (navigator.languages and Accept-Language); English unless a test says otherwise.
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A visitor's GET /api/auth/user answers 401 by contract; the browser logs every 401 it loads.
    if (message.location().url.endsWith('/api/auth/user') && message.text().includes('401')) return;
    problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('requestfailed', (req) => {
    // A navigation to mailto: is handed to the system, and leaving a page cancels what it was still loading:
    // neither is a failure of the page.
    if (req.url().startsWith('mailto:') || req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { context, page, problems };
}

/**
 * axe-core's minified build (650 KB): `axe.source` is the readable one (1.5 MB), and putting that in a page cost
 * half as much again (0.36 CPU-s a page against 0.24, docs/architecture.md, Tests).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in each frame of the page, once per document: a check that sent it again and had the page evaluate
 * it (twice in the top frame, as @axe-core/playwright did) cost a third more of the browser's work per check. A frame
 * that does not answer within a second (a PDF viewer) is left out.
 */
async function putAxeIn(page: Page) {
  const putIn = async (frame: Frame) => {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  };
  await putIn(page.mainFrame());
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) {
    const waited = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([putIn(frame).catch(() => undefined), waited]);
  }
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  await putAxeIn(page);
  // The page as it comes to rest: a list fading back in after a search (opacity 0.6 to 1) read mid-way has text too
  // pale. Endless animations (a spinner) never finish and are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe.run in the page reaches the frames of the page's origin. Those from elsewhere (a video host's player, a stored
  // CV) are not the product's markup to check. Only the violations are read: axe then skips building selectors for
  // every node that passed (about 15% of each check's time on the landing page).
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Waits for the toast (one at a time) that says `text`, and answers all it says. The
 * notification region is named in the reader's language, always ending with its key, F8.
 */
export async function waitForToast(page: Page, text: string): Promise<string> {
  const region = page.getByRole('region', { name: /\(F8\)$/ });
  const toast = region.locator('li').filter({ hasText: text }).first();
  try {
    await toast.waitFor();
  } catch (error) {
    // Say what the page showed instead: another toast, an error, or a page that moved on.
    const shown = await region.locator('li').allTextContents().catch(() => []);
    const heading = await page.locator('h1').first().textContent({ timeout: 1000 }).catch(() => null);
    throw new Error(`No toast saying "${text}" at ${page.url()}; toasts shown: ${JSON.stringify(shown)}; heading: ${JSON.stringify(heading)}`, { cause: error });
  }
  return (await toast.textContent()) ?? '';
}

/** Signs a browser context in with a session cookie ("name=value", as the API fixtures give it). */
export async function signInWithCookie(context: BrowserContext, baseUrl: string, cookie: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
}

/** A phone-sized page (375 px) signed in with a session cookie the API gave, in the browser language `locale`. */
export async function openSignedInPhone(browser: Browser, baseUrl: string, cookie: string, locale: string): Promise<TrackedPage> {
  const tracked = await openPage(browser, { width: 375, height: 800, locale });
  await signInWithCookie(tracked.context, baseUrl, cookie);
  return tracked;
}

/** The page reads in `dir`, fits its width and passes axe. */
export async function expectFits(page: Page, dir: 'ltr' | 'rtl') {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
}
