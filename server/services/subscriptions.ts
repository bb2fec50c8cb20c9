// Company subscriptions: onboarding with its first invoice, renewal, payment verification
// and activation by an admin, suspension. Each change locks the company row, and writes its invoice, audit row and
// e-mail in the same transaction as the change itself.
//
// Dates: an invoice's period is two calendar dates in Gulf time, both included. The company row keeps instants:
// subscriptionStartDate is the start (00:00 Gulf time) of the first day, subscriptionEndDate the moment access
// stops: 00:00 Gulf time of the day after the last day. The guard (hasDatabaseAccess) compares it with the clock.
// CompanyView shows both as the calendar dates of the first and last day.
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { auditLog, companyProfiles, invoices, users, type CompanyProfile, type Invoice, type User } from '#shared/schema.ts';
import type { AdminCompanyDetail, AdminCompanyItem, Page } from '#shared/admin.ts';
import type { PlanId, SubscriptionStatus } from '#shared/constants.ts';
import type { CompanyAccount, CompanyOnboarding, CompanyView, InvoiceView } from '#shared/company.ts';
import { hasDatabaseAccess } from '../auth/require-active-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { enqueueEmail, recipientLocale, type DbOrTx } from '../mail/outbox.ts';
import { companyActivatedTemplate, invoiceIssuedTemplate } from '../mail/company-templates.ts';
import {
  findInvoice,
  gulfDate,
  invoiceSummary,
  invoiceView,
  invoicesOf,
  issueInvoice,
  lastDayBefore,
  periodInstants,
  type BillingSettings,
} from './invoices.ts';
import { containsPattern, countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf } from './keyset.ts';
import { DomainError } from '../domain-error.ts';
import type { ErrorCode } from '#shared/errors.ts';

export interface CompanyContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  billing: BillingSettings;
}

export function companyView(company: CompanyProfile, now: Date): CompanyView {
  return {
    id: company.id,
    companyName: company.companyName,
    contactPerson: company.contactPerson,
    phone: company.phone,
    email: company.email,
    subscriptionPlan: company.subscriptionPlan as PlanId,
    subscriptionStatus: company.subscriptionStatus as SubscriptionStatus,
    paymentVerifiedAt: company.paymentVerifiedAt?.toISOString() ?? null,
    activatedAt: company.activatedAt?.toISOString() ?? null,
    subscriptionStartDate: company.subscriptionStartDate ? gulfDate(company.subscriptionStartDate) : null,
    subscriptionEndDate: company.subscriptionEndDate ? lastDayBefore(company.subscriptionEndDate) : null,
    createdAt: company.createdAt.toISOString(),
    hasAccess: hasDatabaseAccess(company, now),
  };
}

async function queueInvoiceEmail(tx: DbOrTx, ctx: CompanyContext, company: Pick<CompanyProfile, 'userId'>, invoice: Invoice, renewal: boolean, now: Date) {
  const view = invoiceView(invoice);
  const mail = invoiceIssuedTemplate({
    locale: await recipientLocale(tx, company.userId),
    productName: ctx.productName,
    invoice: view,
    renewal,
    link: `${ctx.publicUrl}${renewal ? '/dashboard' : '/pending'}`,
  });
  await enqueueEmail(tx, { to: view.buyer.email, template: 'company_invoice_issued', ...mail }, { now });
}

/** The onboarding form: the company profile (pending payment) and its first invoice, whose period starts today. */
export async function onboardCompany(ctx: CompanyContext, user: User, input: CompanyOnboarding): Promise<{ company: CompanyView; invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [company] = await tx
      .insert(companyProfiles)
      .values({
        userId: user.id,
        companyName: input.companyName,
        contactPerson: input.contactPerson,
        phone: input.phone,
        email: input.email,
        subscriptionPlan: input.subscriptionPlan,
        subscriptionStatus: 'pending_payment',
        createdAt: now,
        updatedAt: now,
      })
      // One company profile per account: a second one, even sent twice at once, is refused before any invoice.
      .onConflictDoNothing({ target: companyProfiles.userId })
      .returning();
    if (!company) throw new DomainError('company.exists');
    const invoice = await issueInvoice(tx, { company, plan: input.subscriptionPlan, periodStart: gulfDate(now), billing: ctx.billing, now });
    await queueInvoiceEmail(tx, ctx, company, invoice, false, now);
    return { company: companyView(company, now), invoice: invoiceView(invoice) };
  });
}

async function ownCompany(db: DbOrTx, user: User, options: { lock?: boolean } = {}): Promise<CompanyProfile> {
  const query = db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id));
  const [company] = options.lock ? await query.for('update') : await query;
  if (!company) throw new DomainError('company.profile_not_found');
  return company;
}

