// The hourly subscription job, on a controlled clock: expiry with its notice, reminders 7 days and 1 day before
// the end, each once per period, also with two processes running it at the same moment.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, companyProfiles, emailOutbox } from '#shared/schema.ts';
import type { PlanId } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { onboardedCompany, paidCompany, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';
import { runSubscriptionLifecycle, startSubscriptionReminders } from './subscription-reminders.ts';

let current = new Date('2026-01-31T08:00:00Z');
const clock: Clock = { now: () => current };
const setClock = (iso: string | Date) => {
  current = new Date(iso);
};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { ...TRUSTED_PROXY_ENV, SESSION_ABSOLUTE_HOURS: '1000000' }, clock });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
const job = () => ({ db: db(), clock, productName: testApp.config.productName, publicUrl: testApp.config.publicUrl });
const run = () => runSubscriptionLifecycle(job());

/** A company onboarded and paid at the clock's time, as its row then reads. */
async function activeCompany(plan: PlanId = 'monthly') {
  const paid = await paidCompany(
    testApp,
    admin,
    { companyName: 'Falcon Logistics', contactPerson: 'Priya Nair', phone: '+971 52 987 6543', email: uniqueEmail('ops'), subscriptionPlan: plan },
    'FT123456',
  );
  const [row] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, paid.companyId));
  return { ...paid, company: row! };
}

const mails = (to: string, template: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.template, template)));
const statusOf = async (id: string) => (await db().select().from(companyProfiles).where(eq(companyProfiles.id, id)))[0]!.subscriptionStatus;

describe('reminders before the end', () => {
  it('e-mails 7 days and 1 day before the end, each once, with the link to renew', async () => {
    setClock('2026-01-31T08:00:00Z');
    const { company } = await activeCompany();
    const end = company.subscriptionEndDate!.getTime();
    expect(new Date(end).toISOString()).toBe('2026-02-28T20:00:00.000Z');

    setClock(new Date(end - 7 * DAY - 1));
    await run();
    expect(await mails(company.email, 'subscription_reminder%')).toHaveLength(0);

    setClock(new Date(end - 7 * DAY));
    await run();
    const [week] = await mails(company.email, 'subscription_reminder_7d');
    expect(week).toMatchObject({ subject: `Your ${testApp.config.productName} subscription ends in 7 days` });
    expect(week!.textBody).toContain('The last day is 28 February 2026');
    expect(week!.textBody).toContain(`${testApp.config.publicUrl}/account`);
    expect(week!.htmlBody).toContain(`${testApp.config.publicUrl}/account`);

    for (const t of [end - 7 * DAY + HOUR, end - 3 * DAY, end - DAY - 1]) {
      setClock(new Date(t));
      await run();
    }
    expect(await mails(company.email, 'subscription_reminder%')).toHaveLength(1);

    setClock(new Date(end - DAY + HOUR));
    await run();
    await run();
    const [day] = await mails(company.email, 'subscription_reminder_1d');
    expect(day!.subject).toBe(`Your ${testApp.config.productName} subscription ends in 1 day`);
    setClock(new Date(end - 1));
    await run();
    expect(await mails(company.email, 'subscription_reminder%')).toHaveLength(2);
    expect(await statusOf(company.id)).toBe('active');

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.id), eq(auditLog.action, 'company.subscription_reminder')));
    expect(audit.map((a) => (a.details as { days: number }).days).sort()).toEqual([1, 7]);
  });

  it('sends each reminder once when two processes run the job at the same moment', async () => {
    setClock('2026-02-10T08:00:00Z');
    const companies = await Promise.all([activeCompany(), activeCompany(), activeCompany()]);
    const end = companies[0]!.company.subscriptionEndDate!.getTime();
    setClock(new Date(end - 6 * DAY));
    await Promise.all([run(), run(), run()]);
    setClock(new Date(end - 12 * HOUR));
    await Promise.all([run(), run(), run()]);
    for (const { company } of companies) {
      expect((await mails(company.email, 'subscription_reminder%')).map((m) => m.template).sort()).toEqual([
        'subscription_reminder_1d',
        'subscription_reminder_7d',
      ]);
    }
  });

  it('sends only the reminder still useful after the job was down, with the days really left', async () => {
    setClock('2026-03-03T08:00:00Z');
    const { company } = await activeCompany();
    const end = company.subscriptionEndDate!.getTime();
    setClock(new Date(end - 10 * HOUR));
    await run();
    const sent = await mails(company.email, 'subscription_reminder%');
    expect(sent.map((m) => m.template)).toEqual(['subscription_reminder_1d']);

    // Activated with only 3 days left (a late check of an old invoice): the week reminder says 3 days.
    const late = await activeCompany();
    await db()
      .update(companyProfiles)
      .set({ subscriptionEndDate: new Date(current.getTime() + 3 * DAY - HOUR) })
      .where(eq(companyProfiles.id, late.company.id));
    await run();
    const [lateMail] = await mails(late.company.email, 'subscription_reminder_7d');
    expect(lateMail!.subject).toBe(`Your ${testApp.config.productName} subscription ends in 3 days`);
  });

  it('reminds again for the next period after a renewal', async () => {
    setClock('2026-04-01T08:00:00Z');
    const { company, agent } = await activeCompany();
    const firstEnd = company.subscriptionEndDate!.getTime();
    setClock(new Date(firstEnd - 7 * DAY));
    await run();
    const renewal = await agent.post('/api/company/renewal').expect(201);
    await admin.agent
      .post(`/api/admin/companies/${company.id}/verify-payment`)
      .send({ invoiceId: renewal.body.invoice.id, bankReference: 'FT654321' })
      .expect(200);
    const [renewed] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, company.id));
    const secondEnd = renewed!.subscriptionEndDate!.getTime();
    expect(new Date(secondEnd).toISOString()).toBe('2026-05-31T20:00:00.000Z');

    // The old end passes without an expiry, and the next reminders follow the new end.
    setClock(new Date(firstEnd + HOUR));
    await run();
    expect(await statusOf(company.id)).toBe('active');
    expect(await mails(company.email, 'subscription_reminder_1d')).toHaveLength(0);
    setClock(new Date(secondEnd - 7 * DAY));
    await run();
    await run();
    expect(await mails(company.email, 'subscription_reminder_7d')).toHaveLength(2);
  });
});

