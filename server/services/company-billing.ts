// What a company does about its own account and bills: onboarding with its first invoice, its account and invoices,
// a renewal invoice, and saying it has paid an invoice (the day of its bank transfer and the bank's reference, which
// our team sees when it verifies the payment, in company-admin.ts).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { companySlug } from '#shared/employers.ts';
import { earliestTransferDate, type CompanyAccount, type CompanyDetailsInput, type CompanyOnboarding, type CompanyView, type DeclarePaymentInput, type InvoiceView } from '#shared/company.ts';
import type { PlanId } from '#shared/constants.ts';
import { normalizeGccPhone } from '#shared/profile.ts';
import { auditLog, companyMembers, companyProfiles, invoices, users, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { findInvoice, gulfDate, invoiceSummary, invoiceView, invoicesOf, issueInvoice } from './invoices.ts';
import { uuidParam } from './keyset.ts';
import { companyOf } from '../auth/company-of-user.ts';
import { companyView, issueRenewal, OWN_RENEWAL, ownCompany, queueInvoiceEmail, type CompanyContext } from './subscriptions.ts';
import { seatsTaken, type TeamSeats } from './team-seats.ts';
import { recordConsent } from './consents.ts';

/** The onboarding form: the company profile (pending payment) and its first invoice, whose period starts today. */
export async function onboardCompany(ctx: CompanyContext, user: User, input: CompanyOnboarding): Promise<{ company: CompanyView; invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The account's row is locked, as when it accepts an invitation: it ends in one company, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [member] = await tx.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, user.id));
    if (member) throw new DomainError('team.already_in_company');
    const id = randomUUID();
    const [company] = await tx
      .insert(companyProfiles)
      .values({
        id,
        slug: companySlug(input.companyName, id),
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
    // Setting up the company agrees to the privacy policy and terms in force (the form says so by its button).
    await recordConsent(tx, user.id, 'company', now);
    const invoice = await issueInvoice(tx, { company, plan: input.subscriptionPlan, periodStart: gulfDate(now), billing: ctx.billing, now });
    await queueInvoiceEmail(tx, ctx, company, invoice, false, now);
    return { company: companyView(company, now), invoice: invoiceView(invoice) };
  });
}

/** The company and its invoices; a colleague who is a plain member sees the company without the bills. */
export async function getCompanyAccount(ctx: { db: Db; clock: Clock; teamSeats: TeamSeats }, user: User): Promise<CompanyAccount> {
  const found = await companyOf(ctx.db, user);
  if (!found) throw new DomainError('company.profile_not_found');
  const billing = found.role !== 'member';
  const now = ctx.clock.now();
  const [invoiceRows, taken] = await Promise.all([billing ? invoicesOf(ctx.db, found.company.id) : [], seatsTaken(ctx.db, found.company.id, now)]);
  return {
    company: companyView(found.company, now),
    invoices: invoiceRows.map(invoiceSummary),
    billing,
    team: { used: taken.used, seats: ctx.teamSeats },
  };
}

/** An invoice for its own company, or for an admin. Anyone else's is "not found", never "forbidden". */
export async function getInvoiceFor(db: Db, user: User, invoiceId: string): Promise<InvoiceView> {
  const invoice = await findInvoice(db, invoiceId);
  if (!user.isAdmin) {
    const found = user.role === 'company' ? await companyOf(db, user) : undefined;
    if (!found || found.role === 'member' || found.company.id !== invoice.companyId) throw new DomainError('invoice.not_found');
  }
  return invoiceView(invoice);
}

/** The company asks for its renewal invoice (POST /api/company/renewal), for its plan or another one. */
export async function requestRenewal(ctx: CompanyContext, user: User, plan?: PlanId): Promise<{ invoice: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    // The lock makes two renewals sent at once queue up: the second one then sees the first one's invoice.
    const company = await ownCompany(tx, user, { lock: true });
    const invoice = await issueRenewal(tx, ctx, company, OWN_RENEWAL, ctx.clock.now(), plan);
    return { invoice: invoiceView(invoice) };
  });
}

/**
 * "I have paid": kept on the invoice until our team verifies the payment; said again, the newest words count. Only
 * the company's own unpaid invoice; anyone else's is "not found".
 */
export async function declarePayment(ctx: { db: Db; clock: Clock }, user: User, rawInvoiceId: unknown, input: DeclarePaymentInput): Promise<InvoiceView> {
  const invoiceId = uuidParam(rawInvoiceId, 'invoice.not_found');
  const now = ctx.clock.now();
  if (input.transferDate > gulfDate(now)) throw new DomainError('invoice.transfer_in_future');
  return ctx.db.transaction(async (tx) => {
    const company = await ownCompany(tx, user);
    const [row] = await tx
      .select({ invoice: invoices })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, company.id)))
      .for('update');
    if (!row) throw new DomainError('invoice.not_found');
    if (row.invoice.status !== 'issued') throw new DomainError('invoice.not_payable');
    if (input.transferDate < earliestTransferDate(row.invoice.issuedAt)) throw new DomainError('invoice.transfer_before_invoice');
    const [updated] = await tx
      .update(invoices)
      .set({ paymentDeclaredAt: now, declaredTransferDate: input.transferDate, declaredReference: input.bankReference || null })
      .where(eq(invoices.id, invoiceId))
      .returning();
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'invoice.payment_declared',
      subjectType: 'invoice',
      subjectId: invoiceId,
      details: { number: updated!.number, transferDate: input.transferDate, bankReference: input.bankReference || null },
      at: now,
    });
    return invoiceView(updated!);
  });
}

/**
 * The company's details on /account. Issued invoices keep the details they were issued with; the next ones carry
 * the new ones (the TRN as the buyer's on tax invoices).
 */
export async function updateCompanyDetails(ctx: { db: Db; clock: Clock }, user: User, input: CompanyDetailsInput): Promise<CompanyView> {
  return ctx.db.transaction(async (tx) => {
    const company = await ownCompany(tx, user, { lock: true });
    const now = ctx.clock.now();
    const values = {
      companyName: input.companyName,
      contactPerson: input.contactPerson,
      phone: normalizeGccPhone(input.phone)!,
      email: input.email,
      tradeLicenceNumber: input.tradeLicenceNumber || null,
      vatNumber: input.vatNumber || null,
    };
    const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => company[key as keyof typeof values] !== value));
    if (Object.keys(changed).length === 0) return companyView(company, now);
    // The verified mark was given for this name and this licence: a new name (which could be another company's) or
    // licence number waits for our team's check again (docs/decisions/0036).
    const unverify = company.employerVerifiedAt !== null && ('companyName' in changed || 'tradeLicenceNumber' in changed);
    const [updated] = await tx
      .update(companyProfiles)
      .set({ ...changed, ...(unverify ? { employerVerifiedAt: null, employerVerifiedBy: null } : {}), updatedAt: now })
      .where(eq(companyProfiles.id, company.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'company.update_details',
      subjectType: 'company',
      subjectId: company.id,
      details: { changed: Object.keys(changed), ...(unverify ? { verifiedMarkRemoved: true } : {}) },
      at: now,
    });
    return companyView(updated!, now);
  });
}
