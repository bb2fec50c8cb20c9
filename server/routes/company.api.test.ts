// The company's own API: onboarding with its first tax invoice, its invoices, renewal, and the end of access.
import express from 'express';
import request from 'supertest';
import { DomainError } from '../domain-error.ts';
import { ERROR_STATUS } from '../http/error-status.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { companyProfiles, emailOutbox, invoiceCounters, invoices, users } from '#shared/schema.ts';
import { PHONE_NOT_GCC } from '#shared/profile.ts';
import type { CompanyOnboardingInput } from '#shared/company.ts';
import type { Clock } from '../clock.ts';
import { loadCurrentUser } from '../auth/current-user.ts';
import { requireActiveCompany } from '../auth/require-active-company.ts';
import { sessionMiddleware } from '../auth/session.ts';
import { issueInvoice } from '../services/invoices.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { SELLER_ENV, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

// A clock each test sets; sessions are allowed to live long enough for the jumps in time below.
let current = new Date('2026-01-31T08:00:00Z');
const clock: Clock = { now: () => current };
const setClock = (iso: string) => {
  current = new Date(iso);
};


let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, ...SELLER_ENV, SESSION_ABSOLUTE_HOURS: '1000000' }, clock });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;

const VALID: CompanyOnboardingInput = {
  companyName: 'Gulf Build Contracting LLC',
  contactPerson: 'Omar Haddad',
  phone: '+971 50 765 4321',
  email: 'HR@GulfBuild.example',
  subscriptionPlan: 'monthly',
};