describe('expiry', () => {
  it('marks an active company expired once its end has passed, with one notice', async () => {
    setClock('2026-05-15T08:00:00Z');
    const { company, agent } = await activeCompany('quarterly');
    const end = company.subscriptionEndDate!.getTime();
    expect(new Date(end).toISOString()).toBe('2026-08-14T20:00:00.000Z');

    setClock(new Date(end - 1));
    await run();
    expect(await statusOf(company.id)).toBe('active');

    setClock(new Date(end));
    await Promise.all([run(), run()]);
    expect(await statusOf(company.id)).toBe('expired');
    await run();
    const notices = await mails(company.email, 'subscription_expired');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain('ended on 14 August 2026');
    expect(notices[0]!.textBody).toContain(`${testApp.config.publicUrl}/account`);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.subjectId, company.id), eq(auditLog.action, 'company.expire')))).toHaveLength(1);
    expect((await agent.get('/api/company/profile')).body.company).toMatchObject({ subscriptionStatus: 'expired', hasAccess: false });

    // Renewing after the end: the period starts today.
    setClock(new Date(end + 2 * DAY));
    const renewal = await agent.post('/api/company/renewal');
    expect(renewal.body.invoice.periodStart).toBe('2026-08-17');
  });

  it('leaves suspended and unpaid companies alone', async () => {
    setClock('2026-06-01T08:00:00Z');
    const { company } = await activeCompany();
    await admin.agent.post(`/api/admin/companies/${company.id}/suspend`).expect(200);
    const unpaid = await onboardedCompany(testApp, { companyName: 'Unpaid Co', contactPerson: 'Sam Lee', phone: '+971 52 987 6543', email: uniqueEmail('unpaid') });
    for (const t of [company.subscriptionEndDate!.getTime() - 12 * HOUR, company.subscriptionEndDate!.getTime() + DAY]) {
      setClock(new Date(t));
      await run();
    }
    expect(await statusOf(company.id)).toBe('suspended');
    expect(await statusOf(unpaid.companyId)).toBe('pending_payment');
    expect(await mails(company.email, 'subscription_%')).toHaveLength(0);
    expect(await mails(unpaid.company.email, 'subscription_%')).toHaveLength(0);
  });
});

describe('startSubscriptionReminders', () => {
  it('runs at once, kicks the mailer when it queued e-mail, and stops cleanly', async () => {
    setClock('2026-07-01T08:00:00Z');
    const { company } = await activeCompany();
    setClock(new Date(company.subscriptionEndDate!.getTime() + HOUR));
    let kicks = 0;
    const started = startSubscriptionReminders({ ...job(), logger: pino({ level: 'silent' }), mailer: { kick: () => void kicks++ }, intervalMs: 60 * 60 * 1000 });
    await started.stop();
    expect(await statusOf(company.id)).toBe('expired');
    expect(kicks).toBe(1);
  });
});
