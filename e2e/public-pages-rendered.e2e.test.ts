// The public pages as the server sends them: HTML in the reader's language before any script, hydrated without a
// mismatch, with what search engines and link previews read (docs/decisions/0051-public-pages-rendered-by-the-server.md).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { launchBrowser, openPage, type TrackedPage } from './support/browser.ts';
import { Phone, THREE_G } from './support/phone.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let offerOver: Server; // early access ended on 2025-11-15, the default

beforeAll(async () => {
  [browser, offerOver] = await Promise.all([launchBrowser(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await offerOver?.close();
});

async function visit(server: Server, path: string, width = 1280): Promise<TrackedPage> {
  const tracked = await openPage(browser, { width });
  // A public page arrives rendered: once the network is quiet, its code has arrived and taken the page over.
  await tracked.page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await tracked.page.getByRole('heading', { level: 1 }).first().waitFor();
  return tracked;
}

async function done({ context, problems }: TrackedPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('public pages arrive as HTML in the reader’s language', () => {
  const PAGES = ['/', '/about', '/careers', '/get-started', '/get-started/company', '/contact-sales', '/privacy-policy', '/terms-of-service', '/login'];
  const LANGUAGES = ['en', 'ar', 'hi', 'ur', 'bn', 'ne', 'tl', 'ml'];
  const RIGHT_TO_LEFT = ['ar', 'ur'];
  const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '').trim();

  it('with their heading, language, direction, description and preview picture, read with plain HTTP', async () => {
    const pictures = new Map<string, number>();
    for (const language of LANGUAGES) {
      for (const path of PAGES) {
        const res = await fetch(`${offerOver.baseUrl}${path}`, { headers: { 'Accept-Language': language } });
        const html = await res.text();
        const where = `${path} in ${language}`;
        expect(res.status, where).toBe(200);
        expect(/<html[^>]*>/.exec(html)?.[0], where).toBe(`<html lang="${language}" dir="${RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr'}" data-signed-out>`);
        const heading = text(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '');
        expect(heading, where).not.toBe('');
        expect(html, where).not.toContain('{{');
        // Every id once, and every label names an element the page has (ids are named, not counted: 0053).
        const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
        expect(ids.filter((id, i) => ids.indexOf(id) !== i), where).toEqual([]);
        for (const [, target] of html.matchAll(/<label[^>]* for="([^"]+)"/g)) expect(ids, where).toContain(target);
        expect(/<meta name="description" content="([^"]+)"/.exec(html)?.[1], where).toBeTruthy();
        const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
        expect(image, where).toBeTruthy();
        if (!pictures.has(image!)) pictures.set(image!, (await fetch(`${offerOver.baseUrl}${new URL(image!).pathname}`)).status);
        // Each language's address, named to search engines (hreflang).
        expect(html, where).toContain(`<link rel="alternate" hreflang="${language}" href="${offerOver.config.publicUrl.replace(/\/$/, '')}${path}?lang=${language}" />`);
        expect(html, where).toContain('hreflang="x-default"');
      }
    }
    expect([...pictures.values()]).toEqual(LANGUAGES.map(() => 200));
    // The headings are the pages' own, in their language.
    const heading = async (path: string, headers: Record<string, string>) =>
      text(/<h1[^>]*>(.*?)<\/h1>/s.exec(await (await fetch(`${offerOver.baseUrl}${path}`, { headers })).text())?.[1] ?? '');
    expect(await heading('/about', { 'Accept-Language': 'en' })).toBe('About Us');
    expect(await heading('/about', { 'Accept-Language': 'en' })).toBe(await heading('/about?lang=en', { 'Accept-Language': 'ar' }));
    expect(await heading('/about?lang=ar', { 'Accept-Language': 'en' })).toMatch(/[\u0600-\u06FF]/);
    expect(await heading('/', { Cookie: 'wazifa.lang=hi' })).toMatch(/[\u0900-\u097F]/);
    // A signed-in person's home page is theirs, not the visitor's, and so is the sign-in page: the app decides them.
    for (const path of ['/', '/login']) {
      const page = await (await fetch(`${offerOver.baseUrl}${path}`, { headers: { Cookie: 'wazifa.sid=someone' } })).text();
      expect(page, path).toContain('<div id="root"></div>');
      expect(page, path).not.toContain('data-signed-out');
    }
    // An address the app has no page for is one to search engines too, and says so in the reader's language.
    for (const [path, headers] of [['/no-such-page', { 'Accept-Language': 'ar' }], ['/admin/review', {}]] as const) {
      const res = await fetch(`${offerOver.baseUrl}${path}`, { headers });
      const html = await res.text();
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(text(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? ''), path).toBe(path === '/admin/review' ? '404 Page Not Found' : '404 الصفحة غير موجودة');
    }
    // Someone signed in may have pages a visitor has not: the app decides, and the status still tells a dead address.
    const signedIn = (path: string) => fetch(`${offerOver.baseUrl}${path}`, { headers: { Cookie: 'wazifa.sid=someone' } });
    expect((await signedIn('/admin/review')).status).toBe(200);
    const deadForSignedIn = await signedIn('/no-such-page');
    expect(deadForSignedIn.status).toBe(404);
    expect(await deadForSignedIn.text()).toContain('<div id="root"></div>');
    // The sign-in form cannot be sent before its code has arrived: it would go as a GET with the password in it.
    const login = await (await fetch(`${offerOver.baseUrl}/login`)).text();
    expect(/<button type="submit"[^>]*>/.exec(login)?.[0]).toMatch(/ disabled[ >]/);
    // An account type, an invitation or a provider's refusal reshape the sign-in page: the browser renders those.
    const forCompany = await (await fetch(`${offerOver.baseUrl}/login?type=company&lang=ar`)).text();
    expect(forCompany).toContain('<div id="root"></div>');
    expect(forCompany).toContain('<html lang="ar" dir="rtl" data-signed-out>');
  });

  it('shows the heading in the first frame, before any script, and hydrates it without a mismatch', async () => {
    for (const locale of ['en', 'hi']) {
      const tracked = await openPage(browser, { width: 375, height: 800, locale });
      const { page } = tracked;
      // Hold every script until the first frame has been looked at.
      let releaseScripts!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto(`${offerOver.baseUrl}/`, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      await page.screenshot();
      expect(await heading.isVisible()).toBe(true);
      expect((await heading.boundingBox())!.y).toBeLessThan(800);
      expect(await page.getByText('Loading...').count()).toBe(0);
      const before = await heading.textContent();
      expect(before).not.toBe('');
      // The heading the server rendered is the one Preact takes over, not a new one.
      await heading.evaluate((element) => element.setAttribute('data-first-frame', ''));
      releaseScripts();
      await page.waitForLoadState('networkidle');
      await page.locator('header button[aria-controls]').click();
      await page.locator('header [aria-expanded="true"]').waitFor();
      expect(await page.locator('h1[data-first-frame]').textContent()).toBe(before);
      await done(tracked);
    }
  });

  it('hydrates every public page without a mismatch, in every language', async () => {
    const checks = [
      ...PAGES.flatMap((path) => ['en', 'ar'].map((language) => [path, language] as const)),
      ...['/', '/get-started', '/privacy-policy'].flatMap((path) => LANGUAGES.filter((language) => !['en', 'ar'].includes(language)).map((language) => [path, language] as const)),
      ['/no-such-page', 'en'] as const,
      ['/no-such-page', 'ar'] as const,
      // Last: the plan it names is looked for below.
      ['/contact-sales?plan=quarterly', 'en'] as const,
    ];
    const answered404Line = /status of 404 \(Not Found\) \(\S*\/no-such-page\?lang=(en|ar)\)$/;
    const answered404 = (problem: string) => answered404Line.test(problem);
    const tracked = await openPage(browser, { width: 375 });
    for (const [path, language] of checks) {
      await tracked.page.goto(`${offerOver.baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${language}`, { waitUntil: 'networkidle' });
      await tracked.page.locator('h1').first().evaluate((element) => element.setAttribute('data-server', ''));
      if (path === '/login') {
        // Hydrated: the form can be sent (the server renders it unable to).
        await tracked.page.locator('button[type="submit"]:enabled').waitFor();
      } else {
        // Hydrated: the menu opens (a click before would do nothing).
        await tracked.page.locator('header button[aria-controls]').click();
        await tracked.page.locator('header [aria-expanded="true"]').waitFor();
      }
      expect(await tracked.page.locator('h1[data-server]').count(), `${path} in ${language}`).toBe(1);
      // And it reads as the server sent it: once hydrated, the header, the main part and the footer have the same
      // words (what the browser adds afterwards, a language to offer or the notifications' region, sits beside them).
      // Not asked again of the address with no page: the browser would log its 404 once more.
      if (path === '/no-such-page') continue;
      const words = await tracked.page.evaluate(async () => {
        const wordsOf = (page: Document) => ['header', 'main', 'footer'].map((part) => page.querySelector(`#root ${part}`)?.textContent ?? null);
        const sent = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
        return { sent: wordsOf(sent), hydrated: wordsOf(document) };
      });
      expect(words.sent[1], `${path} in ${language}`).toBeTruthy();
      expect(words.hydrated, `${path} in ${language}`).toEqual(words.sent);
      expect(tracked.problems.filter((problem) => !answered404(problem)), `${path} in ${language}`).toEqual([]);
    }
    // The browser notes that an address the app has no page for was answered 404, as it should be; nothing else.
    expect(tracked.problems.splice(0)).toEqual([expect.stringMatching(answered404Line), expect.stringMatching(answered404Line)]);
    // The plan chosen on the pricing section reaches the page's links once it is hydrated.
    expect(await tracked.page.getByRole('link', { name: /back/i }).first().getAttribute('href')).toBe('/get-started/company?plan=quarterly');
    await done(tracked);
  });
});

describe('a rendered page’s code and texts', () => {
  it('are named in its head, so they come with the page: each one used, none found only later', async () => {
    for (const [path, ready] of [['/login?lang=ar', 'button[type="submit"]:enabled'], ['/?lang=ar', 'header select:enabled']] as const) {
      const html = await (await fetch(`${offerOver.baseUrl}${path}`)).text();
      const named = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
      const tracked = await openPage(browser, { width: 375 });
      const requested: string[] = [];
      tracked.page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) requested.push(pathname);
      });
      await tracked.page.goto(`${offerOver.baseUrl}${path}`);
      await tracked.page.locator(ready).waitFor();
      const loadedToHydrate = [...requested];
      // The page's own module and its texts in the reader's language are among them.
      expect(named.some((file) => file.startsWith(path.startsWith('/login') ? '/assets/login-' : '/assets/landing-')), path).toBe(true);
      expect(named.filter((file) => /\/assets\/(auth|landing)-/.test(file)).length, path).toBeGreaterThanOrEqual(2);
      // And the number formatter's warm-up, which runs while the rest is on its way (client/src/warm-intl.ts).
      expect(named.filter((file) => file.startsWith('/assets/warm-intl-')), path).toHaveLength(1);
      // Every file named was needed to hydrate; nothing needed was found only once the code ran. The toasts' region
      // comes when the browser is idle, by design.
      expect(named.filter((file) => !loadedToHydrate.includes(file)), path).toEqual([]);
      expect(loadedToHydrate.filter((file) => !named.includes(file) && !file.startsWith('/assets/toaster-')), path).toEqual([]);
      await done(tracked);
    }
  });
});