async function onboarded(overrides: Partial<CompanyOnboardingInput> = {}) {
  const account = await signedInAgent(testApp, { role: 'company' });
  const res = await account.agent.post('/api/company/profile').send({ ...VALID, email: uniqueEmail('billing'), ...overrides });
  if (res.status !== 201) throw new Error(`onboarding failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, company: res.body.company, invoice: res.body.invoice };
}

async function verified(companyId: string, invoiceId: string) {
  const res = await admin.agent.post(`/api/admin/companies/${companyId}/verify-payment`).send({ invoiceId, bankReference: 'FT2603112345' });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const written = async () => {
  const { rows } = await db().execute<{ companies: number; invoices: number; numbers: number; mails: number }>(sql`
    select (select count(*)::int from company_profiles) as companies,
           (select count(*)::int from invoices) as invoices,
           (select coalesce(sum(last_number), 0)::int from invoice_counters) as numbers,
           (select count(*)::int from email_outbox where template = 'company_invoice_issued') as mails`);
  return rows[0]!;
};

describe('who may use the company API', () => {
  it('answers 401 to anonymous callers and 403 to job seekers on every company route', async () => {
    const { invoice } = await onboarded();
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const calls = (agent: request.Agent | request.SuperTest<request.Test>) => [
      agent.post('/api/company/profile').send(VALID),
      agent.get('/api/company/profile'),
      agent.get(`/api/company/invoices/${invoice.id}`),
      agent.post('/api/company/renewal'),
    ];
    const before = await written();
    for (const res of await Promise.all(calls(request(testApp.app)))) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please sign in to continue');
    }
    for (const res of await Promise.all(calls(seeker.agent))) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This is not available for your account type');
    }
    expect(await written()).toEqual(before);
    expect(await db().select().from(companyProfiles).where(eq(companyProfiles.userId, seeker.id))).toHaveLength(0);
  });

  it('lets a company read its own invoice, never another company’s (404), and an admin any', async () => {
    const first = await onboarded();
    const second = await onboarded({ companyName: 'Second Company' });
    const own = await first.agent.get(`/api/company/invoices/${first.invoice.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(first.invoice);

    const other = await second.agent.get(`/api/company/invoices/${first.invoice.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: 'invoice.not_found', message: 'Invoice not found' });

    const byAdmin = await admin.agent.get(`/api/company/invoices/${first.invoice.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.number).toBe(first.invoice.number);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await first.agent.get(`/api/company/invoices/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Invoice not found');
    }
  });

  it('answers 404 to a company that has not onboarded yet', async () => {
    const account = await signedInAgent(testApp, { role: 'company' });
    const res = await account.agent.get('/api/company/profile');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Company profile not found');
    expect((await account.agent.post('/api/company/renewal')).status).toBe(404);
    expect((await account.agent.get('/api/auth/user')).body.company).toBeNull();
  });
});

describe('POST /api/company/profile', () => {
  it('creates the company (pending payment) and its first tax invoice, and e-mails the invoice', async () => {
    // 01:30 on 11 March in Dubai, still 10 March in UTC: the period follows Gulf time.
    setClock('2026-03-10T21:30:00Z');
    const account = await signedInAgent(testApp, { role: 'company' });
    const email = uniqueEmail('Accounts');
    const res = await account.agent.post('/api/company/profile').send({ ...VALID, email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    const { company, invoice } = res.body;
    expect(company).toEqual({
      id: expect.any(String),
      companyName: 'Gulf Build Contracting LLC',
      contactPerson: 'Omar Haddad',
      phone: '+971507654321',
      email: email.toLowerCase(),
      tradeLicenceNumber: null,
      vatNumber: null,
      subscriptionPlan: 'monthly',
      subscriptionStatus: 'pending_payment',
      paymentVerifiedAt: null,
      activatedAt: null,
      subscriptionStartDate: null,
      subscriptionEndDate: null,
      createdAt: '2026-03-10T21:30:00.000Z',
      hasAccess: false,
      slug: expect.stringMatching(/^gulf-build-contracting-llc-[0-9a-f]{8}$/),
      licenceIssuer: null,
      licenceExpiresOn: null,
      licenceDocumentPath: null,
      employerVerified: false,
      employerVerifiedAt: null,
    });
    expect(invoice).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^INV-2026-\d{6}$/),
      status: 'issued',
      issuedAt: '2026-03-10T21:30:00.000Z',
      plan: 'monthly',
      periodStart: '2026-03-11',
      periodEnd: '2026-04-10',
      currency: 'AED',
      subtotalFils: 50_000,
      vatRateBasisPoints: 500,
      vatFils: 2_500,
      totalFils: 52_500,
      seller: {
        name: 'Wazifa Technologies FZ-LLC',
        address: 'Office 1204, Tower B, Business Bay, Dubai, United Arab Emirates',
        trn: '100234567890003',
        email: testApp.config.supportEmail,
        bank: { accountName: 'Wazifa Technologies FZ-LLC', iban: 'AE070331234567890123456', bankName: 'Emirates Example Bank', swift: 'EBILAEAD' },
      },
      buyer: { companyName: 'Gulf Build Contracting LLC', contactPerson: 'Omar Haddad', email: email.toLowerCase(), phone: '+971507654321' },
      bankReference: null,
      paidAt: null,
      paymentDeclaration: null,
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ year: 2026, companyId: company.id, number: `INV-2026-${String(row!.sequence).padStart(6, '0')}` });

    const account2 = await account.agent.get('/api/company/profile');
    expect(account2.status).toBe(200);
    expect(account2.body).toEqual({
      company,
      billing: true,
      team: { used: 1, seats: { monthly: 2, quarterly: 3, annual: 5 } },
      invoices: [{ id: invoice.id, number: invoice.number, status: 'issued', issuedAt: invoice.issuedAt, plan: 'monthly', periodStart: '2026-03-11', periodEnd: '2026-04-10', totalFils: 52_500, paymentDeclaration: null }],
    });
    expect((await account.agent.get('/api/auth/user')).body.company).toMatchObject({ id: company.id, subscriptionStatus: 'pending_payment', hasAccess: false });

    const mails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email.toLowerCase()), eq(emailOutbox.template, 'company_invoice_issued')));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Your ${testApp.config.productName} invoice ${invoice.number}: AED 525`);
    for (const part of [mail.textBody, mail.htmlBody!]) {
      for (const text of [invoice.number, 'AED 525', 'AED 500', 'AED 25', 'AE070331234567890123456', 'EBILAEAD', 'Emirates Example Bank', '11 March 2026', '10 April 2026', `${testApp.config.publicUrl}/pending`]) {
        expect(part).toContain(text);
      }
    }
    expect(mail.textBody).toContain(`Payment reference: ${invoice.number}`);
  });

  it.each([
    ['quarterly', '2026-06-30', 135_000, 6_750, 141_750],
    ['annual', '2027-03-30', 480_000, 24_000, 504_000],
  ] as const)('bills the %s plan for its whole period', async (plan, periodEnd, subtotalFils, vatFils, totalFils) => {
    setClock('2026-03-31T10:00:00Z');
    const { invoice } = await onboarded({ subscriptionPlan: plan });
    expect(invoice).toMatchObject({ plan, periodStart: '2026-03-31', periodEnd, subtotalFils, vatFils, totalFils });
  });

  it('refuses a second company profile, with no second invoice or number', async () => {
    const first = await onboarded();
    const before = await written();
    const again = await first.agent.post('/api/company/profile').send({ ...VALID, companyName: 'Another Name' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your company profile already exists');
    expect(await written()).toEqual(before);
    expect(await db().select().from(invoices).where(eq(invoices.companyId, first.company.id))).toHaveLength(1);
  });

  const without = (field: keyof CompanyOnboardingInput) => Object.fromEntries(Object.entries(VALID).filter(([key]) => key !== field));
  it.each([
    ['no fields at all', {}, 'Please enter your company name'],
    ['no company name', without('companyName'), 'Please enter your company name'],
    ['a one-letter company name', { ...VALID, companyName: ' A ' }, 'Please enter your company name'],
    ['a company name of 161 characters', { ...VALID, companyName: 'C'.repeat(161) }, 'Please keep this under 160 characters'],
    ['no contact person', without('contactPerson'), 'Please enter the name of a contact person'],
    ['a blank contact person', { ...VALID, contactPerson: '   ' }, 'Please enter the name of a contact person'],
    ['a contact person of 121 characters', { ...VALID, contactPerson: 'P'.repeat(121) }, 'Please keep this under 120 characters'],
    ['no phone', without('phone'), 'Please enter a valid phone number'],
    ['a short phone', { ...VALID, phone: '050123' }, 'Please enter a valid phone number'],
    ['a phone given as a number', { ...VALID, phone: 971507654321 }, 'Please enter a valid phone number'],
    ['a phone outside the GCC', { ...VALID, phone: '+44 20 7946 0958' }, PHONE_NOT_GCC],
    ['no e-mail', without('email'), 'Please enter your e-mail address'],
    ['a malformed e-mail', { ...VALID, email: 'hr.gulfbuild.example' }, 'Please enter a valid e-mail address'],
    ['an e-mail of 255 characters', { ...VALID, email: `${'a'.repeat(243)}@example.com` }, 'This e-mail address is too long'],
    ['no plan', without('subscriptionPlan'), 'Please choose a plan'],
    ['an unknown plan', { ...VALID, subscriptionPlan: 'weekly' }, 'Please choose a plan'],
  ])('refuses %s with 400 and writes nothing', async (_case, body, message) => {
    const account = await signedInAgent(testApp, { role: 'company' });
    const before = await written();
    const res = await account.agent.post('/api/company/profile').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await written()).toEqual(before);
    expect(await db().select().from(companyProfiles).where(eq(companyProfiles.userId, account.id))).toHaveLength(0);
  });

  it('numbers invoices gap-free: ten onboardings at once (and double submits) take 1..10 of the year', async () => {
    // A year no other test issues invoices in.
    setClock('2031-05-01T09:00:00Z');
    const accounts = await Promise.all(Array.from({ length: 10 }, () => signedInAgent(testApp, { role: 'company' })));
    const responses = await Promise.all([
      ...accounts.map((a, i) => a.agent.post('/api/company/profile').send({ ...VALID, companyName: `Concurrent ${i}`, email: uniqueEmail('c') })),
      // The same form sent twice at once by three of them: one company and one invoice each.
      ...accounts.slice(0, 3).map((a) => a.agent.post('/api/company/profile').send({ ...VALID, email: uniqueEmail('dup') })),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), ...Array(3).fill(409)]);
    const rows = await db().select().from(invoices).where(eq(invoices.year, 2031));
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(rows.map((r) => r.number)).size).toBe(10);
    expect(rows.map((r) => r.number)).toContain('INV-2031-000010');
    const [counter] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, 2031));
    expect(counter!.lastNumber).toBe(10);
  });

  it('gives a rolled-back invoice’s number to the next one: no gap', async () => {
    setClock('2032-02-01T09:00:00Z');
    const first = await onboarded();
    expect(first.invoice.number).toBe('INV-2032-000001');
    const [company] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, first.company.id));
    const rolledBack = db().transaction(async (tx) => {
      const invoice = await issueInvoice(tx, {
        company: company!,
        plan: 'monthly',
        periodStart: '2032-02-01',
        billing: testApp.config.billing,
        now: clock.now(),
      });
      expect(invoice.number).toBe('INV-2032-000002');
      throw new Error('something failed after the number was taken');
    });
    await expect(rolledBack).rejects.toThrow('something failed');
    const next = await onboarded();
    expect(next.invoice.number).toBe('INV-2032-000002');
    expect((await db().select().from(invoices).where(eq(invoices.year, 2032))).map((r) => r.sequence).sort()).toEqual([1, 2]);
  });
});

