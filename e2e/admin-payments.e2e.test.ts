// Payments matched in one search, on a phone: the administrator finds a company's invoice by the reference the
// company gave, verifies it in a dialog that starts from that reference and points out a different one, and the
// company is active; the payments page and the company page fit 375 px and pass axe, in English and in Arabic.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../server/test/fixtures.ts';
import { expectFits, launchBrowser, openSignedInPhone, waitForToast } from './support/browser.ts';

type Catalogue = { [key: string]: string | Catalogue };
/** A text of the admin console's catalogue, its values filled in. */
function text(locale: 'en' | 'ar', key: string, values: Record<string, string> = {}): string {
  let node: string | Catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../client/src/locales/${locale}/admin.json`), 'utf8')) as Catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part]!;
  if (typeof node !== 'string') throw new Error(`${locale}/admin:${key} is not a text`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
}

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: TRUSTED_PROXY_ENV })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A company with its first invoice, which it may say it has paid (the transfer's day and the bank's reference). */
async function company(companyName: string, declared?: string) {
  const account = await signedInAgent(server, { role: 'company' });
  const res = await account.agent
    .post('/api/company/profile')
    .send({ companyName, contactPerson: 'Layla Mansour', phone: '+971 55 123 4567', email: uniqueEmail('billing'), subscriptionPlan: 'quarterly' })
    .expect(201);
  const invoice = res.body.invoice as { id: string; number: string; issuedAt: string };
  if (declared) await account.agent.post(`/api/company/invoices/${invoice.id}/payment`).send({ transferDate: invoice.issuedAt.slice(0, 10), bankReference: declared }).expect(200);
  return { ...account, companyId: res.body.company.id as string, invoice };
}

async function administrator(locale: 'en' | 'ar') {
  const admin = await signedInAgent(server, { admin: true });
  await admin.agent.put('/api/auth/locale').send({ locale }).expect(200);
  return admin;
}

const phoneSignedIn = (cookie: string, locale: string) => openSignedInPhone(browser, server.baseUrl, cookie, locale);


async function companyStatus(admin: Awaited<ReturnType<typeof signedInAgent>>, companyId: string) {
  return (await admin.agent.get(`/api/admin/companies/${companyId}`).expect(200)).body as {
    company: { subscriptionStatus: string };
    invoices: Array<{ id: string; bankReference: string | null; status: string }>;
  };
}

describe('payments matched in one search, at 375 px', () => {
  it('finds an invoice by its declared reference, verifies it from a prefilled dialog, and activates the company from its own page too', async () => {
    const admin = await administrator('en');
    const gulfStar = await company('Gulf Star Logistics', 'FT26032200777');
    const desertRose = await company('Desert Rose Hotels', 'FT 2603 2200 555');
    await company('Oasis Facility Cleaning');
    const { page, context, problems }: { page: Page; context: BrowserContext; problems: string[] } = await phoneSignedIn(admin.cookie, 'en-US');

    // From the console's navigation to the payments awaited.
    await page.goto(`${server.baseUrl}/admin/review`);
    await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: /Payments/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByRole('link', { name: 'Oasis Facility Cleaning' }).waitFor();
    // The companies that said they paid first, the longest waiting first.
    const order = (await page.getByRole('listitem').allTextContents()).filter((item) => /Gulf Star|Desert Rose|Oasis/.test(item)).map((item) => item.match(/Gulf Star|Desert Rose|Oasis/)![0]);
    expect(order).toEqual(['Gulf Star', 'Desert Rose', 'Oasis']);
    await expectFits(page, 'ltr');

    // The reference as the bank statement shows it.
    await page.getByRole('searchbox', { name: text('en', 'payments.search') }).fill('FT26032200777');
    await page.keyboard.press('Enter');
    await page.getByText('1 in all').waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'Gulf Star Logistics' });
    await item.getByText(/AED\s1,417\.50/).waitFor();
    await item.getByText(/reference FT26032200777/).waitFor();
    await item.getByRole('button', { name: `Verify ${gulfStar.invoice.number}, Gulf Star Logistics` }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify the payment of Gulf Star Logistics' });
    await dialog.waitFor();
    const reference = dialog.getByLabel(/Bank reference/);
    expect(await reference.inputValue()).toBe('FT26032200777');
    expect(await reference.evaluate((element) => element === document.activeElement)).toBe(true);
    const warning = dialog.getByText(/This is not the reference the company gave/);
    expect(await warning.count()).toBe(0);
    await expectFits(page, 'ltr');
    // Another reference is pointed out, and does not stop the verification.
    await reference.fill('FT26032200778');
    await warning.waitFor();
    await dialog.getByRole('button', { name: 'Verify and activate' }).click();
    await waitForToast(page, 'Gulf Star Logistics is active');
    await page.getByText('No invoice awaiting payment matches “FT26032200777”.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // Focus is back on the search, for the next line of the statement.
    expect(await page.getByRole('searchbox').evaluate((element) => element === document.activeElement)).toBe(true);
    const verified = await companyStatus(admin, gulfStar.companyId);
    expect(verified.company.subscriptionStatus).toBe('active');
    expect(verified.invoices).toEqual([expect.objectContaining({ id: gulfStar.invoice.id, status: 'paid', bankReference: 'FT26032200778' })]);

    // The company's own page: its form starts from the declared reference, and "Verify and activate" is on screen.
    await page.goto(`${server.baseUrl}/admin/companies/${desertRose.companyId}`);
    await page.getByRole('heading', { level: 1, name: 'Desert Rose Hotels' }).waitFor();
    expect(await page.getByLabel(/Bank reference/).inputValue()).toBe('FT 2603 2200 555');
    await expectFits(page, 'ltr');
    const submit = page.getByRole('button', { name: 'Verify and activate' });
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await submit.click();
    await waitForToast(page, 'Desert Rose Hotels is active');
    expect((await companyStatus(admin, desertRose.companyId)).company.subscriptionStatus).toBe('active');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the payments page, its dialog and the company page in Arabic, right to left', async () => {
    const admin = await administrator('ar');
    const pearl = await company('شركة اللؤلؤة للأمن', 'FT26032200888');
    const { page, context, problems } = await phoneSignedIn(admin.cookie, 'ar-AE');
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByRole('heading', { level: 1, name: text('ar', 'nav.payments') }).waitFor();
    await page.getByRole('searchbox', { name: text('ar', 'payments.search') }).fill('1,417.50');
    await page.keyboard.press('Enter');
    await page.getByText('FT26032200888').first().waitFor();
    await expectFits(page, 'rtl');
    await page.getByRole('button', { name: new RegExp(`^${text('ar', 'payments.verify')}.*${pearl.invoice.number}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(text('ar', 'payments.dialogTitle', { company: '.*' })) });
    await dialog.waitFor();
    expect(await dialog.getByLabel(new RegExp(text('ar', 'companies.verify.reference'))).inputValue()).toBe('FT26032200888');
    await expectFits(page, 'rtl');
    await dialog.getByRole('button', { name: text('ar', 'payments.close') }).click();

    await page.goto(`${server.baseUrl}/admin/companies/${pearl.companyId}`);
    await page.getByRole('button', { name: text('ar', 'companies.verify.submit') }).waitFor();
    await expectFits(page, 'rtl');
    expect(problems).toEqual([]);
    await context.close();
  });
});