describe('a rendered page in Arabic over 3G', () => {
  it('has its code and texts before the language’s fonts and the toasts’ region are asked for, neither needed to work', async () => {
    const html = await (await fetch(`${offerOver.baseUrl}/?lang=ar`)).text();
    const named = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const tracked = await openPage(browser, { width: 375 });
    // The network of a phone on 3G, at full processor speed: the order of the requests is what is checked.
    await Phone.of(tracked.page, { ...THREE_G, cpuSlowdown: 1 });
    const arrived = new Map<string, number>();
    const askedLater = new Map<string, number>();
    tracked.page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (named.includes(pathname)) arrived.set(pathname, Date.now());
    });
    tracked.page.on('request', (request) => {
      const kind = /noto-sans-arabic|\/assets\/(400|700)-[^/]+\.css$/.test(request.url()) ? 'fonts' : /\/assets\/toaster-/.test(request.url()) ? 'toasts' : null;
      if (kind && !askedLater.has(kind)) askedLater.set(kind, Date.now());
    });
    const fontFile = tracked.page.waitForRequest(/noto-sans-arabic-arabic-400-normal/);
    const toasts = tracked.page.waitForRequest(/\/assets\/toaster-/);
    await tracked.page.goto(`${offerOver.baseUrl}/?lang=ar`);
    await Promise.all([fontFile, toasts]);
    expect([...arrived.keys()].sort()).toEqual([...named].sort());
    const lastArrived = Math.max(...arrived.values());
    expect([...askedLater].filter(([, at]) => at < lastArrived).map(([kind]) => kind)).toEqual([]);
    await done(tracked);
  });
});

