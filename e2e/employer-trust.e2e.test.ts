// A job seeker's control over who reaches them, as it happens on a phone in Hindi: a verified company views and
// contacts them; they see both on /profile with the company's verified mark, open the company's public page, block
// it (the company's search and the candidate page no longer show them), and report it with a screenshot; an admin
// sees the report in the console and suspends the company. Accounts and the company's side are set up through the
// API: the job seeker's and the admin's screens are what this is about.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { approveProfile, jobSeekerWithProfile, PDF, PNG, signedInAgent, uniqueEmail } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const PHONE = { width: 375, height: 812 };

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(context: BrowserContext, cookie: string) {
  await signInWithCookie(context, server.baseUrl, cookie);
}

describe("a job seeker's control over companies", () => {
  // The whole journey of three people, on one server: longer than one page's test.
  it('sees who viewed and contacted them, checks the employer, blocks and reports it; the admin suspends it', { timeout: 120_000 }, async () => {
    const admin = await signedInAgent(server, { admin: true });
    // A company, onboarded and paid, with a checked licence: a verified employer.
    const owner = await signedInAgent(server, { role: 'company' });
    const onboarded = await owner.agent
      .post('/api/company/profile')
      .send({ companyName: 'Gulf Star Manpower', contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', email: uniqueEmail('billing'), subscriptionPlan: 'annual' })
      .expect(201);
    const companyId = onboarded.body.company.id as string;
    const slug = onboarded.body.company.slug as string;
    await admin.agent.post(`/api/admin/companies/${companyId}/verify-payment`).send({ invoiceId: onboarded.body.invoice.id, bankReference: 'FT-JOURNEY' }).expect(200);
    const { body: created } = await owner.agent.post('/api/company/licence/upload').expect(200);
    await owner.agent.put(created.uploadURL).set('Content-Type', 'application/pdf').send(PDF).expect(200);
    const { body: licence } = await owner.agent.put('/api/company/licence/acl').send({ objectURL: created.uploadURL }).expect(200);
    const expires = new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await owner.agent.put('/api/company/licence').send({ tradeLicenceNumber: 'CN-2468101', licenceIssuer: 'AE-DU', licenceExpiresOn: expires, documentPath: licence.objectPath }).expect(200);
    await admin.agent.post(`/api/admin/companies/${companyId}/employer-verification`).send({ verified: true }).expect(200);
    // Its page, shared in a chat, previews as the company, verified, in the reader's language; an unknown address
    // previews as the product.
    const preview = async (path: string, language: string) => {
      const html = await (await fetch(`${server.baseUrl}${path}`, { headers: { 'Accept-Language': language } })).text();
      const meta = (name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
      return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], description: meta('description'), image: meta('og:image'), url: meta('og:url') };
    };
    expect(await preview(`/employers/${slug}`, 'en')).toMatchObject({
      title: 'Gulf Star Manpower | Wazifa',
      description: 'Verified employer. Subscribed: it can search job seekers on Wazifa and contact them.',
      url: `${server.config.publicUrl.replace(/\/$/, '')}/employers/${slug}`,
    });
    expect((await preview(`/employers/${slug}`, 'hi')).image).toMatch(/\/previews\/hi\.jpg$/);
    expect(await preview('/employers/no-such-company', 'en')).toMatchObject({ title: 'Wazifa', image: undefined });

    // A job seeker, approved, reading in Hindi; the company opens the profile and writes on WhatsApp.
    const seeker = await jobSeekerWithProfile(server, { fullName: 'Suresh Yadav' });
    await approveProfile(admin, seeker.profile.id);
    await seeker.agent.put('/api/auth/locale').send({ locale: 'hi' }).expect(200);
    await owner.agent.get(`/api/candidates/${seeker.profile.id}`).expect(200);
    await owner.agent.post(`/api/candidates/${seeker.profile.id}/contact`).send({ channel: 'whatsapp' }).expect(204);

    const phone = await openPage(browser, { ...PHONE, locale: 'hi-IN' });
    const { page } = phone;
    // A step that does not come says which one (within the test's own time).
    page.setDefaultTimeout(20_000);
    await signIn(phone.context, seeker.cookie);
    await page.goto(`${server.baseUrl}/profile`);
    const activity = page.locator('li').filter({ hasText: 'Gulf Star Manpower' });
    await activity.filter({ hasText: 'WhatsApp पर आपसे संपर्क किया' }).waitFor();
    await activity.filter({ hasText: 'आपकी प्रोफ़ाइल देखी' }).waitFor();
    await activity.first().getByText('सत्यापित नियोक्ता').waitFor();
    await page.getByText('कोई भी आपसे पैसे नहीं माँग सकता').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The employer's public page: verified, with who issued the licence.
    await activity.first().getByRole('link', { name: 'नियोक्ता: Gulf Star Manpower' }).click();
    await page.waitForURL(`**/employers/${slug}`);
    await page.getByRole('heading', { name: 'Gulf Star Manpower' }).waitFor();
    await page.getByText('हमारी टीम ने इस कंपनी का ट्रेड लाइसेंस जाँचा है, जो दुबई ने जारी किया है', { exact: false }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Blocked from /profile.
    await page.goBack();
    await activity.first().getByRole('button', { name: 'Gulf Star Manpower को ब्लॉक करें' }).click();
    await page.getByText('Gulf Star Manpower अब आपकी प्रोफ़ाइल नहीं ढूँढ सकती।').first().waitFor();
    await activity.first().getByText('ब्लॉक की गई').waitFor();

    // The company no longer finds the profile: not in its search, not at the candidate's address.
    const office = await openPage(browser);
    office.page.setDefaultTimeout(20_000);
    await signIn(office.context, owner.cookie);
    const search = await owner.agent.get('/api/candidates').query({ q: 'Suresh' }).expect(200);
    expect(search.body.items).toEqual([]);
    await office.page.goto(`${server.baseUrl}/dashboard?q=Suresh`);
    await office.page.getByText('Showing 0 job seekers').waitFor();
    await office.page.goto(`${server.baseUrl}/dashboard/candidates/${seeker.profile.id}`);
    await office.page.getByText('This job seeker is not available.').waitFor();
    await office.context.close();

    // Reported, with a screenshot of the message asking for money.
    await activity.first().getByRole('link', { name: 'Gulf Star Manpower की शिकायत करें' }).click();
    await page.waitForURL(`**/employers/${slug}/report`);
    await page.getByLabel('उन्होंने मुझसे पैसे माँगे').check();
    await page.getByLabel('क्या हुआ, अपने शब्दों में').fill('उन्होंने वीज़ा के लिए 3000 दिरहम माँगे।');
    await page.locator('input[type=file]').setInputFiles({ name: 'message.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2048, 7)]) });
    await page.getByRole('button', { name: 'फ़ोटो जोड़ी गई' }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'शिकायत भेजें' }).click();
    await page.getByText('धन्यवाद। हमारी टीम आपकी शिकायत देखेगी।').waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // The admin: the report in the queue, and the company suspended from its page.
    const desk = await openPage(browser, { width: 1280, height: 900 });
    desk.page.setDefaultTimeout(20_000);
    await signIn(desk.context, admin.cookie);
    await desk.page.goto(`${server.baseUrl}/admin/reports`);
    await desk.page.getByRole('link', { name: 'Gulf Star Manpower' }).click();
    await desk.page.getByText('उन्होंने वीज़ा के लिए 3000 दिरहम माँगे।').waitFor();
    await desk.page.getByRole('img', { name: 'The screenshot the job seeker sent' }).waitFor();
    await expectAccessible(desk.page);
    await desk.page.getByRole('link', { name: 'Open the company (suspend it there)' }).click();
    await desk.page.getByText('1 open report').first().waitFor();
    await desk.page.getByRole('button', { name: 'Suspend', exact: true }).click();
    await desk.page.getByText('The company is suspended').first().waitFor();
    const page2 = await owner.agent.get(`/api/employers/${slug}`).expect(200);
    expect(page2.body).toMatchObject({ suspended: true, verified: true });
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});

describe('the trust screens right to left', () => {
  it.each(['ar', 'ur'])('%s: the employer page, /profile with its lists and the report form fit 375 px and pass axe', async (locale) => {
    const owner = await signedInAgent(server, { role: 'company' });
    const { body } = await owner.agent
      .post('/api/company/profile')
      .send({ companyName: `Emirates Building Services ${locale}`, contactPerson: 'Omar', phone: '+971 4 123 4567', email: uniqueEmail('billing'), subscriptionPlan: 'monthly' })
      .expect(201);
    const seeker = await jobSeekerWithProfile(server, { fullName: 'Ahmed Raza' });
    await seeker.agent.put('/api/auth/locale').send({ locale }).expect(200);
    await seeker.agent.put(`/api/job-seeker/blocks/${body.company.id}`).expect(204);

    const tracked = await openPage(browser, { ...PHONE, locale });
    const { page } = tracked;
    page.setDefaultTimeout(20_000);
    await signIn(tracked.context, seeker.cookie);
    for (const path of [`/employers/${body.company.slug}`, '/profile', `/employers/${body.company.slug}/report`]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      if (path === '/profile') await page.getByText(`Emirates Building Services ${locale}`).first().waitFor();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    expect(tracked.problems).toEqual([]);
    await tracked.context.close();
  });
});