export async function getCompanyAccount(db: Db, user: User, now: Date): Promise<CompanyAccount> {
  const company = await ownCompany(db, user);
  return { company: companyView(company, now), invoices: (await invoicesOf(db, company.id)).map(invoiceSummary) };
}

/** An invoice for its own company, or for an admin. Anyone else's is "not found", never "forbidden". */
export async function getInvoiceFor(db: Db, user: User, invoiceId: string): Promise<InvoiceView> {
  const invoice = await findInvoice(db, invoiceId);
  if (!user.isAdmin) {
    const company = user.role === 'company' ? await db.query.companyProfiles.findFirst({ where: eq(companyProfiles.userId, user.id) }) : undefined;
    if (!company || company.id !== invoice.companyId) throw new DomainError('invoice.not_found');
  }
  return invoiceView(invoice);
}

/** Why a renewal invoice cannot be issued, worded for who asks (the company itself or an admin). */
interface RenewalRefusals {
  suspended: ErrorCode;
  neverPaid: ErrorCode;
  unpaid: ErrorCode;
}
const OWN_RENEWAL: RenewalRefusals = {
  suspended: 'company.renewal_suspended',
  neverPaid: 'company.renewal_never_paid',
  unpaid: 'company.renewal_unpaid',
};
const ADMIN_RENEWAL: RenewalRefusals = {
  suspended: 'admin.renewal_suspended',
  neverPaid: 'admin.renewal_never_paid',
  unpaid: 'admin.renewal_unpaid',
};

/**
 * A renewal invoice for the company's plan (its row locked by the caller). Its period starts when the current one
 * ends, or today when the subscription has already ended (nothing is charged twice, and no days are lost by
 * renewing early).
 */
async function issueRenewal(tx: DbOrTx, ctx: CompanyContext, company: CompanyProfile, refusals: RenewalRefusals, now: Date): Promise<Invoice> {
  if (company.subscriptionStatus === 'suspended') throw new DomainError(refusals.suspended);
  if (!company.paymentVerifiedAt) throw new DomainError(refusals.neverPaid);
  const [unpaid] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.status, 'issued')))
    .limit(1);
  if (unpaid) throw new DomainError(refusals.unpaid);
  const end = company.subscriptionEndDate;
  const periodStart = end && end > now ? gulfDate(end) : gulfDate(now);
  const invoice = await issueInvoice(tx, { company, plan: company.subscriptionPlan as PlanId, periodStart, billing: ctx.billing, now });
  await queueInvoiceEmail(tx, ctx, company, invoice, true, now);
  return invoice;
}

/** The company asks for its renewal invoice (POST /api/company/renewal). */
export async function requestRenewal(ctx: CompanyContext, user: User): Promise<{ invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    // The lock makes two renewals sent at once queue up: the second one then sees the first one's invoice.
    const company = await ownCompany(tx, user, { lock: true });
    const invoice = await issueRenewal(tx, ctx, company, OWN_RENEWAL, ctx.clock.now());
    return { invoice: invoiceView(invoice) };
  });
}

// --- Admin -----------------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockCompany(tx: DbOrTx, companyId: string): Promise<CompanyProfile> {
  const [company] = UUID.test(companyId) ? await tx.select().from(companyProfiles).where(eq(companyProfiles.id, companyId)).for('update') : [];
  if (!company) throw new DomainError('admin.company_not_found');
  return company;
}

/**
 * The admin has found the transfer: the invoice is paid, and the subscription covers the invoice's period. A first
 * payment activates the company and its account; a renewal that follows on from the current period keeps the start
 * and moves the end, one after a gap starts a new run. A paid invoice cannot be verified again (409, nothing changes).
 */