describe('the fonts of a language the phone may lack', () => {
  it('wait for a second page: the first keeps the phone’s font and only fetches them, so it is not laid out again', async () => {
    const tracked = await visit(offerOver, '/?lang=ar', 375);
    const { page } = tracked;
    const arabicFaces = () => page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Noto Sans Arabic')).map((face) => face.status));
    // The stylesheets and font files arrive in the browser's cache, noted for the next visit (and kept for a visit
    // offline), and no rule of theirs takes effect here.
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('wazifa.fonts-fetched') ?? '[]') as string[]).length === 6);
    const fetched = await page.evaluate(() => JSON.parse(localStorage.getItem('wazifa.fonts-fetched')!) as string[]);
    expect(fetched.filter((file) => /^\/assets\/(400|700)-[\w-]+\.css$/.test(file))).toHaveLength(2);
    expect(fetched.filter((file) => /^\/assets\/noto-sans-arabic-(arabic|latin)-(400|700)-normal-[\w-]+\.woff2$/.test(file))).toHaveLength(4);
    expect(await arabicFaces()).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length)).toBe(1);

    // The app's own next page takes them, from the cache: a journey inside the app may never load a page the server
    // sends, and a phone without a font for the script would show boxes all along it.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.locator('footer a[href="/about"]').click();
    await page.waitForURL('**/about');
    await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Noto Sans Arabic') && face.status === 'loaded'));
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // The next page the server renders takes them once it is shown, from the cache (nothing transferred).
    await page.goto(`${offerOver.baseUrl}/login?lang=ar`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Noto Sans Arabic') && face.status === 'loaded'));
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Arabic"', 'ع'))).toBe(true);
    // Shown only if at hand by the first paint (the build sets `optional` in the stylesheets), never swapped in late.
    expect(new Set(await page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Noto Sans Arabic')).map((face) => face.display)))).toEqual(
      new Set(['optional']),
    );
    const fonts = await page.evaluate(() =>
      performance.getEntriesByType('resource').flatMap((entry) => (entry.name.includes('noto-sans-arabic') ? [(entry as PerformanceResourceTiming).transferSize] : [])),
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((transferred) => transferred > 0)).toEqual([]);
    await done(tracked);
  });
});