describe('POST /api/company/renewal', () => {
  it('is refused before the first invoice is paid', async () => {
    const { agent, company } = await onboarded();
    const res = await agent.post('/api/company/renewal');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Please pay your first invoice. Your subscription starts when we receive it.');
    expect(await db().select().from(invoices).where(eq(invoices.companyId, company.id))).toHaveLength(1);
  });

  it('while active: the new period starts when the current one ends; one unpaid invoice at a time', async () => {
    setClock('2026-01-31T08:00:00Z');
    const { agent, company, invoice } = await onboarded();
    await verified(company.id, invoice.id);

    setClock('2026-02-20T08:00:00Z');
    const res = await agent.post('/api/company/renewal');
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({
      status: 'issued',
      plan: 'monthly',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      totalFils: 52_500,
      buyer: { companyName: VALID.companyName, email: company.email },
    });
    expect(res.body.invoice.number).not.toBe(invoice.number);
    const mails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, company.email), eq(emailOutbox.template, 'company_invoice_issued')));
    expect(mails).toHaveLength(2);
    // The renewal e-mail leads to where the invoice is paid (/account, with "I have paid"), not the dashboard.
    const renewalMail = mails.find((mail) => mail.textBody.includes(res.body.invoice.number))!;
    for (const part of [renewalMail.textBody, renewalMail.htmlBody!]) {
      expect(part).toContain(`${testApp.config.publicUrl}/account`);
      expect(part).not.toContain(`${testApp.config.publicUrl}/dashboard`);
    }
    expect(renewalMail.textBody).toContain(`See your invoice and how to pay it:\n${testApp.config.publicUrl}/account\n`);

    const twice = await agent.post('/api/company/renewal');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already have an unpaid invoice');

    const after = await verified(company.id, res.body.invoice.id);
    expect(after.company).toMatchObject({ subscriptionStatus: 'active', subscriptionStartDate: '2026-01-31', subscriptionEndDate: '2026-03-31', hasAccess: true });
    const account = await agent.get('/api/company/profile');
    expect(account.body.invoices.map((i: { status: string; periodStart: string }) => [i.status, i.periodStart])).toEqual([
      ['paid', '2026-03-01'],
      ['paid', '2026-01-31'],
    ]);
  });

  it('after the subscription lapsed: the new period starts today (Gulf time)', async () => {
    setClock('2026-01-10T08:00:00Z');
    const { agent, company, invoice } = await onboarded({ subscriptionPlan: 'quarterly' });
    const first = await verified(company.id, invoice.id);
    expect(first.company).toMatchObject({ subscriptionStartDate: '2026-01-10', subscriptionEndDate: '2026-04-09' });

    // 22:00 UTC on 19 May is 20 May in Dubai.
    setClock('2026-05-19T22:00:00Z');
    const res = await agent.post('/api/company/renewal');
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({ plan: 'quarterly', periodStart: '2026-05-20', periodEnd: '2026-08-19', totalFils: 141_750 });

    const after = await verified(company.id, res.body.invoice.id);
    expect(after.company).toMatchObject({
      subscriptionStatus: 'active',
      // A new run after the gap; the first activation is kept.
      subscriptionStartDate: '2026-05-20',
      subscriptionEndDate: '2026-08-19',
      activatedAt: '2026-01-10T08:00:00.000Z',
      paymentVerifiedAt: '2026-05-19T22:00:00.000Z',
    });
  });

  it('is refused while the company is suspended', async () => {
    setClock('2026-01-31T08:00:00Z');
    const { agent, company, invoice } = await onboarded();
    await verified(company.id, invoice.id);
    expect((await admin.agent.post(`/api/admin/companies/${company.id}/suspend`)).status).toBe(200);
    const res = await agent.post('/api/company/renewal');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your account is suspended. Please contact support.');
  });
});

