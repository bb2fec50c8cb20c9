// The company's /account: its details (with the TRN that goes on later invoices), a renewal with another plan, a new
// password and signing out of the other devices.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PlanId } from '#shared/constants.ts';
import { auditLog } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { onboardedCompany, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const DETAILS = { companyName: 'Gulf Build Contracting LLC', contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', email: 'accounts@gulfbuild.example' };

const onboarded = (plan: PlanId = 'monthly') => onboardedCompany(testApp, { ...DETAILS, email: uniqueEmail('billing'), subscriptionPlan: plan });

let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

describe('company details', () => {
  it('are changed with an audit row; the TRN goes on invoices issued afterwards, not on the ones before', async () => {
    const company = await onboarded();
    const res = await company.agent
      .patch('/api/company/profile')
      .send({ ...DETAILS, companyName: 'Gulf Build Contracting L.L.C.', tradeLicenceNumber: 'CN-1234567', vatNumber: '100234567890003' })
      .expect(200);
    expect(res.body).toMatchObject({ companyName: 'Gulf Build Contracting L.L.C.', tradeLicenceNumber: 'CN-1234567', vatNumber: '100234567890003', phone: '+97141234567' });
    const [row] = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.companyId), eq(auditLog.action, 'company.update_details')));
    expect(row!.details).toMatchObject({ changed: expect.arrayContaining(['companyName', 'tradeLicenceNumber', 'vatNumber', 'email']) });

    const first = await company.agent.get(`/api/company/invoices/${company.invoiceId}`).expect(200);
    expect(first.body.buyer.trn).toBeUndefined();
    await admin.agent.post(`/api/admin/companies/${company.companyId}/verify-payment`).send({ invoiceId: company.invoiceId, bankReference: 'FT-1' }).expect(200);
    const renewal = await company.agent.post('/api/company/renewal').send({}).expect(201);
    expect(renewal.body.invoice.buyer).toMatchObject({ companyName: 'Gulf Build Contracting L.L.C.', trn: '100234567890003' });
  });

  it.each([
    [{ vatNumber: '12345' }, 'Please enter the 15-digit TRN (tax registration number), or leave it empty'],
    [{ companyName: '' }, 'Please enter your company name'],
    [{ phone: '+44 20 7946 0958' }, 'Please enter a mobile number from a GCC country, starting with its country code (for example +971)'],
    [{ tradeLicenceNumber: 'x'.repeat(41) }, 'Please keep this under 40 characters'],
  ])('refuses %j with its message and changes nothing', async (change, message) => {
    const company = await onboarded();
    const res = await company.agent.patch('/api/company/profile').send({ ...DETAILS, ...change }).expect(400);
    expect(res.body.message).toBe(message);
    const account = await company.agent.get('/api/company/profile').expect(200);
    expect(account.body.company).toMatchObject({ companyName: DETAILS.companyName, vatNumber: null, tradeLicenceNumber: null });
  });
});

describe('a renewal with another plan', () => {
  it('is invoiced for the plan chosen, which becomes the company’s once paid', async () => {
    const company = await onboarded('monthly');
    await admin.agent.post(`/api/admin/companies/${company.companyId}/verify-payment`).send({ invoiceId: company.invoiceId, bankReference: 'FT-2' }).expect(200);
    await company.agent.post('/api/company/renewal').send({ plan: 'weekly' }).expect(400);
    const renewal = await company.agent.post('/api/company/renewal').send({ plan: 'annual' }).expect(201);
    expect(renewal.body.invoice).toMatchObject({ plan: 'annual', totalFils: 504_000 });
    expect((await company.agent.get('/api/company/profile').expect(200)).body.company.subscriptionPlan).toBe('monthly');
    await admin.agent.post(`/api/admin/companies/${company.companyId}/verify-payment`).send({ invoiceId: renewal.body.invoice.id, bankReference: 'FT-3' }).expect(200);
    expect((await company.agent.get('/api/company/profile').expect(200)).body.company.subscriptionPlan).toBe('annual');
  });
});

describe('password and sessions', () => {
  async function twoDevices() {
    const email = uniqueEmail('twodevices');
    const first = await signedInAgent(testApp, { role: 'company', email });
    const second = request.agent(testApp.app).set('X-Forwarded-For', '203.0.113.77');
    await second.post('/api/auth/login').send({ email, password: 'long enough 1' }).expect(200);
    return { email, first, second };
  }

  it('changes the password with the current one, ends the other devices’ sessions and keeps this one', async () => {
    const { email, first, second } = await twoDevices();
    const wrong = await first.agent.post('/api/auth/password').send({ currentPassword: 'not it at all', newPassword: 'a brand new password' }).expect(400);
    expect(wrong.body).toEqual({ code: 'auth.wrong_current_password', message: 'Your current password is not correct' });
    await second.get('/api/auth/user').expect(200);

    const short = await first.agent.post('/api/auth/password').send({ currentPassword: 'long enough 1', newPassword: 'short' }).expect(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');

    await first.agent.post('/api/auth/password').send({ currentPassword: 'long enough 1', newPassword: 'a brand new password' }).expect(204);
    await first.agent.get('/api/auth/user').expect(200);
    await second.get('/api/auth/user').expect(401);
    const anon = request(testApp.app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.78');
    await anon.send({ email, password: 'a brand new password' }).expect(200);
  });

  it('signs out of the other devices only', async () => {
    const { first, second } = await twoDevices();
    await first.agent.post('/api/auth/sessions/end-others').expect(204);
    await first.agent.get('/api/auth/user').expect(200);
    await second.get('/api/auth/user').expect(401);
    await request(testApp.app).post('/api/auth/sessions/end-others').expect(401);
  });
});