describe('search engines', () => {
  it('are pointed at the public pages by /robots.txt and /sitemap.xml, and told to leave every other page out', async () => {
    const robots = await fetch(`${offerOver.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(rules)?.[1];
    expect(sitemapUrl).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);

    const sitemap = await fetch(`${offerOver.baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const addresses = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replaceAll('&#38;', '&')));
    const pages = [...new Set(addresses.map((address) => address.pathname))];
    expect(pages).toEqual(expect.arrayContaining(['/', '/about', '/careers', '/get-started', '/contact-sales', '/privacy-policy', '/terms-of-service', '/login']));
    // Each public page at its address in every language, each naming the others and the reader's own.
    expect(addresses.filter((address) => address.pathname === '/about').map((address) => address.searchParams.get('lang'))).toEqual(['en', 'ar', 'hi', 'ur', 'bn', 'ne', 'tl', 'ml']);
    expect(xml).toMatch(/<loc>[^<]*\/about\?lang=ar<\/loc><xhtml:link rel="alternate" hreflang="en" href="[^"]*\/about\?lang=en"\/>/);
    expect(xml).toMatch(/hreflang="x-default" href="[^"]*\/about"\/>/);
    // Each listed page is there in its language, and open to search engines.
    for (const address of addresses) {
      const res = await fetch(`${offerOver.baseUrl}${address.pathname}${address.search}`);
      expect(res.status, address.href).toBe(200);
      expect(res.headers.get('x-robots-tag'), address.href).toBeNull();
      if (address.searchParams.has('lang')) expect(await res.text(), address.href).toContain(`<html lang="${address.searchParams.get('lang')}"`);
    }
    // Accounts, the console and pages that do not exist are not for search engines.
    for (const page of ['/signup', '/dashboard', '/profile/edit', '/admin/review', '/no-such-page']) {
      expect((await fetch(`${offerOver.baseUrl}${page}`)).headers.get('x-robots-tag'), page).toBe('noindex');
    }
  });
});

