// A phone's screen, 375 px wide: the language is found at once (a globe in the top bar, and the browser's other
// languages offered on the first visit), the confirmation line takes one line and can be closed, a toast never sits
// on the field being typed in, and the small texts are the reader's: the notification region's name, e-mail
// addresses kept left to right inside Arabic and Urdu sentences, the video hint's formats in reading order, Urdu in
// its Nastaliq font (loaded for Urdu only).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../server/test/fixtures.ts';
import { catalogueText } from './support/catalogue.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie } from './support/browser.ts';

const text = catalogueText;

const PHONE = { width: 375, height: 812 };

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: TRUSTED_PROXY_ENV })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signInAs(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

/** A job seeker who has not confirmed their address yet, reading `locale`, in a phone's browser. */
async function newJobSeekerOnPhone(locale: string) {
  const seeker = await signedInAgent(server, { role: 'job_seeker' });
  await seeker.agent.put('/api/auth/locale').send({ locale }).expect(200);
  const tracked = await openPage(browser, { ...PHONE, locale });
  await signInAs(tracked.context, seeker.cookie);
  return { ...tracked, seeker };
}

const languageOf = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The browser asks for these languages (Accept-Language), as one set to English, then Hindi, does. */
async function browserAsksFor(context: BrowserContext, languages: string) {
  // The context's locale sets the header for every request; the pages are asked for with this one instead.
  await context.route(
    (url) => url.origin === server.baseUrl && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    (route) => route.continue({ headers: { ...route.request().headers(), 'accept-language': languages } }),
  );
}

const selectedText = (select: ReturnType<Page['locator']>) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]!.textContent);

describe('the language, found at once', () => {
  it('is a globe with the language\'s name in the phone\'s top bar, outside the menu, on public and signed-in pages', async () => {
    const { page, context, problems } = await openPage(browser, { ...PHONE, locale: 'en-US' });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: text('en', 'landing', 'hero.headline') }).waitFor();
    const header = page.locator('header');
    const menu = header.getByRole('button', { name: 'Open menu' });
    // Seen without opening the menu, naming the language it is in.
    expect(await header.getByRole('combobox', { name: 'Language' }).isVisible()).toBe(true);
    const language = header.locator('select');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await selectedText(language)).toBe('English');
    await language.selectOption('hi');
    await page.getByRole('heading', { level: 1, name: text('hi', 'landing', 'hero.headline') }).waitFor();
    expect(await languageOf(page)).toBe('hi');
    expect(await selectedText(language)).toBe('हिन्दी');
    expect(await header.getByRole('combobox', { name: text('hi', 'common', 'language.label') }).isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();

    // Signed in: the same control, and the choice becomes the account's.
    const signedIn = await newJobSeekerOnPhone('en');
    await signedIn.page.goto(`${server.baseUrl}/create-profile`);
    await signedIn.page.getByRole('heading', { level: 1, name: text('en', 'profile', 'create.title') }).waitFor();
    const saved = signedIn.page.waitForResponse((res) => res.url().endsWith('/api/auth/locale') && res.ok());
    await signedIn.page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('ur');
    await signedIn.page.getByRole('heading', { level: 1, name: text('ur', 'profile', 'create.title') }).waitFor();
    await saved;
    const [account] = await db().select().from(users).where(eq(users.email, signedIn.seeker.email));
    expect(account!.locale).toBe('ur');
    expect(signedIn.problems).toEqual([]);
    await signedIn.context.close();
  });

  it('offers Hindi, in Hindi, to a browser that asks for English, then Hindi; the answer is kept', async () => {
    // What the server read in Accept-Language goes into the page: the offer needs no request of its own.
    const served = await (await fetch(server.baseUrl, { headers: { 'accept-language': 'en-US,hi' } })).text();
    expect(served).toMatch(/<html lang="en" dir="ltr" data-browser-languages="en hi"[ >]/);

    const { page, context, problems } = await openPage(browser, { ...PHONE, locale: 'en-US' });
    await browserAsksFor(context, 'en-US,hi');
    await page.goto(server.baseUrl);
    const offer = page.getByRole('button', { name: 'हिन्दी में देखें?' });
    await offer.waitFor();
    expect(await offer.getAttribute('lang')).toBe('hi');
    // The page is English until the offer is taken.
    expect(await languageOf(page)).toBe('en');
    await expectAccessible(page);
    await offer.click();
    await page.getByRole('heading', { level: 1, name: text('hi', 'landing', 'hero.headline') }).waitFor();
    expect(await offer.count()).toBe(0);
    // Kept: the next page comes from the server in Hindi, with nothing offered.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text('hi', 'landing', 'hero.headline') }).waitFor();
    expect(await languageOf(page)).toBe('hi');
    expect(await page.getByRole('button', { name: /में देखें\?|View in English\?/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // Closed instead: English stays, and is not offered again.
    const other = await openPage(browser, { ...PHONE, locale: 'en-US' });
    await browserAsksFor(other.context, 'en-US,hi');
    await other.page.goto(`${server.baseUrl}/get-started`);
    await other.page.getByRole('button', { name: 'No, keep English' }).click();
    expect(await other.page.getByRole('button', { name: 'हिन्दी में देखें?' }).count()).toBe(0);
    await other.page.reload();
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await languageOf(other.page)).toBe('en');
    expect(await other.page.getByRole('button', { name: 'हिन्दी में देखें?' }).count()).toBe(0);
    await other.context.close();

    // A browser with one language is offered nothing.
    const english = await openPage(browser, { ...PHONE, locale: 'en-US' });
    // The offer comes once the page's code has taken it over: looked for once the network is quiet.
    await english.page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    await english.page.getByRole('heading', { level: 1, name: text('en', 'landing', 'hero.headline') }).waitFor();
    expect(await english.page.getByRole('button', { name: /\?$/ }).count()).toBe(0);
    await english.context.close();
  });
});

