// Every public route as a visitor sees it: texts and links, accessibility, phones, no errors.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, salesRequests } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, type TrackedPage } from './support/browser.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let offerOver: Server; // the default: early access ended on 2025-11-15
let offerRunning: Server;

beforeAll(async () => {
  [browser, offerOver, offerRunning] = await Promise.all([
    launchBrowser(),
    startTestServer(),
    startTestServer({ env: { EARLY_ACCESS_END: '2099-12-31', EARLY_ACCESS_FORM_URL: 'https://forms.example.com/join' } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([offerOver?.close(), offerRunning?.close()]);
});

async function visit(server: Server, path: string, width = 1280): Promise<TrackedPage> {
  const tracked = await openPage(browser, { width });
  // A public page arrives rendered: once the network is quiet, its code has arrived and taken the page over.
  await tracked.page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await tracked.page.getByRole('heading', { level: 1 }).first().waitFor();
  return tracked;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const href = (page: Page, name: string | RegExp, scope = page.locator('body')) =>
  scope.getByRole('link', { name, exact: typeof name === 'string' }).first().getAttribute('href');

async function done({ context, problems }: TrackedPage) {
  expect(problems).toEqual([]);
  await context.close();
}

describe('landing page', () => {
  it('has the top bar, hero, sections and footer', async () => {
    const tracked = await visit(offerOver, '/');
    const { page } = tracked;
    expect(await h1(page)).toBe('Stand Out. Get Discovered.');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await href(page, 'Features', nav)).toBe('#features');
    expect(await href(page, 'Pricing', nav)).toBe('#pricing');
    expect(await href(page, 'How It Works', nav)).toBe('#how-it-works');
    expect(await href(page, 'Log In')).toBe('/login');
    expect(await href(page, 'Get Started')).toBe('/get-started');
    expect(await href(page, 'Create Your Profile')).toBe('/signup?type=candidate');
    expect(await href(page, 'For Employers')).toBe('#for-employers');
    expect(await href(page, 'Join as a Company')).toBe('/get-started/company');
    expect(await href(page, 'Wazifa')).toBe('/');
    for (const id of ['how-it-works', 'features', 'pricing', 'for-employers']) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    await expect.poll(() => page.getByRole('group', { name: /of 4$/ }).count()).toBe(8);
    expect(await page.getByRole('heading', { name: 'How It Works' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Why Wazifa' }).count()).toBe(1);
    const pricing = page.locator('#pricing');
    expect(await pricing.textContent()).toContain('Billed 1,350 AED per quarter');
    expect(await pricing.textContent()).toContain('Billed 4,800 AED per year');
    const footer = page.getByRole('contentinfo');
    expect(await href(page, 'About', footer)).toBe('/about');
    expect(await href(page, 'Contact', footer)).toBe('/contact-sales');
    expect(await href(page, 'Careers', footer)).toBe('/careers');
    expect(await href(page, 'Privacy Policy', footer)).toBe('/privacy-policy');
    expect(await href(page, 'Terms of Service', footer)).toBe('/terms-of-service');
    expect(await footer.textContent()).toContain('not a recruiter or employment agency');
    await expectAccessible(page);
    await done(tracked);
  });

  it('advertises no expired offer, and the running one while it runs', async () => {
    const over = await visit(offerOver, '/');
    const overText = await over.page.locator('body').textContent();
    expect(overText).not.toMatch(/early access|free until|free for job seekers/i);
    await done(over);

    const running = await visit(offerRunning, '/');
    expect(await running.page.locator('body').textContent()).toContain('Early Access: free for job seekers until December 31, 2099');
    await done(running);
  });

  it('fits a 375 px phone: menu toggle, no sideways scrolling, carousels scroll inside themselves', async () => {
    const tracked = await visit(offerOver, '/', 375);
    const { page } = tracked;
    await expectNoHorizontalScroll(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#pricing');
    expect(await menu.isVisible()).toBe(false);
    const carousel = page.getByRole('region', { name: 'How It Works' });
    await carousel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => carousel.locator('[tabindex="0"]').evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await done(tracked);
  });
});

describe('get started', () => {
  it('offers the two role cards and sets the type when one is chosen', async () => {
    const tracked = await visit(offerOver, '/get-started');
    const { page } = tracked;
    expect(await page.getByRole('heading', { name: "I'm a Job Seeker" }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: "I'm a Company" }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain('From 400 AED/month');
    expect(await page.locator('main').textContent()).not.toMatch(/free until/i);
    expect(await href(page, 'Already have an account? Sign In')).toBe('/login');
    // A job seeker goes straight to sign-up; a company first sees how it works.
    expect(await href(page, 'Continue as a Job Seeker')).toBe('/signup?type=candidate');
    await expectAccessible(page);
    // The whole card is the way in, not only its button: a press on its heading follows the card's link.
    const heading = (await page.getByRole('heading', { name: "I'm a Company" }).boundingBox())!;
    await page.mouse.click(heading.x + heading.width / 2, heading.y + heading.height / 2);
    await page.waitForURL('**/get-started/company');
    expect(await h1(page)).toBe('Welcome, employers');
    // One way in: the company's own account; talking to sales first is the second choice.
    expect(await href(page, 'Create company account')).toBe('/signup?type=company');
    expect(await href(page, 'Talk to sales first')).toBe('/contact-sales');
    expect(await href(page, 'Sign In', page.locator('main'))).toBe('/login?type=company');
    for (const step of ['Sign Up', 'Choose a Plan', 'Wait 24 Hours', 'Start Searching']) {
      expect(await page.locator('main ol').getByText(step, { exact: true }).count(), step).toBe(1);
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Change Account Type' }).click();
    await page.waitForURL((url) => url.pathname === '/get-started');
    await done(tracked);
  });

  it('sends job seekers of old welcome links straight to sign-up, with the offer only while it runs', async () => {
    const tracked = await visit(offerRunning, '/get-started/candidate', 375);
    const { page } = tracked;
    await page.waitForURL('**/signup?type=candidate');
    expect(await h1(page)).toBe('Create your account');
    await page.getByText('You are joining as a job seeker.').waitFor();
    await page.getByText('Create your free job seeker account, then build your video profile.').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await done(tracked);

    const over = await visit(offerOver, '/get-started/job-seeker');
    await over.page.waitForURL('**/signup?type=candidate');
    await over.page.getByText('Create your job seeker account, then build your video profile.').waitFor();
    await done(over);
  });
});

describe('join screen', () => {
  it('links companies to Get Started and job seekers to the early-access form while the offer runs', async () => {
    const running = await visit(offerRunning, '/join');
    expect(await h1(running.page)).toBe('Join Wazifa');
    expect(await running.page.getByText('Choose how you want to get started').count()).toBe(1);
    expect(await href(running.page, 'Join as a Company')).toBe('/get-started/company');
    const early = running.page.getByRole('link', { name: /Join Early Access/ });
    expect(await early.getAttribute('href')).toBe('https://forms.example.com/join');
    expect(await early.getAttribute('target')).toBe('_blank');
    await expectAccessible(running.page);
    await done(running);

    const over = await visit(offerOver, '/join');
    expect(await over.page.getByRole('link', { name: /Join Early Access/ }).count()).toBe(0);
    expect(await href(over.page, 'Create Your Profile')).toBe('/signup?type=candidate');
    await done(over);
  });
});

describe('contact sales', () => {
  it('checks the form, sends it to the sales team, and says so only once the server has it', async () => {
    const tracked = await visit(offerOver, '/contact-sales?plan=quarterly');
    const { page } = tracked;
    expect(await h1(page)).toBe('Contact Our Sales Team');
    expect(await href(page, 'Back')).toBe('/get-started/company?plan=quarterly');
    // The plan chosen before is chosen here too.
    expect(await page.getByLabel('Plan').inputValue()).toBe('quarterly');
    await expectAccessible(page);

    // Browser-level checks: nothing is sent while required fields are empty or the e-mail is malformed.
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/sales-requests')) sent.push(req.method());
    });
    await page.getByRole('button', { name: 'Send Request' }).click();
    expect(await page.getByLabel('Company name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.getByLabel('Company name').fill('Al Noor Facilities & Co.');
    await page.getByLabel('Contact person').fill('Fatima Al Zahra');
    await page.getByLabel('E-mail').fill('not an email');
    await page.getByLabel('Phone').fill('+971 50 123 4567');
    await page.getByLabel('Message').fill('We need 20 cleaners from March.');
    await page.getByRole('button', { name: 'Send Request' }).click();
    expect(await page.getByLabel('E-mail').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await page.getByLabel('E-mail').fill('hr@alnoor.example');
    expect(sent).toEqual([]);

    // The mail program is an extra way, with what was typed, to the sales address.
    const mailto = new URL((await href(page, /Prefer your e-mail program/))!);
    expect(decodeURIComponent(mailto.pathname)).toBe('support@wazifa.example');
    expect(mailto.searchParams.get('subject')).toBe('Sales request: Al Noor Facilities & Co.');
    expect(mailto.searchParams.get('body')!.split('\r\n')).toContain('Plan: Quarterly: 450 AED per month, billed 1,350 AED per quarter');

    // The server refuses once (a network failure): no thank-you, the form keeps what was typed.
    await page.route('**/api/sales-requests', (route: Route) => route.abort('failed'), { times: 1 });
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('We could not send your request. Please check your connection and try again.').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Request Submitted Successfully' }).count()).toBe(0);
    expect(await page.getByLabel('Company name').inputValue()).toBe('Al Noor Facilities & Co.');

    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByRole('heading', { name: 'Request Submitted Successfully' }).waitFor();
    await page.getByText('Request Sent!').first().waitFor();
    const [stored] = await offerOver.testDatabase.database.db.select().from(salesRequests).where(eq(salesRequests.email, 'hr@alnoor.example'));
    expect(stored).toMatchObject({ companyName: 'Al Noor Facilities & Co.', plan: 'quarterly', message: 'We need 20 cleaners from March.' });
    const mails = await offerOver.testDatabase.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'sales_request'));
    expect(mails.map((m) => m.subject)).toContain('Sales request: Al Noor Facilities & Co. (quarterly)');
    expect(await href(page, 'Back to Home')).toBe('/');
    await expectAccessible(page);
    // The aborted request is reported by the browser; nothing else went wrong.
    expect(tracked.problems.filter((p) => !p.includes('/api/sales-requests'))).toEqual([]);
    await tracked.context.close();
  });
});

describe('phones', () => {
  it.each(['/contact-sales', '/join'])('%s fits a 375 px phone: menu toggle, no sideways scrolling', async (path) => {
    const tracked = await visit(offerOver, path, 375);
    const { page } = tracked;
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await toggle.click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await expectNoHorizontalScroll(page);
    await done(tracked);
  });
});

describe('while the current user loads', () => {
  // A page the server does not render (sign-in), asked for with a session cookie: the app must ask who it is.
  const withSessionCookie = async (tracked: TrackedPage, server: Server) =>
    tracked.context.addCookies([{ name: 'wazifa.sid', value: 'expired-or-unknown', url: server.baseUrl }]);

  it("shows the page's outline (Loading... for screen readers), then the page", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await withSessionCookie(tracked, offerOver);
    // Hold GET /api/auth/user until the outline has been seen.
    let holdUser!: (route: Route) => void;
    const userRequest = new Promise<Route>((resolve) => (holdUser = resolve));
    await page.route('**/api/auth/user', (route) => holdUser(route), { times: 1 });
    await page.goto(`${offerOver.baseUrl}/login`);
    const route = await userRequest;
    const outline = page.getByRole('status').filter({ hasText: 'Loading...' });
    await outline.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await route.continue();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await outline.count()).toBe(0);
    await done(tracked);
  });

  it('says the page could not load when who is signed in cannot be learned, and Try again recovers', async () => {
    const tracked = await openPage(browser, { width: 375, height: 800, locale: 'ar' });
    const { page, context } = tracked;
    await withSessionCookie(tracked, offerOver);
    // The connection drops just as the page asks: not "signed out", and not a spinner without end.
    await page.route('**/api/auth/user', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.goto(`${offerOver.baseUrl}/login`);
    const failed = page.getByRole('alert');
    await failed.getByText('تعذّر تحميل هذه الصفحة').waitFor();
    // The message is the page: its one heading.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['تعذّر تحميل هذه الصفحة']);
    await expectAccessible(page);
    await failed.getByRole('button').click();
    await failed.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).not.toContain('تعذّر تحميل هذه الصفحة');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('asks nothing of a visitor without a session: a public page stays as the server sent it, and works', async () => {
    const tracked = await openPage(browser, { width: 375 });
    const asked: string[] = [];
    tracked.page.on('request', (request) => request.url().includes('/api/') && asked.push(request.url()));
    await tracked.page.goto(`${offerOver.baseUrl}/about`, { waitUntil: 'networkidle' });
    await tracked.page.getByRole('button', { name: 'Open menu' }).click();
    await tracked.page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Log In' }).waitFor();
    expect(asked).toEqual([]);
    await done(tracked);
  });
});

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
    expect(/<button type="submit"[^>]*>/.exec(login)?.[0]).toMatch(/ disabled=""/);
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
      // The heading the server rendered is the one React takes over, not a new one.
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
      expect(tracked.problems.filter((problem) => !answered404(problem)), `${path} in ${language}`).toEqual([]);
    }
    // The browser notes that an address the app has no page for was answered 404, as it should be; nothing else.
    expect(tracked.problems.splice(0)).toEqual([expect.stringMatching(answered404Line), expect.stringMatching(answered404Line)]);
    // The plan chosen on the pricing section reaches the page's links once it is hydrated.
    expect(await tracked.page.getByRole('link', { name: /back/i }).first().getAttribute('href')).toBe('/get-started/company?plan=quarterly');
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

describe('a page whose code does not arrive', () => {
  it('says so in the reader’s language with a way to try again, instead of a blank screen', async () => {
    const tracked = await visit(offerOver, '/', 375);
    const { page, context, problems } = tracked;
    // The connection drops, then the visitor opens About, whose code the phone has not loaded yet.
    await context.setOffline(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'This page could not load' }).waitFor();
    await page.getByText('Check your internet connection, then try again.').waitFor();
    await expectAccessible(page);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await page.getByRole('heading', { level: 1, name: 'About Us' }).textContent()).toBe('About Us');
    // Only the code that could not arrive failed.
    expect(problems.every((problem) => /ERR_INTERNET_DISCONNECTED|dynamically imported module|Failed to fetch/.test(problem)), problems.join('\n')).toBe(true);
    await context.close();
  });
});

describe('about and legal pages', () => {
  it('tells the story with links to careers and home', async () => {
    const tracked = await visit(offerOver, '/about', 375);
    const { page } = tracked;
    expect(await h1(page)).toBe('About Us');
    expect(await page.locator('main').textContent()).toMatch(/finding work in the Gulf is hard/i);
    expect(await href(page, 'View Open Positions')).toBe('/careers');
    expect(await href(page, 'Back to Home')).toBe('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    expect(await href(page, 'About Us', menu)).toBe('/about');
    expect(await href(page, 'Careers', menu)).toBe('/careers');
    expect(await href(page, 'Home', menu)).toBe('/');
    // The same header as every public page: signing in and getting started are offered here too.
    expect(await href(page, 'Log In', menu)).toBe('/login');
    expect(await href(page, 'Get Started', menu)).toBe('/get-started');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await done(tracked);
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy', ['Who We Are', 'What We Collect', 'How We Use It', 'Who Can See It', 'Where It Is Stored', 'Your Rights', 'Contact']],
    [
      '/terms-of-service',
      'Terms of Service',
      ['About Wazifa', 'Using Wazifa', 'What We Offer', 'Ownership of Content', 'Profile Removal', 'Responsibility', 'Updates', 'Contact'],
    ],
  ])('%s has its numbered sections and last-updated date', async (path, title, sections) => {
    const tracked = await visit(offerOver, path, 375);
    const { page } = tracked;
    expect(await h1(page)).toBe(title);
    expect(await page.getByText('Last updated November 26, 2026').count()).toBe(1);
    const headings = await page.locator('main article section h2').allTextContents();
    expect(headings).toEqual(sections.map((s, i) => `${i + 1}. ${s}`));
    expect(await page.locator('main').getByRole('link', { name: 'support@wazifa.example' }).first().getAttribute('href')).toBe(
      'mailto:support@wazifa.example',
    );
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await done(tracked);
  });
});

describe('the content security policy', () => {
  // Scripts may not evaluate strings (no 'unsafe-eval'), and the browser reports every attempt, also a caught one.
  it.each(['/', '/login', '/signup', '/get-started', '/contact-sales', '/careers', '/about'])('%s breaks none of its rules', async (path) => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await page.goto(`${offerOver.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A breach of the test's own (an image from an origin the policy does not allow): the browser reports it after
    // anything the page did while loading, so once its report has come every earlier one has too; and it shows that
    // reports are seen at all.
    const probe = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`), { once: true });
          const image = document.createElement('img');
          image.src = 'https://elsewhere.example/probe.png';
          document.body.append(image);
        }),
    );
    expect(probe).toBe('img-src https://elsewhere.example/probe.png');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([probe]);
    // The probe's image is not the page's problem.
    tracked.problems.splice(0, tracked.problems.length, ...tracked.problems.filter((problem) => !problem.includes('elsewhere.example')));
    await done(tracked);
  });
});
