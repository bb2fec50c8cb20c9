// The companies as the admin console lists and opens them.
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCompanyDetail, AdminCompanyItem, Page } from '#shared/admin.ts';
import type { SubscriptionStatus } from '#shared/constants.ts';
import { companyProfiles, companyReports, users, type CompanyProfile, type User } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { invoiceView, invoicesOf } from './invoices.ts';
import { containsPattern, countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf } from './keyset.ts';
import { isUuid } from '#shared/ids.ts';
import { companyView } from './subscriptions.ts';

const adminItem = (company: CompanyProfile, user: Pick<User, 'id' | 'email' | 'status'>, openReports: number, now: Date): AdminCompanyItem => ({
  ...companyView(company, now),
  user: { id: user.id, email: user.email, status: user.status },
  openReports,
});

/** The reports about the company not answered yet (the console flags it). */
const openReportsOf = sql<number>`(select count(*)::int from ${companyReports} r where r.company_id = ${companyProfiles.id} and r.answered_at is null)`;

/** Companies newest first, by subscription status and text in the company's name, its e-mail or its account's. */
export async function listCompanies(
  db: Db,
  query: { status?: SubscriptionStatus; q?: string; cursor?: string; limit: number },
  now: Date,
): Promise<Page<AdminCompanyItem>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(companyProfiles.subscriptionStatus, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(or(ilike(companyProfiles.companyName, pattern), ilike(companyProfiles.email, pattern), ilike(users.email, pattern))!);
  }
  const matching = filters.length > 0 ? and(...filters) : undefined;
  const scope = pageScope('companies', { status: query.status, q: query.q });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(companyProfiles.createdAt, companyProfiles.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({ company: companyProfiles, at: exactTimestamp(companyProfiles.createdAt), user: { id: users.id, email: users.email, status: users.status }, openReports: openReportsOf })
      .from(companyProfiles)
      .innerJoin(users, eq(users.id, companyProfiles.userId))
      .where(where)
      .orderBy(desc(companyProfiles.createdAt), desc(companyProfiles.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(companyProfiles).innerJoin(users, eq(users.id, companyProfiles.userId)).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => adminItem(r.company, r.user, r.openReports, now),
    (r) => ({ at: r.at, id: r.company.id }),
  );
}

export async function getCompanyForAdmin(db: Db, companyId: string, now: Date): Promise<AdminCompanyDetail> {
  const [row] = isUuid(companyId)
    ? await db
        .select({ company: companyProfiles, user: { id: users.id, email: users.email, status: users.status }, openReports: openReportsOf })
        .from(companyProfiles)
        .innerJoin(users, eq(users.id, companyProfiles.userId))
        .where(eq(companyProfiles.id, companyId))
    : [];
  if (!row) throw new DomainError('admin.company_not_found');
  return { company: adminItem(row.company, row.user, row.openReports, now), invoices: (await invoicesOf(db, row.company.id)).map(invoiceView) };
}
