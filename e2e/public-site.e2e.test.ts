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
    // The footer's line stacks on a phone: its language switch keeps its own width, its arrow inside it.
    const footerSwitch = await page.locator('#footer-language').evaluate((select) => {
      const [own, around] = [select, select.parentElement!].map((element) => element.getBoundingClientRect().width);
      return { own, around };
    });
    expect(footerSwitch.around).toBe(footerSwitch.own);
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