describe('the end of a subscription', () => {
  it('closes the database (403) the moment the end date passes, before any job has run', async () => {
    const { database } = testApp.testDatabase;
    const probe = express();
    probe.get(
      '/probe',
      sessionMiddleware({ database, secret: testApp.config.sessionSecret!, idleMs: testApp.config.sessionIdleMs }),
      loadCurrentUser(database.db, clock, testApp.config.sessionAbsoluteMs),
      requireActiveCompany(database.db, clock),
      (req, res) => {
        res.json({ companyId: req.company!.id });
      },
    );
    probe.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err instanceof DomainError ? ERROR_STATUS[err.code] : 500).json({ message: err.message });
    });

    setClock('2026-01-31T08:00:00Z');
    const { cookie, company, invoice, agent } = await onboarded();
    const pending = await request(probe).get('/probe').set('Cookie', cookie);
    expect(pending.status).toBe(403);
    await verified(company.id, invoice.id);
    expect((await request(probe).get('/probe').set('Cookie', cookie)).body).toEqual({ companyId: company.id });

    // The last day is 28 February, Gulf time: access lasts until 20:00 UTC that day.
    setClock('2026-02-28T19:59:59.999Z');
    expect((await request(probe).get('/probe').set('Cookie', cookie)).status).toBe(200);
    setClock('2026-02-28T20:00:00.000Z');
    const ended = await request(probe).get('/probe').set('Cookie', cookie);
    expect(ended.status).toBe(403);
    expect(ended.body.message).toBe('Your subscription is not active. Please renew it to search job seekers.');
    const [row] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, company.id));
    expect(row!.subscriptionStatus).toBe('active');
    expect((await agent.get('/api/company/profile')).body.company).toMatchObject({ subscriptionStatus: 'active', subscriptionEndDate: '2026-02-28', hasAccess: false });

    // A job seeker is refused too.
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await request(probe).get('/probe').set('Cookie', seeker.cookie)).status).toBe(403);
    expect((await request(probe).get('/probe')).status).toBe(401);
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.role).toBe('job_seeker');
  });
});
