// Contact Sales reaches the team: a request is stored and e-mailed to the sales address, or refused whole; the admin
// console lists requests and marks each handled once, with its audit row.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, emailOutbox, salesRequests } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const SALES = 'sales.team@wazifa.example';
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;

const REQUEST = {
  companyName: 'Gulf Build Contracting',
  contactPerson: 'Huda Saleh',
  email: 'huda@gulfbuild.example',
  phone: '+971 4 123 4567',
  plan: 'quarterly',
  message: 'We hire 40 masons and steel fixers a quarter. Can we pay by cheque?',
};
const send = (body: object, from = nextIp()) => request(testApp.app).post('/api/sales-requests').set('X-Forwarded-For', from).send(body);
const stored = (email: string) => db().select().from(salesRequests).where(eq(salesRequests.email, email));
const mailed = (companyName: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, SALES), eq(emailOutbox.subject, `Sales request: ${companyName} (quarterly)`)));

beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, SALES_EMAIL: SALES } });
});
afterAll(() => testApp.close());

describe('a sales request', () => {
  it('is stored and e-mailed to the sales address, with every field', async () => {
    const res = await send(REQUEST).expect(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await stored(REQUEST.email);
    expect(row).toMatchObject({ ...REQUEST, handledAt: null });
    const [mail] = await mailed(REQUEST.companyName);
    for (const value of [REQUEST.contactPerson, REQUEST.email, REQUEST.phone, REQUEST.message]) expect(mail!.textBody).toContain(value);
    expect(mail!.textBody).toContain('/admin/sales');
  });

  it.each([
    ['companyName', 'Please enter your company name'],
    ['contactPerson', 'Please enter the contact person'],
    ['email', 'Please enter your e-mail address'],
    ['phone', 'Please enter your phone number'],
    ['plan', 'Please choose a plan'],
  ])('without %s answers 400 with its message and stores and sends nothing', async (field, message) => {
    const email = `missing.${field}@gulfbuild.example`;
    const body: Record<string, string> = { ...REQUEST, companyName: `Missing ${field}`, email };
    delete body[field];
    const res = await send(body).expect(400);
    expect(res.body).toMatchObject({ code: 'common.invalid_input', message });
    expect(await stored(email)).toEqual([]);
    expect(await mailed(`Missing ${field}`)).toEqual([]);
  });

  it('refuses a bad address and an unknown plan with their messages', async () => {
    expect((await send({ ...REQUEST, email: 'not an address' }).expect(400)).body.message).toBe('Please enter a valid e-mail address');
    expect((await send({ ...REQUEST, plan: 'weekly' }).expect(400)).body.message).toBe('Please choose a plan');
  });

  it('takes ten an hour from one address, then answers 429', async () => {
    const from = nextIp();
    for (let i = 0; i < 10; i++) await send({ ...REQUEST, email: `burst.${i}@gulfbuild.example` }, from).expect(201);
    const refused = await send({ ...REQUEST, email: 'burst.10@gulfbuild.example' }, from).expect(429);
    expect(refused.body.code).toBe('common.rate_limited');
    expect(await stored('burst.10@gulfbuild.example')).toEqual([]);
  });

  it('takes three an hour naming one e-mail address, from however many client addresses', async () => {
    const email = 'flood@gulfbuild.example';
    for (let i = 0; i < 3; i++) await send({ ...REQUEST, companyName: `Flood ${i}`, email }).expect(201);
    for (let i = 3; i < 13; i++) expect((await send({ ...REQUEST, companyName: `Flood ${i}`, email }).expect(429)).body.code).toBe('common.rate_limited');
    expect(await stored(email)).toHaveLength(3);
    expect(await mailed('Flood 3')).toEqual([]);
  });
});

describe('sales requests in the admin console', () => {
  it('lists the open ones newest first and marks one handled once, with its audit row', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const { body: sent } = await send({ ...REQUEST, companyName: 'Doha Hotels Group', email: 'hr@dohahotels.example' }).expect(201);
    const open = await admin.agent.get('/api/admin/sales-requests').query({ handled: 'false' }).expect(200);
    expect(open.body.items[0]).toMatchObject({ id: sent.id, companyName: 'Doha Hotels Group', plan: 'quarterly', handledAt: null, handledBy: null });

    const handled = await admin.agent.post(`/api/admin/sales-requests/${sent.id}/handled`).expect(200);
    expect(handled.body).toMatchObject({ id: sent.id, handledBy: { id: admin.id, email: admin.email } });
    const again = await admin.agent.post(`/api/admin/sales-requests/${sent.id}/handled`).expect(409);
    expect(again.body.code).toBe('admin.sales_request_handled');
    await admin.agent.post('/api/admin/sales-requests/00000000-0000-4000-8000-000000000000/handled').expect(404);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, sent.id), eq(auditLog.action, 'sales_request.mark_handled')));
    expect(audit).toHaveLength(1);
    const stillOpen = await admin.agent.get('/api/admin/sales-requests').query({ handled: 'false', limit: 100 }).expect(200);
    expect(stillOpen.body.items.map((r: { id: string }) => r.id)).not.toContain(sent.id);
  });

  it('is for administrators only', async () => {
    const company = await signedInAgent(testApp, { role: 'company' });
    await company.agent.get('/api/admin/sales-requests').expect(403);
    await request(testApp.app).get('/api/admin/sales-requests').expect(401);
  });
});
