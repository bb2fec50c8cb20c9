// "I have paid": a company says when it sent the transfer of its own unpaid invoice; the admin sees it on the payment
// screen; nobody else's invoice, no date to come, nothing once the invoice is paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { onboardedCompany, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const today = () => new Date(Date.now() + 4 * 3600 * 1000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + 4 * 3600 * 1000 + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

const onboarded = () =>
  onboardedCompany(testApp, { companyName: 'Gulf Build Contracting', contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', subscriptionPlan: 'quarterly' });

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

describe('I have paid', () => {
  it('keeps the day of the transfer and the reference on the invoice, for the company and the admin, with an audit row', async () => {
    const company = await onboarded();
    const res = await company.agent.post(`/api/company/invoices/${company.invoiceId}/payment`).send({ transferDate: inDays(-1), bankReference: 'FT2611AB77' }).expect(200);
    expect(res.body.paymentDeclaration).toMatchObject({ transferDate: inDays(-1), bankReference: 'FT2611AB77' });
    const account = await company.agent.get('/api/company/profile').expect(200);
    expect(account.body.invoices[0].paymentDeclaration).toMatchObject({ transferDate: inDays(-1), bankReference: 'FT2611AB77' });
    expect(account.body.company.subscriptionStatus).toBe('pending_payment');

    // Said again, without a reference: the newest words count.
    await company.agent.post(`/api/company/invoices/${company.invoiceId}/payment`).send({ transferDate: today() }).expect(200);
    const admin = await signedInAgent(testApp, { admin: true });
    const detail = await admin.agent.get(`/api/admin/companies/${company.companyId}`).expect(200);
    expect(detail.body.invoices[0].paymentDeclaration).toMatchObject({ transferDate: today(), bankReference: null });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.invoiceId), eq(auditLog.action, 'invoice.payment_declared')));
    expect(audit).toHaveLength(2);

    // Verified: the invoice is paid, and saying it again is refused.
    await admin.agent.post(`/api/admin/companies/${company.companyId}/verify-payment`).send({ invoiceId: company.invoiceId, bankReference: 'FT2611AB77' }).expect(200);
    const late = await company.agent.post(`/api/company/invoices/${company.invoiceId}/payment`).send({ transferDate: today() }).expect(409);
    expect(late.body.code).toBe('invoice.not_payable');
  });

  it('refuses a date to come, a date that is not one, and a reference too long, changing nothing', async () => {
    const company = await onboarded();
    const url = `/api/company/invoices/${company.invoiceId}/payment`;
    expect((await company.agent.post(url).send({ transferDate: inDays(2) }).expect(400)).body).toMatchObject({
      code: 'invoice.transfer_in_future',
      message: 'The date of the transfer cannot be in the future',
    });
    // The day before the invoice is taken (the first test); two days before, not.
    expect((await company.agent.post(url).send({ transferDate: inDays(-2) }).expect(400)).body.code).toBe('invoice.transfer_before_invoice');
    expect((await company.agent.post(url).send({ transferDate: '2020-01-01' }).expect(400)).body).toMatchObject({
      code: 'invoice.transfer_before_invoice',
      message: 'The date of the transfer cannot be before the invoice was issued',
    });
    expect((await company.agent.post(url).send({ transferDate: '2026-02-30' }).expect(400)).body.message).toBe('Please enter the date of your transfer');
    expect((await company.agent.post(url).send({}).expect(400)).body.message).toBe('Please enter the date of your transfer');
    expect((await company.agent.post(url).send({ transferDate: today(), bankReference: 'x'.repeat(101) }).expect(400)).body.message).toBe('The bank reference is too long');
    const account = await company.agent.get('/api/company/profile').expect(200);
    expect(account.body.invoices[0].paymentDeclaration).toBeNull();
  });

  it("never reaches another company's invoice, and is for companies only", async () => {
    const mine = await onboarded();
    const other = await onboarded();
    const res = await mine.agent.post(`/api/company/invoices/${other.invoiceId}/payment`).send({ transferDate: today() }).expect(404);
    expect(res.body.code).toBe('invoice.not_found');
    await mine.agent.post('/api/company/invoices/not-an-id/payment').send({ transferDate: today() }).expect(404);
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    await seeker.agent.post(`/api/company/invoices/${other.invoiceId}/payment`).send({ transferDate: today() }).expect(403);
    const account = await other.agent.get('/api/company/profile').expect(200);
    expect(account.body.invoices[0].paymentDeclaration).toBeNull();
  });
});
