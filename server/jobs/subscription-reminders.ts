// The subscription lifecycle, hourly: (a) active companies past their end date become `expired` and are
// told so; (b) companies are reminded 7 days and 1 day before the end, with the link to renew.
//
// Access itself never waits for this job: the guard compares subscriptionEndDate with the clock on every request.
// The job only makes the stored status and the e-mails follow.
//
// Once only, across processes and restarts: every reminder writes an audit row
// (action `company.subscription_reminder`, details { days, endsAt }) in the transaction that queues its e-mail.
// A company is due a reminder only while no such row exists for its current end date and that reminder, so a
// renewal (a new end date) gets reminders of its own, and a job that was down sends only the one still useful
// (the 1-day one, not a stale 7-day one). Candidates are claimed with FOR UPDATE SKIP LOCKED: two processes never
// work on the same company at once, and the row is looked for again once locked, so a process that waited sees
// the other one's committed row. Expiry needs no record: the status change itself (active -> expired, under the
// same lock; PostgreSQL re-checks the status of a row changed while it waited) happens once.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { auditLog, companyProfiles, type CompanyProfile } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { enqueueEmail, recipientLocale, type DbOrTx } from '../mail/outbox.ts';
import { subscriptionExpiredTemplate, subscriptionReminderTemplate } from '../mail/company-templates.ts';
import { lastDayBefore } from '../services/invoices.ts';
import { startPeriodicJob } from './periodic.ts';

export const REMINDER_DAYS = [7, 1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_ACTION = 'company.subscription_reminder';

export interface SubscriptionJobContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

/** What both e-mails about a subscription's end say: to whom, in their language, its last day and where to renew. */
async function endOfSubscriptionMail(tx: DbOrTx, ctx: SubscriptionJobContext, company: CompanyProfile) {
  return {
    locale: await recipientLocale(tx, company.userId),
    productName: ctx.productName,
    contactPerson: company.contactPerson,
    lastDay: lastDayBefore(company.subscriptionEndDate!),
    // Renewing, and paying the renewal invoice, are on the account page: the dashboard of a company with access
    // has neither.
    link: `${ctx.publicUrl}/account`,
  };
}

/** Marks one batch of active companies past their end as expired, with their e-mail; returns how many. */
async function expireBatch(ctx: SubscriptionJobContext, batchSize: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .select()
      .from(companyProfiles)
      .where(and(eq(companyProfiles.subscriptionStatus, 'active'), lte(companyProfiles.subscriptionEndDate, now)))
      .orderBy(companyProfiles.subscriptionEndDate)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const company of due) {
      await tx.update(companyProfiles).set({ subscriptionStatus: 'expired', updatedAt: now }).where(eq(companyProfiles.id, company.id));
      await tx.insert(auditLog).values({
        actorId: null,
        action: 'company.expire',
        subjectType: 'company',
        subjectId: company.id,
        details: { endsAt: company.subscriptionEndDate!.toISOString() },
        at: now,
      });
      const mail = subscriptionExpiredTemplate(await endOfSubscriptionMail(tx, ctx, company));
      await enqueueEmail(tx, { to: company.email, template: 'subscription_expired', ...mail }, { now });
    }
    return due.length;
  });
}

/** Which reminder is due now: the smallest whose window has begun (within `days` of the end). */
function reminderDue(company: Pick<CompanyProfile, 'subscriptionEndDate'>, now: Date): number {
  const left = company.subscriptionEndDate!.getTime() - now.getTime();
  return Math.min(...REMINDER_DAYS.filter((days) => left <= days * DAY_MS));
}

/** Sends one batch of due reminders that were not sent yet; returns how many rows it claimed and how many it sent. */
async function remindBatch(ctx: SubscriptionJobContext, batchSize: number): Promise<{ claimed: number; sent: number }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const nowIso = now.toISOString();
    // The reminder due: 1 within a day of the end, else 7 (within a week). Same rule as reminderDue().
    const dueDays = sql`case when ${companyProfiles.subscriptionEndDate} - ${nowIso}::timestamptz <= interval '1 day' then 1 else 7 end`;
    const due = await tx
      .select()
      .from(companyProfiles)
      .where(
        and(
          eq(companyProfiles.subscriptionStatus, 'active'),
          gt(companyProfiles.subscriptionEndDate, now),
          lte(companyProfiles.subscriptionEndDate, new Date(now.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS)),
          sql`not exists (
            select 1 from ${auditLog}
            where ${auditLog.subjectType} = 'company' and ${auditLog.subjectId} = ${companyProfiles.id}::text
              and ${auditLog.action} = ${REMINDER_ACTION}
              and (${auditLog.details}->>'endsAt')::timestamptz = ${companyProfiles.subscriptionEndDate}
              and (${auditLog.details}->>'days')::int = ${dueDays})`,
        ),
      )
      .orderBy(companyProfiles.subscriptionEndDate)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const company of due) {
      const days = reminderDue(company, now);
      // Asked again now that the row is locked: this statement sees what another process committed while we
      // waited (the select above may have read an older state; READ COMMITTED, a new snapshot per statement).
      const [already] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subjectType, 'company'),
            eq(auditLog.subjectId, company.id),
            eq(auditLog.action, REMINDER_ACTION),
            sql`(${auditLog.details}->>'endsAt')::timestamptz = ${company.subscriptionEndDate!.toISOString()}::timestamptz`,
            sql`(${auditLog.details}->>'days')::int = ${days}`,
          ),
        )
        .limit(1);
      if (already) continue;
      sent += 1;
      await tx.insert(auditLog).values({
        actorId: null,
        action: REMINDER_ACTION,
        subjectType: 'company',
        subjectId: company.id,
        details: { days, endsAt: company.subscriptionEndDate!.toISOString() },
        at: now,
      });
      const mail = subscriptionReminderTemplate({
        ...(await endOfSubscriptionMail(tx, ctx, company)),
        // The days really left: fewer than the reminder's when it starts late (a company activated near its end).
        daysLeft: Math.max(1, Math.ceil((company.subscriptionEndDate!.getTime() - now.getTime()) / DAY_MS)),
      });
      await enqueueEmail(tx, { to: company.email, template: `subscription_reminder_${days}d`, ...mail }, { now });
    }
    return { claimed: due.length, sent };
  });
}

/** One run: every expiry and every reminder due now, in batches. */
export async function runSubscriptionLifecycle(ctx: SubscriptionJobContext, batchSize = 100): Promise<{ expired: number; reminded: number }> {
  let expired = 0;
  for (let n = await expireBatch(ctx, batchSize); n > 0; n = await expireBatch(ctx, batchSize)) expired += n;
  let reminded = 0;
  for (let batch = await remindBatch(ctx, batchSize); batch.claimed > 0; batch = await remindBatch(ctx, batchSize)) reminded += batch.sent;
  return { expired, reminded };
}

/** Runs now and then every `intervalMs` (default hourly) until stopped; kicks the mailer when it queued e-mail. */
export function startSubscriptionReminders(
  ctx: SubscriptionJobContext & { logger: Logger; mailer?: { kick(): void }; intervalMs?: number },
) {
  return startPeriodicJob({
    name: 'subscription lifecycle run',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60 * 60 * 1000,
    run: async () => {
      const result = await runSubscriptionLifecycle(ctx);
      if (result.expired + result.reminded > 0) {
        ctx.logger.info(result, 'subscriptions expired and reminded');
        ctx.mailer?.kick();
      }
    },
  });
}
