// The admin's company API: payment verification and activation (one transaction, one audit row, one e-mail;
// twice changes nothing), the company list and page, suspension and reactivation.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, companyProfiles, emailOutbox, invoices, users } from '#shared/schema.ts';
import type { CompanyOnboardingInput } from '#shared/company.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { onboardedCompany, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let current = new Date('2026-01-31T08:00:00Z');
const clock: Clock = { now: () => current };
const setClock = (iso: string) => {
  current = new Date(iso);
};

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, SESSION_ABSOLUTE_HOURS: '1000000' }, clock });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;

const onboarded = (details: Partial<CompanyOnboardingInput> = {}) => onboardedCompany(testApp, details);

const verify = (companyId: string, body: object) => admin.agent.post(`/api/admin/companies/${companyId}/verify-payment`).send(body);
const auditRows = (companyId: string, action: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.subjectId, companyId), eq(auditLog.action, action)));
const mailsTo = (to: string, template: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
const companyRow = async (id: string) => (await db().select().from(companyProfiles).where(eq(companyProfiles.id, id)))[0]!;

describe('who may use the admin company API', () => {
  it('answers 401 to anonymous callers and 403 to companies and job seekers, changing nothing', async () => {
    const { company, invoice, agent: companyAgent } = await onboarded();
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const calls = (agent: request.Agent | request.SuperTest<request.Test>) => [
      agent.get('/api/admin/companies'),
      agent.get(`/api/admin/companies/${company.id}`),
      agent.post(`/api/admin/companies/${company.id}/verify-payment`).send({ invoiceId: invoice.id, bankReference: 'FT123456' }),
      agent.post(`/api/admin/companies/${company.id}/suspend`),
      agent.post(`/api/admin/companies/${company.id}/reactivate`),
    ];
    for (const res of await Promise.all(calls(request(testApp.app)))) expect(res.status).toBe(401);
    for (const agent of [companyAgent, seeker.agent]) {
      for (const res of await Promise.all(calls(agent))) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Only administrators can do this');
      }
    }
    expect(await companyRow(company.id)).toMatchObject({ subscriptionStatus: 'pending_payment', paymentVerifiedAt: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.subjectId, company.id))).toHaveLength(0);
  });
});