describe('room on a small screen', () => {
  it('the confirmation is one line under the top bar, and closing it hides it for the session', async () => {
    const { page, context, seeker, problems } = await newJobSeekerOnPhone('hi');
    await page.goto(`${server.baseUrl}/create-profile`);
    await page.getByRole('heading', { level: 1, name: text('hi', 'profile', 'create.title') }).waitFor();
    const hide = page.getByRole('button', { name: text('hi', 'common', 'verifyBanner.hide') });
    const banner = page.locator('div', { has: hide }).last();
    await banner.waitFor();
    const sizes = await page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const main = document.querySelector('main')!.getBoundingClientRect();
      return { header: header.height, aboveMain: main.top };
    });
    const bannerBox = (await banner.boundingBox())!;
    // One line: no taller than its 40 px buttons; top bar and line together well under the 165 px they took.
    expect(bannerBox.height).toBeLessThanOrEqual(44);
    expect(sizes.aboveMain).toBeLessThanOrEqual(100);
    console.log(`375x812, Hindi, /create-profile: top bar ${sizes.header} px, top bar and confirmation line ${sizes.aboveMain} px`);
    // The whole address is in the line (cut short on screen only).
    expect(await banner.textContent()).toContain(seeker.email);
    await expectAccessible(page);

    await hide.click();
    expect(await hide.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text('hi', 'profile', 'create.title') }).waitFor();
    expect(await hide.count()).toBe(0);
    // Another session (a new tab) shows it again, the address still waiting for confirmation.
    const tab = await context.newPage();
    await tab.goto(`${server.baseUrl}/create-profile`);
    await tab.getByRole('button', { name: text('hi', 'common', 'verifyBanner.hide') }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a toast never covers the field being typed in', async () => {
    const email = uniqueEmail('toast');
    await signedInAgent(server, { role: 'job_seeker', email });
    // The visible part of a phone's screen above its keyboard.
    const { page, context } = await openPage(browser, { width: 375, height: 420, locale: 'en-US' });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('E-mail').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not the password');

    for (const where of ['end', 'start'] as const) {
      // The field low on the screen (just above the keyboard), then high.
      await password.evaluate((field, block) => field.scrollIntoView({ block }), where);
      await password.press('Enter');
      const toast = page.getByRole('region', { name: 'Notifications (F8)' }).locator('li').filter({ hasText: 'Sign-in failed' });
      await toast.waitFor();
      expect(await password.evaluate((field) => field === document.activeElement)).toBe(true);
      const [fieldBox, toastBox] = [(await password.boundingBox())!, (await toast.boundingBox())!];
      const overlap = Math.min(fieldBox.y + fieldBox.height, toastBox.y + toastBox.height) - Math.max(fieldBox.y, toastBox.y);
      expect(overlap, `field ${JSON.stringify(fieldBox)}, toast ${JSON.stringify(toastBox)}`).toBeLessThanOrEqual(0);
      await toast.getByRole('button', { name: 'Close' }).click();
      await toast.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});

describe('the small texts', () => {
  it.each(['hi', 'ur'] as const)('%s: the notification region is named in the language', async (lang) => {
    const { page, context } = await openPage(browser, { ...PHONE, locale: lang });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: text(lang, 'landing', 'hero.headline') }).waitFor();
    // The region comes with the toasts' code, once the page is idle.
    await page.getByRole('region', { name: text(lang, 'common', 'toast.region') }).waitFor({ state: 'attached' });
    expect(await page.getByRole('region', { name: /Notifications/ }).count()).toBe(0);
    await context.close();
  });

  it('keeps an e-mail address left to right inside Arabic and Urdu sentences', async () => {
    // Urdu: the confirmation line names the address.
    const urdu = await newJobSeekerOnPhone('ur');
    await urdu.page.goto(`${server.baseUrl}/create-profile`);
    const address = urdu.page.locator('bdi[dir="ltr"]', { hasText: urdu.seeker.email });
    await address.waitFor();
    expect(await languageOf(urdu.page)).toBe('ur');
    // The address is the whole isolate, with no stray marks; the sentence around it is right to left.
    expect(await address.textContent()).toBe(urdu.seeker.email);
    expect(await address.evaluate((element) => getComputedStyle(element.parentElement!).direction)).toBe('rtl');
    await urdu.context.close();

    // Arabic: the address is followed by the sentence's comma, which reads after it: to its left.
    const { page, context, problems } = await openPage(browser, { ...PHONE, locale: 'ar-AE' });
    await page.goto(`${server.baseUrl}/forgot-password`);
    const email = 'ar.c@example.com';
    await page.getByLabel(text('ar', 'auth', 'fields.email')).fill(email);
    await page.getByRole('button', { name: text('ar', 'auth', 'forgot.submit') }).click();
    const isolated = page.locator('p bdi[dir="ltr"]');
    await isolated.waitFor();
    expect(await isolated.textContent()).toBe(email);
    const boxes = await isolated.evaluate((bdi) => {
      const after = bdi.nextSibling!;
      const range = document.createRange();
      range.setStart(after, 0);
      range.setEnd(after, 1);
      const comma = range.getBoundingClientRect();
      const address = bdi.getBoundingClientRect();
      return { comma: { text: range.toString(), right: comma.right, top: comma.top }, address: { left: address.left, top: address.top } };
    });
    expect(boxes.comma.text).toBe('،');
    expect(Math.abs(boxes.comma.top - boxes.address.top)).toBeLessThan(8);
    expect(boxes.comma.right).toBeLessThanOrEqual(boxes.address.left + 1);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['ur', 'ar'] as const)('%s: the video hint names every format, read in order from right to left', async (lang) => {
    const hint = text(lang, 'profile', 'form.videoHint');
    const { page, context } = await openPage(browser, { ...PHONE, locale: lang });
    await page.setContent(`<html lang="${lang}" dir="rtl"><body style="width: 300px"><p id="hint"></p></body></html>`);
    await page.locator('#hint').evaluate((p, value) => (p.textContent = value), hint);
    const positions = await page.locator('#hint').evaluate((p) =>
      ['MP4', 'MOV', 'AVI', 'WebM'].map((word) => {
        const node = p.firstChild!;
        const at = node.textContent!.indexOf(word);
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const box = range.getBoundingClientRect();
        return { word, x: box.x, y: Math.round(box.y) };
      }),
    );
    // Each format is to the left of the one before it on the same line, or on a later line.
    for (let i = 1; i < positions.length; i++) {
      const [before, after] = [positions[i - 1]!, positions[i]!];
      expect(after.y > before.y || (after.y === before.y && after.x < before.x), `${before.word} then ${after.word}: ${JSON.stringify(positions)}`).toBe(true);
    }
    await context.close();
  });

  it('sets Urdu in Nastaliq, a font no other language loads', async () => {
    const fontRequests = async (locale: string, lang: string) => {
      const { page, context } = await openPage(browser, { ...PHONE, locale });
      const fonts: { url: string; bytes: number }[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'font') fonts.push({ url: res.url(), bytes: (await res.body()).length });
      });
      await page.goto(server.baseUrl);
      await page.getByRole('heading', { level: 1, name: text(lang, 'landing', 'hero.headline') }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      const family = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily);
      const nastaliqUsed = await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('Nastaliq') && font.status === 'loaded'));
      await context.close();
      return { fonts, family, nastaliqUsed };
    };
    const urdu = await fontRequests('ur-PK', 'ur');
    expect(urdu.family).toMatch(/^"Noto Nastaliq Urdu"/);
    expect(urdu.nastaliqUsed).toBe(true);
    const nastaliq = urdu.fonts.filter((font) => font.url.includes('nastaliq'));
    expect(nastaliq).toHaveLength(1);
    // The Naskh font of Arabic is not fetched for Urdu.
    expect(urdu.fonts.filter((font) => font.url.includes('noto-sans-arabic'))).toEqual([]);
    console.log(`Urdu font: ${nastaliq[0]!.bytes} bytes`);
    for (const [locale, lang] of [['en-US', 'en'], ['hi-IN', 'hi'], ['ar-AE', 'ar']] as const) {
      const other = await fontRequests(locale, lang);
      expect(other.fonts.filter((font) => font.url.includes('nastaliq')), lang).toEqual([]);
    }
  });
});
