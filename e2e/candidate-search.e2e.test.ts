// A recruiter's search on a phone: the first card in view at once, filters in a drawer that search as they change,
// chips of the active filters, and the whole search in the URL: Back from a candidate brings back the same cards at
// the same place, and the link opens the same search for a colleague.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDUSTRIES } from '#shared/constants.ts';
import { and, eq } from 'drizzle-orm';
import { companyProfiles, emailOutbox } from '#shared/schema.ts';
import { seedProfiles } from '../scripts/seed.ts';
import { ensureSampleVideo } from '../scripts/seed/sample-video.ts';
import { startTestServer } from '../server/test/app.ts';
import { sendDueSearchAlerts } from '../server/services/saved-searches.ts';
import { agreedToDocuments, approveProfile, jobSeekerWithProfile, signedInAgent } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie, waitForToast } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let company: Awaited<ReturnType<typeof signedInAgent>>;
const DAY = 24 * 3600 * 1000;
const PHONE = { width: 375, height: 812 };

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
  await seedProfiles(server.testDatabase.database.db, { profiles: 240, seed: 7 });
  // The seeded profiles' video, as `npm run db:seed` makes it.
  await ensureSampleVideo(server.config, server.testDatabase.database.db);
  company = await signedInAgent(server, { role: 'company' });
  await server.testDatabase.database.db.insert(companyProfiles).values({
    userId: company.id,
    companyName: 'Al Noor Facilities',
    contactPerson: 'Huda Saleh',
    phone: '+971501112233',
    email: company.email,
    subscriptionPlan: 'monthly',
    subscriptionStatus: 'active',
    subscriptionStartDate: new Date(Date.now() - DAY),
    subscriptionEndDate: new Date(Date.now() + 20 * DAY),
  });
  await agreedToDocuments(server, company.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(context: BrowserContext) {
  await signInWithCookie(context, server.baseUrl, company.cookie);
}

/** What the API says for a search, to compare the screen with. */
async function apiTotal(query: string): Promise<number> {
  const { body } = await company.agent.get(`/api/candidates?${query}`).expect(200);
  return body.total;
}

const cards = (page: Page) => page.getByRole('article');

describe("a recruiter's search", () => {
  it('keeps its filters, cards and place through a candidate and Back, and opens the same for a colleague', async () => {
    // The industry with the most job seekers, so there is more than one page of them.
    const totals = await Promise.all(INDUSTRIES.map(async (industry) => ({ industry, total: await apiTotal(`industries=${encodeURIComponent(industry)}`) })));
    const { industry, total } = totals.sort((a, b) => b.total - a.total)[0]!;
    expect(total).toBeGreaterThan(48);

    const { page, context, problems } = await openPage(browser, PHONE);
    await signIn(context);
    await page.goto(`${server.baseUrl}/dashboard`);
    await cards(page).first().waitFor();
    // The first result is in view without scrolling on a phone.
    const firstName = cards(page).first().getByRole('heading');
    const box = (await firstName.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expectNoHorizontalScroll(page);

    // The drawer: a ticked industry searches at once, and its button says how many.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    // Each option says how many it would find.
    const option = drawer.getByRole('checkbox', { name: industry, exact: true });
    const described = (await option.getAttribute('aria-describedby'))!;
    expect(await drawer.locator(`[id="${described}"]`).textContent()).toBe(total.toLocaleString('en'));
    await option.check();
    await drawer.getByRole('button', { name: `Show ${total.toLocaleString('en')} results` }).waitFor();
    await expectAccessible(page);
    await drawer.getByRole('button', { name: `Show ${total.toLocaleString('en')} results` }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText(`Showing ${total.toLocaleString('en')} job seekers`).waitFor();
    await page.getByRole('button', { name: `Remove filter: ${industry}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('industries')).toBe(industry);
    // The filter button says how many filters are on.
    await page.getByRole('button', { name: /^Filters/ }).getByLabel('1 filter on').waitFor();

    // Sorted by experience, then two more pages.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('experience');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'experience');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards(page).count()).toBe(48);
    expect(new URL(page.url()).searchParams.get('shown')).toBe('48');
    const names = await cards(page).getByRole('heading').allTextContents();

    // A card far down the list, opened by its name.
    const far = cards(page).nth(37);
    await far.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(2000);
    const searchUrl = page.url();
    await far.getByRole('heading').getByRole('link').click();
    await page.waitForURL('**/dashboard/candidates/*');
    await page.getByRole('heading', { name: names[37] }).waitFor();

    // Back: the same search, the same 48 cards, the same place.
    await page.goBack();
    await page.waitForURL(searchUrl);
    await expect.poll(() => cards(page).count()).toBe(48);
    expect(await cards(page).getByRole('heading').allTextContents()).toEqual(names);
    await page.getByRole('button', { name: `Remove filter: ${industry}` }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);

    // The candidate page's "Back to results" leads to the same search too, at the same place.
    const place = await page.evaluate(() => window.scrollY);
    await far.getByRole('heading').getByRole('link').click();
    await page.waitForURL('**/dashboard/candidates/*');
    await page.getByRole('link', { name: 'Back to results' }).click();
    await page.waitForURL(searchUrl);
    await expect.poll(() => cards(page).count()).toBe(48);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(place - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - place)).toBeLessThanOrEqual(5);

    // A colleague opens the link: the same search, chips and cards.
    const colleague = await openPage(browser, { width: 1280, height: 900 });
    await signIn(colleague.context);
    await colleague.page.goto(searchUrl);
    await expect.poll(() => cards(colleague.page).count()).toBe(48);
    expect(await cards(colleague.page).getByRole('heading').allTextContents()).toEqual(names);
    await colleague.page.getByRole('button', { name: `Remove filter: ${industry}` }).waitFor();
    const sidebar = colleague.page.getByRole('complementary', { name: 'Filters' });
    expect(await sidebar.getByRole('checkbox', { name: industry, exact: true }).isChecked()).toBe(true);
    await expectAccessible(colleague.page);
    // The keyboard opens a card from its name.
    await cards(colleague.page).first().getByRole('heading').getByRole('link').focus();
    await colleague.page.keyboard.press('Enter');
    await colleague.page.getByRole('heading', { name: names[0] }).waitFor();
    expect(colleague.page.url()).toMatch(/\/dashboard\/candidates\/[0-9a-f-]{36}$/);
    expect(colleague.problems).toEqual([]);
    await colleague.context.close();

    // Each card says how recently the person said they are still looking; the filter keeps the recent ones.
    await expect.poll(() => cards(page).first().textContent()).toMatch(/(Available, confirmed|Last confirmed) (today|yesterday|\d+ days ago)/);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.getByRole('checkbox', { name: 'Said they are still looking in the last 90 days' }).check();
    await page.waitForURL((url) => url.searchParams.get('fresh') === 'true');
    const fresh = await apiTotal(`industries=${encodeURIComponent(industry)}&sort=experience&fresh=true`);
    await drawer.getByRole('button', { name: new RegExp(`^Show ${fresh.toLocaleString('en')} results?$`) }).click();
    await page.getByRole('button', { name: 'Remove filter: Still looking' }).click();
    await page.waitForURL((url) => !url.searchParams.has('fresh'));

    // Typing searches once the recruiter pauses, without pressing Search.
    await page.getByRole('searchbox', { name: 'Search job seekers' }).fill('driver');
    await page.waitForURL((url) => url.searchParams.get('q') === 'driver' && !url.searchParams.has('shown'));
    const withText = await apiTotal(`q=driver&industries=${encodeURIComponent(industry)}&sort=experience`);
    await page.getByText(new RegExp(`^Showing ${withText.toLocaleString('en')} job seekers?$`)).waitFor();
    await page.getByRole('button', { name: 'Remove filter: “driver”' }).waitFor();

    // A chip removed: that filter goes, the others stay.
    await page.getByRole('button', { name: `Remove filter: ${industry}` }).click();
    await page.waitForURL((url) => !url.searchParams.has('industries') && url.searchParams.get('q') === 'driver');
    await page.getByRole('button', { name: `Remove filter: ${industry}` }).waitFor({ state: 'detached' });
    // Clear removes the rest.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '' || url.search === '?sort=experience');
    await page.getByText(`Showing ${(await apiTotal('')).toLocaleString('en')} job seekers`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('saves a search with a daily alert; a profile approved later arrives by e-mail, whose link stops the alert', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    await signIn(context);
    await page.goto(`${server.baseUrl}/dashboard?q=night&industries=Security`);
    await cards(page).first().waitFor({ state: 'attached' }).catch(() => {});
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('night · Security');
    await expectAccessible(page);
    await name.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please give the search a name').waitFor();
    await name.fill('Night guards');
    expect(await dialog.getByRole('combobox', { name: 'E-mail me new matches' }).inputValue()).toBe('daily');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Search saved: Night guards');
    await dialog.waitFor({ state: 'hidden' });

    // Listed above the results, with its e-mail.
    await page.getByText('Saved searches (1)').click();
    const saved = page.getByRole('link', { name: 'Night guards' });
    expect(await saved.getAttribute('href')).toBe('/dashboard?q=night&industries=Security');
    expect(await page.getByRole('combobox', { name: 'E-mail for Night guards' }).inputValue()).toBe('daily');
    await expectNoHorizontalScroll(page);

    // A job seeker the team approves afterwards, and the next day's alert.
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await jobSeekerWithProfile(server, { fullName: 'Samuel Okoro', industries: ['Security'], bio: 'Night watchman at a port warehouse.' });
    await approveProfile(admin, seeker.profile.id);
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    await sendDueSearchAlerts({ db: server.testDatabase.database.db, clock: { now: () => tomorrow }, productName: 'Wazifa', publicUrl: server.baseUrl, secret: server.config.sessionSecret! });
    const [mail] = await server.testDatabase.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, company.email), eq(emailOutbox.template, 'saved_search_alert')));
    expect(mail!.subject).toMatch(/new job seekers? for “Night guards”/);
    expect(mail!.textBody).toContain('Samuel Okoro');
    expect(mail!.textBody).toContain(`${server.baseUrl}/dashboard/candidates/${seeker.profile.id}`);

    // The e-mail's link, opened anywhere: the alert stops.
    const stopLink = new RegExp(`${server.baseUrl.replaceAll('.', '\\.')}/alerts/stop\\?token=\\S+`).exec(mail!.textBody)![0];
    const elsewhere = await openPage(browser, PHONE);
    await elsewhere.page.goto(stopLink);
    await elsewhere.page.getByText('You will get no more e-mails for “Night guards”.').waitFor();
    await expectAccessible(elsewhere.page);
    expect(elsewhere.problems).toEqual([]);
    await elsewhere.context.close();
    await page.reload();
    await page.getByText('Saved searches (1)').click();
    await expect.poll(() => page.getByRole('combobox', { name: 'E-mail for Night guards' }).inputValue()).toBe('none');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by visa and start date, keeps them through a candidate and Back and for a colleague, and alerts on a new match', async () => {
    const query = 'visaStatuses=transferable&availableWithin=30';
    const total = await apiTotal(query);
    expect(total).toBeGreaterThan(0);
    const { page, context, problems } = await openPage(browser, PHONE);
    await signIn(context);
    await page.goto(`${server.baseUrl}/dashboard`);
    await cards(page).first().waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: 'Transferable visa / NOC available' }).check();
    await drawer.getByRole('radio', { name: 'Within 30 days' }).check();
    await page.waitForURL((url) => url.searchParams.get('visaStatuses') === 'transferable' && url.searchParams.get('availableWithin') === '30');
    await expectAccessible(page);
    await drawer.getByRole('button', { name: new RegExp(`^Show ${total.toLocaleString('en')} results?$`) }).click();
    await drawer.waitFor({ state: 'hidden' });
    const chips = ['Remove filter: Transferable visa / NOC available', 'Remove filter: Can start within 30 days'];
    for (const chip of chips) await page.getByRole('button', { name: chip }).waitFor();
    // Each card says the visa, and when the person can start.
    await expect.poll(() => cards(page).first().textContent()).toMatch(/Transferable visa \/ NOC available.*Available (now|from)/);
    const names = await cards(page).getByRole('heading').allTextContents();
    const searchUrl = page.url();

    // A candidate, and Back: the same cards and chips.
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await page.waitForURL('**/dashboard/candidates/*');
    await page.getByRole('heading', { name: 'Work permit & availability' }).waitFor();
    await page.getByText('Transferable visa / NOC available').waitFor();
    await page.goBack();
    await page.waitForURL(searchUrl);
    await expect.poll(() => cards(page).getByRole('heading').allTextContents()).toEqual(names);
    for (const chip of chips) await page.getByRole('button', { name: chip }).waitFor();

    // The link in a new context: the same search.
    const colleague = await openPage(browser, { width: 1280, height: 900 });
    await signIn(colleague.context);
    await colleague.page.goto(searchUrl);
    await expect.poll(() => cards(colleague.page).getByRole('heading').allTextContents()).toEqual(names);
    for (const chip of chips) await colleague.page.getByRole('button', { name: chip }).waitFor();
    const sidebar = colleague.page.getByRole('complementary', { name: 'Filters' });
    expect(await sidebar.getByRole('radio', { name: 'Within 30 days' }).isChecked()).toBe(true);
    expect(colleague.problems).toEqual([]);
    await colleague.context.close();

    // Saved with a daily alert.
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Transferable visa / NOC available');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Transferable, within a month');
    expect(await dialog.getByRole('combobox', { name: 'E-mail me new matches' }).inputValue()).toBe('daily');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Search saved: Transferable, within a month');

    // A matching job seeker approved afterwards is in the next day's alert; one who cannot start within a month is not.
    const admin = await signedInAgent(server, { admin: true });
    const match = await jobSeekerWithProfile(server, { fullName: 'Prakash Gurung', visaStatus: 'transferable', availableFrom: 'immediately', nationality: 'NP', currentCountry: 'AE' });
    const later = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
    const notYet = await jobSeekerWithProfile(server, { fullName: 'Later Starter', visaStatus: 'transferable', availableFrom: later });
    for (const seeker of [match, notYet]) await approveProfile(admin, seeker.profile.id);
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    await sendDueSearchAlerts({ db: server.testDatabase.database.db, clock: { now: () => tomorrow }, productName: 'Wazifa', publicUrl: server.baseUrl, secret: server.config.sessionSecret! });
    const mails = await server.testDatabase.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, company.email), eq(emailOutbox.template, 'saved_search_alert')));
    const mail = mails.find((m) => m.subject.includes('Transferable, within a month'));
    expect(mail!.textBody).toContain('Prakash Gurung');
    expect(mail!.textBody).toContain(`${server.baseUrl}/dashboard/candidates/${match.profile.id}`);
    expect(mail!.textBody).not.toContain('Later Starter');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for the company and the first cards beside "who is signed in", and offline says so and recovers with Try again', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signIn(context);
    // "Who is signed in" is held back: the company and the first cards are asked for meanwhile, side by side.
    let releaseUser!: () => void;
    const userHeld = new Promise<void>((resolve) => (releaseUser = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await userHeld;
      await route.continue();
    });
    const asked = Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/api/company/profile'),
      page.waitForRequest((request) => new URL(request.url()).pathname === '/api/candidates'),
    ]);
    await page.goto(`${server.baseUrl}/dashboard`, { waitUntil: 'commit' });
    await asked;
    releaseUser();
    await cards(page).first().waitFor();
    await page.unroute('**/api/auth/user');

    // The connection drops; a changed sort cannot search: the page says so instead of waiting without end.
    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('experience');
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load job seekers.' });
    await failed.waitFor();
    await expectAccessible(page);
    await context.setOffline(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'detached' });
    await cards(page).first().waitFor();
    await context.close();
  });
});