describe('POST /api/admin/companies/:id/verify-payment', () => {
  it.each([
    ['monthly', '2026-02-28', '2026-02-28T20:00:00.000Z'],
    ['quarterly', '2026-04-30', '2026-04-30T20:00:00.000Z'],
    ['annual', '2027-01-30', '2027-01-30T20:00:00.000Z'],
  ] as const)('activates a %s subscription paid on 31 January 2026 until %s', async (plan, lastDay, endsAt) => {
    setClock('2026-01-31T08:00:00Z');
    const { company, invoice, email, id: userId, agent } = await onboarded({ subscriptionPlan: plan });
    setClock('2026-01-31T11:30:00Z');
    const res = await verify(company.id, { invoiceId: invoice.id, bankReference: '  FT26031ABC77  ' });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({
      id: company.id,
      subscriptionStatus: 'active',
      paymentVerifiedAt: '2026-01-31T11:30:00.000Z',
      activatedAt: '2026-01-31T11:30:00.000Z',
      subscriptionStartDate: '2026-01-31',
      subscriptionEndDate: lastDay,
      hasAccess: true,
    });
    expect(res.body.invoice).toMatchObject({ id: invoice.id, status: 'paid', bankReference: 'FT26031ABC77', paidAt: '2026-01-31T11:30:00.000Z' });

    const row = await companyRow(company.id);
    expect(row.subscriptionStartDate!.toISOString()).toBe('2026-01-30T20:00:00.000Z');
    expect(row.subscriptionEndDate!.toISOString()).toBe(endsAt);
    const [paid] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: 'paid', bankReference: 'FT26031ABC77', verifiedById: admin.id });
    const [account] = await db().select().from(users).where(eq(users.id, userId));
    expect(account!.status).toBe('active');
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ status: 'active', company: { subscriptionStatus: 'active', subscriptionEndDate: lastDay } });

    const audit = await auditRows(company.id, 'company.verify_payment');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      subjectType: 'company',
      details: expect.objectContaining({ invoiceNumber: invoice.number, totalFils: invoice.totalFils, bankReference: 'FT26031ABC77' }),
    });
    const mails = await mailsTo(company.email, 'company_activated');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your ${testApp.config.productName} account is active`);
    expect(mails[0]!.textBody).toContain('You can now browse job seekers');
    expect(mails[0]!.textBody).toContain(`${testApp.config.publicUrl}/dashboard`);
    expect(mails[0]!.htmlBody).toContain(`${testApp.config.publicUrl}/dashboard`);
    expect(email).not.toBe(company.email);

    // Again, later, with another reference: refused, and nothing changes.
    setClock('2026-02-02T08:00:00Z');
    const again = await verify(company.id, { invoiceId: invoice.id, bankReference: 'FT-OTHER-999' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This invoice is already paid');
    expect(await companyRow(company.id)).toEqual(row);
    const [still] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(still).toEqual(paid);
    expect(await auditRows(company.id, 'company.verify_payment')).toHaveLength(1);
    expect(await mailsTo(company.email, 'company_activated')).toHaveLength(1);
  });

  it('verifies a payment once when two admins verify it at the same time', async () => {
    const { company, invoice } = await onboarded();
    const results = await Promise.all([
      verify(company.id, { invoiceId: invoice.id, bankReference: 'FT-FIRST-1' }),
      verify(company.id, { invoiceId: invoice.id, bankReference: 'FT-SECOND-2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditRows(company.id, 'company.verify_payment')).toHaveLength(1);
    expect(await mailsTo(company.email, 'company_activated')).toHaveLength(1);
  });

  it.each([
    [{ bankReference: 'FT123456' }, 'Please choose the invoice that was paid'],
    [{ invoiceId: 'INV-2026-000001', bankReference: 'FT123456' }, 'Please choose the invoice that was paid'],
    [{ invoiceId: '00000000-0000-4000-8000-000000000000' }, 'Please enter the bank reference of the transfer'],
    [{ invoiceId: '00000000-0000-4000-8000-000000000000', bankReference: ' ' }, 'Please enter the bank reference of the transfer'],
    [{ invoiceId: '00000000-0000-4000-8000-000000000000', bankReference: ' x ' }, 'The bank reference has at least 3 characters'],
    [{ invoiceId: '00000000-0000-4000-8000-000000000000', bankReference: 'F'.repeat(101) }, 'The bank reference is too long'],
  ])('refuses %j with 400', async (body, message) => {
    const { company } = await onboarded();
    const res = await verify(company.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await auditRows(company.id, 'company.verify_payment')).toHaveLength(0);
  });

  it('answers 404 for an unknown company and for an invoice of another company, changing nothing', async () => {
    const first = await onboarded();
    const second = await onboarded();
    const crossed = await verify(first.company.id, { invoiceId: second.invoice.id, bankReference: 'FT123456' });
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe('Invoice not found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-company']) {
      const res = await verify(id, { invoiceId: first.invoice.id, bankReference: 'FT123456' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Company not found');
    }
    for (const { company, invoice } of [first, second]) {
      expect((await companyRow(company.id)).subscriptionStatus).toBe('pending_payment');
      expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('issued');
    }
  });

  it('does not verify a payment for a suspended company', async () => {
    const { company, invoice } = await onboarded();
    expect((await admin.agent.post(`/api/admin/companies/${company.id}/suspend`)).status).toBe(200);
    const res = await verify(company.id, { invoiceId: invoice.id, bankReference: 'FT123456' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This company is suspended. Reactivate it before you verify a payment.');
    expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('issued');
  });
});

describe('suspend and reactivate', () => {
  it('suspends an active company (no access), and reactivates it while its period runs; each once', async () => {
    setClock('2026-01-31T08:00:00Z');
    const { company, invoice, agent } = await onboarded();
    await verify(company.id, { invoiceId: invoice.id, bankReference: 'FT123456' }).expect(200);

    const suspended = await admin.agent.post(`/api/admin/companies/${company.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ subscriptionStatus: 'suspended', hasAccess: false });
    expect((await agent.get('/api/company/profile')).body.company.hasAccess).toBe(false);
    const twice = await admin.agent.post(`/api/admin/companies/${company.id}/suspend`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This company is already suspended');

    const back = await admin.agent.post(`/api/admin/companies/${company.id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ subscriptionStatus: 'active', subscriptionEndDate: '2026-02-28', hasAccess: true });
    const again = await admin.agent.post(`/api/admin/companies/${company.id}/reactivate`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This company is not suspended');

    const [suspendRow] = await auditRows(company.id, 'company.suspend');
    expect(suspendRow).toMatchObject({ actorId: admin.id, details: { previousStatus: 'active', status: 'suspended' } });
    expect(await auditRows(company.id, 'company.suspend')).toHaveLength(1);
    expect(await auditRows(company.id, 'company.reactivate')).toHaveLength(1);
  });

  it('reactivates to expired when the period ended meanwhile, and to pending payment when it never paid', async () => {
    setClock('2026-01-31T08:00:00Z');
    const paid = await onboarded();
    await verify(paid.company.id, { invoiceId: paid.invoice.id, bankReference: 'FT123456' }).expect(200);
    const unpaid = await onboarded();
    for (const { company } of [paid, unpaid]) await admin.agent.post(`/api/admin/companies/${company.id}/suspend`).expect(200);

    setClock('2026-03-05T08:00:00Z');
    const expired = await admin.agent.post(`/api/admin/companies/${paid.company.id}/reactivate`);
    expect(expired.body).toMatchObject({ subscriptionStatus: 'expired', hasAccess: false });
    const pending = await admin.agent.post(`/api/admin/companies/${unpaid.company.id}/reactivate`);
    expect(pending.body).toMatchObject({ subscriptionStatus: 'pending_payment', hasAccess: false });
  });

  it('answers 404 for an unknown company', async () => {
    const res = await admin.agent.post('/api/admin/companies/00000000-0000-4000-8000-000000000000/suspend');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Company not found');
  });
});

describe('GET /api/admin/companies', () => {
  it('lists newest first, filters by status and by text in the name or e-mail, and pages', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    setClock('2026-04-01T08:00:00Z');
    const older = await onboarded({ companyName: `${tag} Older Trading` });
    setClock('2026-04-01T09:00:00Z');
    const newer = await onboarded({ companyName: `${tag} Newer 100% Foods` });
    setClock('2026-04-01T10:00:00Z');
    const byMail = await onboarded({ companyName: 'Plain Name', email: `${tag.toLowerCase()}@mail.example` });
    await verify(newer.company.id, { invoiceId: newer.invoice.id, bankReference: 'FT123456' }).expect(200);

    const all = await admin.agent.get('/api/admin/companies').query({ q: tag.toUpperCase(), limit: 100 });
    expect(all.status).toBe(200);
    expect(all.body.items.map((c: { id: string }) => c.id)).toEqual([byMail.company.id, newer.company.id, older.company.id]);
    expect(all.body.total).toBe(3);
    expect(all.body.items[1]).toMatchObject({ subscriptionStatus: 'active', user: { id: newer.id, email: newer.email, status: 'active' } });

    const active = await admin.agent.get('/api/admin/companies').query({ q: tag, status: 'active' });
    expect(active.body.items.map((c: { id: string }) => c.id)).toEqual([newer.company.id]);
    // The account's own e-mail finds the company too; % is a character, not a wildcard.
    expect((await admin.agent.get('/api/admin/companies').query({ q: older.email })).body.items.map((c: { id: string }) => c.id)).toEqual([older.company.id]);
    expect((await admin.agent.get('/api/admin/companies').query({ q: `${tag} Newer 100%` })).body.total).toBe(1);
    expect((await admin.agent.get('/api/admin/companies').query({ q: `${tag}%Older` })).body.total).toBe(0);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await admin.agent.get('/api/admin/companies').query({ q: tag, limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      paged.push(...page.body.items.map((c: { id: string }) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual([byMail.company.id, newer.company.id, older.company.id]);
  });

  it.each([
    ['status=paid', 'status must be pending_payment, active, expired, suspended or closed'],
    ['limit=0', 'limit must be between 1 and 100'],
    ['limit=101', 'limit must be between 1 and 100'],
    ['limit=ten', 'limit must be a number'],
    ['cursor=not-a-cursor', 'The page cursor is not valid'],
    [`q=${'x'.repeat(101)}`, 'Please keep the search under 100 characters'],
  ])('refuses ?%s with a message', async (query, message) => {
    const res = await admin.agent.get(`/api/admin/companies?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/admin/companies/:id', () => {
  it('shows the company, its account and its invoices', async () => {
    setClock('2026-01-31T08:00:00Z');
    const { company, invoice, email, id } = await onboarded({ subscriptionPlan: 'annual' });
    const res = await admin.agent.get(`/api/admin/companies/${company.id}`);
    expect(res.status).toBe(200);
    expect(res.body.company).toEqual({ ...company, user: { id, email, status: 'pending' }, openReports: 0 });
    expect(res.body.invoices).toEqual([invoice]);
    expect((await admin.agent.get('/api/admin/companies/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.agent.get('/api/admin/companies/nope')).body.message).toBe('Company not found');
  });
});