export async function verifyPayment(
  ctx: CompanyContext,
  admin: User,
  companyId: string,
  input: { invoiceId: string; bankReference: string },
): Promise<{ company: CompanyView; invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.companyId, company.id)))
      .for('update');
    if (!invoice) throw new DomainError('invoice.not_found');
    if (invoice.status === 'paid') throw new DomainError('admin.invoice_paid');
    if (invoice.status !== 'issued') throw new DomainError('admin.invoice_void');
    if (company.subscriptionStatus === 'suspended') {
      throw new DomainError('admin.company_suspended');
    }
    const [account] = await tx.select().from(users).where(eq(users.id, company.userId)).for('update');
    if (account!.status === 'suspended') throw new DomainError('admin.company_account_suspended');

    const now = ctx.clock.now();
    const period = periodInstants(invoice);
    const current = company.subscriptionStartDate && company.subscriptionEndDate ? { start: company.subscriptionStartDate, end: company.subscriptionEndDate } : null;
    const continues = current !== null && period.startsAt <= current.end;
    const startsAt = continues ? current.start : period.startsAt;
    const endsAt = continues && current.end > period.endsAt ? current.end : period.endsAt;
    const renewal = company.activatedAt !== null;

    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', bankReference: input.bankReference, verifiedById: admin.id, verifiedAt: now })
      .where(eq(invoices.id, invoice.id))
      .returning();
    const [updated] = await tx
      .update(companyProfiles)
      .set({
        // Verified after the period ended (a late check): paid, but nothing to open.
        subscriptionStatus: endsAt > now ? 'active' : 'expired',
        paymentVerifiedAt: now,
        activatedAt: company.activatedAt ?? now,
        subscriptionStartDate: startsAt,
        subscriptionEndDate: endsAt,
        updatedAt: now,
      })
      .where(eq(companyProfiles.id, company.id))
      .returning();
    await tx.update(users).set({ status: 'active', updatedAt: now }).where(eq(users.id, company.userId));
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'company.verify_payment',
      subjectType: 'company',
      subjectId: company.id,
      details: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        totalFils: invoice.totalFils,
        bankReference: input.bankReference,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        previousStatus: company.subscriptionStatus,
      },
      at: now,
    });
    if (endsAt > now) {
      const mail = companyActivatedTemplate({
        productName: ctx.productName,
        contactPerson: company.contactPerson,
        lastDay: lastDayBefore(endsAt),
        renewal,
        locale: await recipientLocale(tx, company.userId),
        link: `${ctx.publicUrl}/dashboard`,
      });
      await enqueueEmail(tx, { to: company.email, template: renewal ? 'company_renewed' : 'company_activated', ...mail }, { now });
    }
    return { company: companyView(updated!, now), invoice: invoiceView(paid!) };
  });
}

async function setSuspended(ctx: CompanyContext, admin: User, companyId: string, suspend: boolean): Promise<CompanyView> {
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const now = ctx.clock.now();
    let status: SubscriptionStatus;
    if (suspend) {
      if (company.subscriptionStatus === 'suspended') throw new DomainError('admin.company_already_suspended');
      status = 'suspended';
    } else {
      if (company.subscriptionStatus !== 'suspended') throw new DomainError('admin.company_not_suspended');
      status = !company.paymentVerifiedAt ? 'pending_payment' : company.subscriptionEndDate && company.subscriptionEndDate > now ? 'active' : 'expired';
    }
    const [updated] = await tx
      .update(companyProfiles)
      .set({ subscriptionStatus: status, updatedAt: now })
      .where(eq(companyProfiles.id, company.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: suspend ? 'company.suspend' : 'company.reactivate',
      subjectType: 'company',
      subjectId: company.id,
      details: { previousStatus: company.subscriptionStatus, status },
      at: now,
    });
    return companyView(updated!, now);
  });
}

/** The company loses database access at once; its account can still sign in and see its invoices. */
export const suspendCompany = (ctx: CompanyContext, admin: User, companyId: string) => setSuspended(ctx, admin, companyId, true);
/** Back to active if the paid period is still running, else expired (or pending payment if it never paid). */
export const reactivateCompany = (ctx: CompanyContext, admin: User, companyId: string) => setSuspended(ctx, admin, companyId, false);

/** The admin issues the renewal invoice the company would get by asking for it: same rules, same e-mail, audited. */
export async function issueRenewalInvoice(ctx: CompanyContext, admin: User, companyId: string): Promise<{ invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const now = ctx.clock.now();
    const invoice = await issueRenewal(tx, ctx, company, ADMIN_RENEWAL, now);
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'company.renewal_invoice',
      subjectType: 'company',
      subjectId: company.id,
      details: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        totalFils: invoice.totalFils,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
      },
      at: now,
    });
    return { invoice: invoiceView(invoice) };
  });
}



const adminItem = (company: CompanyProfile, user: Pick<User, 'id' | 'email' | 'status'>, now: Date): AdminCompanyItem => ({
  ...companyView(company, now),
  user: { id: user.id, email: user.email, status: user.status },
});

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
      .select({ company: companyProfiles, at: exactTimestamp(companyProfiles.createdAt), user: { id: users.id, email: users.email, status: users.status } })
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
    (r) => adminItem(r.company, r.user, now),
    (r) => ({ at: r.at, id: r.company.id }),
  );
}

export async function getCompanyForAdmin(db: Db, companyId: string, now: Date): Promise<AdminCompanyDetail> {
  const [row] = UUID.test(companyId)
    ? await db
        .select({ company: companyProfiles, user: { id: users.id, email: users.email, status: users.status } })
        .from(companyProfiles)
        .innerJoin(users, eq(users.id, companyProfiles.userId))
        .where(eq(companyProfiles.id, companyId))
    : [];
  if (!row) throw new DomainError('admin.company_not_found');
  return { company: adminItem(row.company, row.user, now), invoices: (await invoicesOf(db, row.company.id)).map(invoiceView) };
}
