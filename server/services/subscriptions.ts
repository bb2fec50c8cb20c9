// Company subscriptions, what the company's own actions (company-billing.ts) and the team's (company-admin.ts) share:
// the company as the API shows it, the invoice e-mail, renewal invoices and the locks. Each change locks the company
// row, and writes its invoice, audit row and e-mail in the same transaction as the change itself.
//
// Dates: an invoice's period is two calendar dates in Gulf time, both included. The company row keeps instants:
// subscriptionStartDate is the start (00:00 Gulf time) of the first day, subscriptionEndDate the moment access
// stops: 00:00 Gulf time of the day after the last day. The guard (hasDatabaseAccess) compares it with the clock.
// CompanyView shows both as the calendar dates of the first and last day.
import { and, eq } from 'drizzle-orm';
import { companyProfiles, invoices, type CompanyProfile, type Invoice, type User } from '#shared/schema.ts';
import type { PlanId, SubscriptionStatus } from '#shared/constants.ts';
import type { CompanyView } from '#shared/company.ts';
import { isVerifiedEmployer, type LicenceIssuer } from '#shared/employers.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { isUuid } from '#shared/ids.ts';
import { hasDatabaseAccess } from '../auth/require-active-company.ts';
import { companyOf } from '../auth/company-of-user.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { invoiceIssuedTemplate } from '../mail/company-templates.ts';
import { enqueueEmail, recipientLocale, type DbOrTx } from '../mail/outbox.ts';
import { gulfDate, invoiceView, issueInvoice, lastDayBefore, type BillingSettings } from './invoices.ts';
import { seatsTaken, type TeamSeats } from './team-seats.ts';

export interface CompanyContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  billing: BillingSettings;
  /** Seats of a company's team per plan, the owner included. */
  teamSeats: TeamSeats;
}

export function companyView(company: CompanyProfile, now: Date): CompanyView {
  return {
    id: company.id,
    companyName: company.companyName,
    contactPerson: company.contactPerson,
    phone: company.phone,
    email: company.email,
    tradeLicenceNumber: company.tradeLicenceNumber,
    vatNumber: company.vatNumber,
    subscriptionPlan: company.subscriptionPlan as PlanId,
    subscriptionStatus: company.subscriptionStatus as SubscriptionStatus,
    paymentVerifiedAt: company.paymentVerifiedAt?.toISOString() ?? null,
    activatedAt: company.activatedAt?.toISOString() ?? null,
    subscriptionStartDate: company.subscriptionStartDate ? gulfDate(company.subscriptionStartDate) : null,
    subscriptionEndDate: company.subscriptionEndDate ? lastDayBefore(company.subscriptionEndDate) : null,
    createdAt: company.createdAt.toISOString(),
    hasAccess: hasDatabaseAccess(company, now),
    slug: company.slug,
    licenceIssuer: company.licenceIssuer as LicenceIssuer | null,
    licenceExpiresOn: company.licenceExpiresOn,
    licenceDocumentPath: company.licenceDocumentKey ? `/objects/${company.licenceDocumentKey}` : null,
    employerVerified: isVerifiedEmployer(company, gulfDate(now)),
    employerVerifiedAt: company.employerVerifiedAt?.toISOString() ?? null,
  };
}

export async function queueInvoiceEmail(tx: DbOrTx, ctx: CompanyContext, company: Pick<CompanyProfile, 'userId'>, invoice: Invoice, renewal: boolean, now: Date) {
  const view = invoiceView(invoice);
  const mail = invoiceIssuedTemplate({
    locale: await recipientLocale(tx, company.userId),
    productName: ctx.productName,
    invoice: view,
    renewal,
    // Where it is paid, with "I have paid": the first on the page a new company waits on, a renewal on the account
    // page beside the plan (a company with access is never sent to the waiting page).
    link: `${ctx.publicUrl}${renewal ? '/account' : '/pending'}`,
  });
  await enqueueEmail(tx, { to: view.buyer.email, template: 'company_invoice_issued', ...mail }, { now });
}

/**
 * The company whose bills the user handles: its owner's, or an admin colleague's (locked for an update when asked).
 * A colleague who is a plain member is refused.
 */
export async function ownCompany(db: DbOrTx, user: User, options: { lock?: boolean } = {}): Promise<CompanyProfile> {
  const found = await companyOf(db, user, options);
  if (!found) throw new DomainError('company.profile_not_found');
  if (found.role === 'member') throw new DomainError('team.billing_hidden');
  return found.company;
}

/** Why a renewal invoice cannot be issued, worded for who asks (the company itself or an admin). */
export interface RenewalRefusals {
  suspended: ErrorCode;
  neverPaid: ErrorCode;
  unpaid: ErrorCode;
  teamTooLarge: ErrorCode;
}
export const OWN_RENEWAL: RenewalRefusals = {
  suspended: 'company.renewal_suspended',
  neverPaid: 'company.renewal_never_paid',
  unpaid: 'company.renewal_unpaid',
  teamTooLarge: 'company.renewal_team_too_large',
};
export const ADMIN_RENEWAL: RenewalRefusals = {
  suspended: 'admin.renewal_suspended',
  neverPaid: 'admin.renewal_never_paid',
  unpaid: 'admin.renewal_unpaid',
  teamTooLarge: 'admin.renewal_team_too_large',
};

/**
 * A renewal invoice for the company's plan, or another one it chose (its row locked by the caller; the plan becomes
 * the company's when the invoice is paid). Its period starts when the current one
 * ends, or today when the subscription has already ended (nothing is charged twice, and no days are lost by
 * renewing early). The team must fit the plan's seats: a smaller plan waits until colleagues or invitations are
 * removed (and while its invoice is unpaid, the team cannot grow past it: team-seats.ts).
 */
export async function issueRenewal(
  tx: DbOrTx,
  ctx: CompanyContext,
  company: CompanyProfile,
  refusals: RenewalRefusals,
  now: Date,
  plan: PlanId = company.subscriptionPlan as PlanId,
): Promise<Invoice> {
  if (company.subscriptionStatus === 'suspended') throw new DomainError(refusals.suspended);
  if (!company.paymentVerifiedAt) throw new DomainError(refusals.neverPaid);
  const [unpaid] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.status, 'issued')))
    .limit(1);
  if (unpaid) throw new DomainError(refusals.unpaid);
  const { used } = await seatsTaken(tx, company.id, now);
  const seats = ctx.teamSeats[plan];
  if (used > seats) throw new DomainError(refusals.teamTooLarge, { params: { seats, used } });
  const end = company.subscriptionEndDate;
  const periodStart = end && end > now ? gulfDate(end) : gulfDate(now);
  const invoice = await issueInvoice(tx, { company, plan, periodStart, billing: ctx.billing, now });
  await queueInvoiceEmail(tx, ctx, company, invoice, true, now);
  return invoice;
}


/** A company by id for an admin's change, its row locked. */
export async function lockCompany(tx: DbOrTx, companyId: string): Promise<CompanyProfile> {
  const [company] = isUuid(companyId) ? await tx.select().from(companyProfiles).where(eq(companyProfiles.id, companyId)).for('update') : [];
  if (!company) throw new DomainError('admin.company_not_found');
  return company;
}
