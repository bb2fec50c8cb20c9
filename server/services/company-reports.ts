// Job seekers report a company (asked for money, a fake job, harassment, other), with their words and an optional
// screenshot; the admin console keeps the open reports in a queue with the company's history and its other
// reports, and the admin answers the reporter by e-mail in the reporter's language. A company with an open report
// is flagged in the console; suspending it is the existing company action.
import { and, asc, desc, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Page } from '#shared/admin.ts';
import type { AdminReportDetail, AdminReportItem, CompanyReportInput, ReportReason } from '#shared/employers.ts';
import { auditLog, companyProfiles, companyReports, jobSeekerProfiles, objects, users, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { reportAnswerTemplate } from '../mail/templates.ts';
import { companyView } from './subscriptions.ts';
import { decodeUuidKey, exactTimestamp, newerThan, olderThan, pageScope, toPage, totalOf } from './keyset.ts';

export interface ReportContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

/** A job seeker's report about a company. The screenshot, if any, must be the reporter's own checked image. */
export async function submitReport(ctx: ReportContext, user: User, input: CompanyReportInput): Promise<{ id: string }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.id, input.companyId));
    if (!company) throw new DomainError('employer.not_found');
    let screenshotKey: string | null = null;
    if (input.screenshotPath) {
      screenshotKey = input.screenshotPath.slice('/objects/'.length);
      const [image] = await tx
        .select({ id: objects.id })
        .from(objects)
        .where(and(eq(objects.key, screenshotKey), eq(objects.kind, 'screenshot'), eq(objects.ownerId, user.id), eq(objects.status, 'ready')));
      if (!image) throw new DomainError('upload.not_found');
    }
    const [report] = await tx
      .insert(companyReports)
      .values({ companyId: company.id, reporterId: user.id, reason: input.reason, details: input.details, screenshotKey, createdAt: now })
      .returning({ id: companyReports.id });
    return report!;
  });
}

const reportColumns = {
  report: companyReports,
  at: exactTimestamp(companyReports.createdAt),
  company: { id: companyProfiles.id, companyName: companyProfiles.companyName, slug: companyProfiles.slug, subscriptionStatus: companyProfiles.subscriptionStatus },
  openReports: sql<number>`(select count(*)::int from ${companyReports} o where o.company_id = ${companyProfiles.id} and o.answered_at is null)`,
  reporter: { id: users.id, email: users.email, locale: users.locale },
  reporterName: jobSeekerProfiles.fullName,
};

type ReportRow = {
  report: typeof companyReports.$inferSelect;
  company: { id: string; companyName: string; slug: string | null; subscriptionStatus: string };
  openReports: number;
  reporter: { id: string; email: string | null; locale: string } | null;
  reporterName: string | null;
};

const reportItem = (r: ReportRow): AdminReportItem => ({
  id: r.report.id,
  reason: r.report.reason as ReportReason,
  details: r.report.details,
  createdAt: r.report.createdAt.toISOString(),
  screenshotPath: r.report.screenshotKey ? `/objects/${r.report.screenshotKey}` : null,
  company: { ...r.company, openReports: r.openReports },
  reporter: { id: r.reporter?.id ?? null, email: r.reporter?.email ?? null, name: r.reporterName, locale: r.reporter?.locale ?? null },
  answer: r.report.answer,
  answeredAt: r.report.answeredAt?.toISOString() ?? null,
});

function reportsFrom(db: Db) {
  return db
    .select(reportColumns)
    .from(companyReports)
    .innerJoin(companyProfiles, eq(companyProfiles.id, companyReports.companyId))
    .leftJoin(users, eq(users.id, companyReports.reporterId))
    .leftJoin(jobSeekerProfiles, eq(jobSeekerProfiles.userId, companyReports.reporterId));
}

