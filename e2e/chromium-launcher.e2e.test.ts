// The browser the tests start (e2e/support/chromium.sh): without the address bar's popups, each new context opens only
// the page a test asks for, and every feature Playwright turns off stays off.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, launchBrowser } from './support/browser.ts';

const opened: Browser[] = [];
afterAll(async () => {
  await Promise.all(opened.map((browser) => browser.close()));
});

/** The features a running browser was told to turn off: the value of each `--disable-features` it was given. */
async function disabledFeatureLists(browser: Browser): Promise<string[][]> {
  // Chromium's own page about itself shows the command line it was started with.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').textContent();
  await context.close();
  return [...commandLine!.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
}

/** The pages a new context's first page brings with it, as Chromium lists its targets. */
async function targetsOfANewPage(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  await context.newPage();
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
  await context.close();
  return targetInfos.map(({ type, url }) => `${type} ${url}`);
}

describe('the browser the tests start', () => {
  it('opens no address-bar popups with a new page, and keeps every feature Playwright turns off', async () => {
    // Chromium as Playwright starts it by itself: what it turns off, and the popups Chromium opens for each window.
    const plain = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    opened.push(plain);
    const [playwrightList] = await disabledFeatureLists(plain);
    expect(playwrightList!.length).toBeGreaterThan(0);

    const browser = await launchBrowser();
    opened.push(browser);
    expect(await targetsOfANewPage(browser)).toEqual(['page about:blank']);
    // Chromium reads only the last list it is given: the launcher gives one, with Playwright's in it.
    const lists = await disabledFeatureLists(browser);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual(expect.arrayContaining([...playwrightList!, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
