// The invoices awaiting payment in the admin console: those whose company says it has paid first, and one search
// over the reference, the amount as a bank writes it, the invoice number and the company's name.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayment, Page } from '#shared/admin.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

let current = new Date('2026-03-22T05:00:00Z');
const clock: Clock = { now: () => current };
const at = (iso: string) => {
  current = new Date(iso);
};

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
type Onboarded = Awaited<ReturnType<typeof onboarded>>;
let waiting: Onboarded; // not declared, the oldest
let gulfStar: Onboarded; // quarterly (AED 1,417.50), declared last
let oasis: Onboarded; // declared first, its reference written with spaces
let paid: Onboarded;

async function onboarded(companyName: string, subscriptionPlan: 'monthly' | 'quarterly' | 'annual') {
  const account = await signedInAgent(testApp, { role: 'company' });
  const res = await account.agent
    .post('/api/company/profile')
    .send({ companyName, contactPerson: 'Layla Mansour', phone: '+971 55 123 4567', email: uniqueEmail('billing'), subscriptionPlan })
    .expect(201);
  return { ...account, companyId: res.body.company.id as string, invoiceId: res.body.invoice.id as string, number: res.body.invoice.number as string };
}

const declare = (company: Onboarded, bankReference?: string) =>
  company.agent.post(`/api/company/invoices/${company.invoiceId}/payment`).send({ transferDate: '2026-03-22', bankReference }).expect(200);

const list = async (query: Record<string, string> = {}): Promise<Page<AdminPayment>> =>
  (await admin.agent.get('/api/admin/payments').query(query).expect(200)).body;
const mine = (page: Page<AdminPayment>) => page.items.map((item) => item.invoiceId).filter((id) => [waiting, gulfStar, oasis, paid].some((c) => c.invoiceId === id));

beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, SESSION_ABSOLUTE_HOURS: '1000000' }, clock });
  admin = await signedInAgent(testApp, { admin: true });
  at('2026-03-22T05:00:00Z');
  waiting = await onboarded('Desert Rose Hotels', 'monthly');
  at('2026-03-22T05:10:00Z');
  gulfStar = await onboarded('Gulf Star Logistics', 'quarterly');
  at('2026-03-22T05:20:00Z');
  oasis = await onboarded('Oasis Facility Cleaning', 'annual');
  paid = await onboarded('Pearl Security Services', 'monthly');
  await admin.agent.post(`/api/admin/companies/${paid.companyId}/verify-payment`).send({ invoiceId: paid.invoiceId, bankReference: 'FT26032200100' }).expect(200);
  at('2026-03-22T06:00:00Z');
  await declare(oasis, 'FT 2603 2200 999');
  at('2026-03-22T06:30:00Z');
  await declare(gulfStar, 'FT26032200777');
});
afterAll(() => testApp.close());

describe('the invoices awaiting payment', () => {
  it('lists the declared ones first, the longest waiting first, then the others oldest first; paid ones are not there', async () => {
    const page = await list({ limit: '100' });
    expect(mine(page)).toEqual([oasis.invoiceId, gulfStar.invoiceId, waiting.invoiceId]);
    const declared = page.items.find((item) => item.invoiceId === gulfStar.invoiceId)!;
    expect(declared).toMatchObject({
      number: gulfStar.number,
      totalFils: 141_750,
      currency: 'AED',
      declaration: { transferDate: '2026-03-22', bankReference: 'FT26032200777', declaredAt: '2026-03-22T06:30:00.000Z' },
      company: { id: gulfStar.companyId, companyName: 'Gulf Star Logistics', subscriptionStatus: 'pending_payment' },
    });
    expect(page.items.find((item) => item.invoiceId === waiting.invoiceId)!.declaration).toBeNull();
    // The console's navigation counts the transfers to look for: the invoices declared paid.
    expect((await admin.agent.get('/api/admin/overview').expect(200)).body.declaredPayments).toBe(2);
  });

  it('pages through the same order with its cursor, the total counted once', async () => {
    const seen: string[] = [];
    let page = await list({ limit: '1' });
    const total = page.total;
    seen.push(...page.items.map((item) => item.invoiceId));
    while (page.nextCursor) {
      page = await list({ limit: '1', cursor: page.nextCursor });
      expect(page.total).toBe(total);
      seen.push(...page.items.map((item) => item.invoiceId));
    }
    expect(seen).toEqual((await list({ limit: '100' })).items.map((item) => item.invoiceId));
    expect(seen).toHaveLength(total);
  });

  it.each([
    ['the declared reference', 'FT26032200777', () => [gulfStar]],
    ['the reference as the bank spaces it', 'ft 2603-2200-777', () => [gulfStar]],
    ['a reference given with spaces, typed without', 'FT26032200999', () => [oasis]],
    ['the amount written 1417.50', '1417.50', () => [gulfStar]],
    ['the amount written 1,417.50', '1,417.50', () => [gulfStar]],
    ['the amount written 1417.5', '1417.5', () => [gulfStar]],
    ['the amount written 1 417,50', '1 417,50', () => [gulfStar]],
    ['the amount with its currency', 'AED 1,417.50', () => [gulfStar]],
    ['the amount in whole dirhams', '1417', () => [gulfStar]],
    ['the invoice number', () => waiting.number, () => [waiting]],
    ['the company’s name, in any case', 'desert rose', () => [waiting]],
  ] as const)('finds an invoice by %s', async (_what, q, expected) => {
    const page = await list({ q: typeof q === 'function' ? q() : q });
    expect(mine(page)).toEqual(expected().map((c) => c.invoiceId));
  });

  it('finds no paid invoice, and takes the search text literally', async () => {
    expect(mine(await list({ q: 'Pearl Security' }))).toEqual([]);
    expect(mine(await list({ q: 'FT26032200100' }))).toEqual([]);
    expect((await list({ q: '%' })).items).toEqual([]);
    expect(mine(await list({ q: '1417.55' }))).toEqual([]);
  });

  it('answers a bad query with 400, not 500', async () => {
    for (const query of [{ q: 'x'.repeat(101) }, { limit: '0' }, { limit: 'many' }, { cursor: 'not-a-cursor' }, { q: 'a\u0000b' }]) {
      const res = await admin.agent.get('/api/admin/payments').query(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
    // A cursor of another search is refused rather than followed.
    const first = await list({ limit: '1' });
    const res = await admin.agent.get('/api/admin/payments').query({ limit: '1', q: 'Gulf', cursor: first.nextCursor! });
    expect(res.status).toBe(400);
  });

  it('is for administrators only', async () => {
    await request(testApp.app).get('/api/admin/payments').expect(401);
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    for (const agent of [seeker.agent, waiting.agent]) {
      const res = await agent.get('/api/admin/payments?q=FT26032200777');
      expect(res.status).toBe(403);
      expect(res.body.items).toBeUndefined();
    }
  });
});