/** The queue: open reports oldest first (answer them in turn), or the answered ones newest first. */
export async function listReports(db: Db, query: { answered: boolean; cursor?: string | undefined; limit: number }): Promise<Page<AdminReportItem>> {
  const scope = pageScope('reports', { answered: query.answered });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const matching = query.answered ? isNotNull(companyReports.answeredAt) : isNull(companyReports.answeredAt);
  const after = cursor ? (query.answered ? olderThan(companyReports.createdAt, companyReports.id, cursor) : newerThan(companyReports.createdAt, companyReports.id, cursor)) : undefined;
  const [rows, total] = await Promise.all([
    reportsFrom(db)
      .where(after ? and(matching, after) : matching)
      .orderBy(...(query.answered ? [desc(companyReports.createdAt), desc(companyReports.id)] : [asc(companyReports.createdAt), asc(companyReports.id)]))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: sql<number>`count(*)::int` }).from(companyReports).where(matching)),
  ]);
  return toPage(rows, { limit: query.limit, total, scope }, reportItem, (r) => ({ at: r.at, id: r.report.id }));
}

export async function getReport(db: Db, clock: Clock, id: string): Promise<AdminReportDetail> {
  const [row] = await reportsFrom(db).where(eq(companyReports.id, id));
  if (!row) throw new DomainError('admin.report_not_found');
  const [company, others, history] = await Promise.all([
    db.select().from(companyProfiles).where(eq(companyProfiles.id, row.company.id)),
    db
      .select({ id: companyReports.id, reason: companyReports.reason, createdAt: companyReports.createdAt, answeredAt: companyReports.answeredAt })
      .from(companyReports)
      .where(and(eq(companyReports.companyId, row.company.id), sql`${companyReports.id} <> ${id}`))
      .orderBy(desc(companyReports.createdAt))
      .limit(50),
    db
      .select({ action: auditLog.action, at: auditLog.at, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'company'), eq(auditLog.subjectId, row.company.id)))
      .orderBy(desc(auditLog.at))
      .limit(50),
  ]);
  return {
    ...reportItem(row),
    companyDetail: companyView(company[0]!, clock.now()),
    otherReports: others.map((o) => ({ id: o.id, reason: o.reason as ReportReason, createdAt: o.createdAt.toISOString(), answeredAt: o.answeredAt?.toISOString() ?? null })),
    history: history.map((h) => ({ action: h.action, at: h.at.toISOString(), details: h.details })),
  };
}

/** The admin answers the reporter (e-mailed in the reporter's language); the report is then closed. Audited. */
export async function answerReport(ctx: ReportContext, admin: User, id: string, answer: string): Promise<AdminReportItem> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyReports).where(eq(companyReports.id, id)).for('update');
    if (!row) throw new DomainError('admin.report_not_found');
    if (row.answeredAt) throw new DomainError('admin.report_answered');
    await tx.update(companyReports).set({ answer, answeredAt: now, answeredBy: admin.id }).where(eq(companyReports.id, id));
    const [reporter] = row.reporterId
      ? await tx
          .select({ email: users.email, locale: users.locale, name: jobSeekerProfiles.fullName })
          .from(users)
          .leftJoin(jobSeekerProfiles, eq(jobSeekerProfiles.userId, users.id))
          .where(eq(users.id, row.reporterId))
      : [];
    const [company] = await tx.select({ companyName: companyProfiles.companyName }).from(companyProfiles).where(eq(companyProfiles.id, row.companyId));
    if (reporter?.email) {
      const mail = reportAnswerTemplate({
        productName: ctx.productName,
        name: reporter.name ?? undefined,
        companyName: company!.companyName,
        answer,
        profileLink: `${ctx.publicUrl}/profile`,
        locale: reporter.locale,
      });
      await enqueueEmail(tx, { to: reporter.email, template: 'report_answer', ...mail }, { now });
    }
    await tx.insert(auditLog).values({ actorId: admin.id, action: 'report.answer', subjectType: 'company', subjectId: row.companyId, details: { reportId: id }, at: now });
  });
  const [row] = await reportsFrom(ctx.db).where(eq(companyReports.id, id));
  return reportItem(row!);
}