describe('link previews', () => {
  /** The head of a page as a link preview's crawler reads it: plain HTTP, no script run. */
  const head = async (page: string, language: string) => {
    const html = await (await fetch(`${offerOver.baseUrl}${page}`, { headers: { 'Accept-Language': language } })).text();
    const meta = (attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
    return {
      html: /<html[^>]*>/.exec(html)?.[0],
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: meta('name', 'description'),
      ogTitle: meta('property', 'og:title'),
      ogDescription: meta('property', 'og:description'),
      ogUrl: meta('property', 'og:url'),
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
      image: meta('property', 'og:image'),
    };
  };

  it('gives each public page its own title and description in the reader’s language, before any script runs', async () => {
    const about = await head('/about', 'en-US');
    expect(about).toMatchObject({ title: 'About Us | Wazifa', ogTitle: 'About Us | Wazifa', html: '<html lang="en" dir="ltr" data-signed-out>' });
    expect(about.description).toMatch(/^Finding work in the Gulf is hard\. Wazifa began/);
    expect(about.ogDescription).toBe(about.description);
    expect(new URL(about.canonical!).pathname).toBe('/about');
    expect(new URL(about.canonical!).searchParams.get('lang')).toBe('en');
    expect(about.ogUrl).toBe(about.canonical);

    // The preview's picture, in the reader's language, is there.
    for (const [page, language, locale] of [['/about', 'en-US', 'en'], ['/', 'ar', 'ar'], ['/get-started', 'ur', 'ur']] as const) {
      const { image } = await head(page, language);
      expect(new URL(image!).pathname).toBe(`/previews/${locale}.jpg`);
      const picture = await fetch(`${offerOver.baseUrl}${new URL(image!).pathname}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
    }

    const home = await head('/', 'ar');
    expect(home.html).toBe('<html lang="ar" dir="rtl" data-signed-out>');
    expect(home.title).toMatch(/[\u0600-\u06FF].* \| Wazifa$/);
    expect(home.description).toMatch(/[\u0600-\u06FF]/);
    const privacy = await head('/privacy-policy', 'hi');
    expect(privacy.title).toMatch(/ \| Wazifa$/);
    expect(privacy.description).toContain('Wazifa');
    expect(privacy.description).not.toContain('{{');
    for (const page of ['/careers', '/get-started', '/get-started/company', '/contact-sales', '/terms-of-service']) {
      const { title, description, ogTitle } = await head(page, 'en');
      expect(title, page).not.toBe('Wazifa');
      expect(ogTitle, page).toBe(title);
      expect(description, page).not.toBe('Reviewed video profiles of job seekers in the Gulf, for subscribed companies.');
    }
    const login = await head('/login', 'ar');
    expect(login.title).toMatch(/^[\u0600-\u06FF ]+ \| Wazifa$/);
    expect(login.description).toMatch(/[\u0600-\u06FF].*Wazifa/);
    expect(new URL(login.canonical!).searchParams.get('lang')).toBe('ar');
    // A page that is not public keeps the product's own head, with no preview.
    const signUp = await head('/signup', 'en');
    expect(signUp).toMatchObject({ title: 'Wazifa', ogTitle: undefined, canonical: undefined });
  });

  it('ends with the title the page sets itself once it runs', async () => {
    const tracked = await visit(offerOver, '/careers');
    await tracked.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await tracked.page.title()).toBe((await head('/careers', 'en-US')).title);
    await done(tracked);
  });
});
