// What the team does to a company: verifies its bank payment (activating it, or moving its end on a renewal),
// suspends and reactivates it, and issues its renewal invoice. Each action is audited in its own transaction.
import { and, eq } from 'drizzle-orm';
import type { SubscriptionStatus } from '#shared/constants.ts';
import type { CompanyView, InvoiceView } from '#shared/company.ts';
import { auditLog, companyInvitations, companyProfiles, invoices, users, type Invoice, type User } from '#shared/schema.ts';
import { DomainError } from '../domain-error.ts';
import { companyActivatedTemplate } from '../mail/company-templates.ts';
import { enqueueEmail, recipientLocale } from '../mail/outbox.ts';
import { invoiceView, lastDayBefore, periodInstants } from './invoices.ts';
import { ADMIN_RENEWAL, companyView, issueRenewal, lockCompany, type CompanyContext } from './subscriptions.ts';
import { openInvitations } from './team-seats.ts';

/** What the audit log keeps of the invoice an action is about. */
const invoiceDetails = (invoice: Invoice) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  totalFils: invoice.totalFils,
  periodStart: invoice.periodStart,
  periodEnd: invoice.periodEnd,
});

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
        // A renewal for another plan: the plan paid for is the company's from now on.
        subscriptionPlan: invoice.plan,
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
      details: { ...invoiceDetails(invoice), bankReference: input.bankReference, previousStatus: company.subscriptionStatus },
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
    // A suspended company's invitations are withdrawn: their links stop working, and a reactivation does not
    // bring them back (the owner invites again).
    const withdrawn = suspend
      ? await tx
          .update(companyInvitations)
          .set({ revokedAt: now })
          .where(and(eq(companyInvitations.companyId, company.id), openInvitations(now)))
          .returning({ email: companyInvitations.email })
      : [];
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: suspend ? 'company.suspend' : 'company.reactivate',
      subjectType: 'company',
      subjectId: company.id,
      details: { previousStatus: company.subscriptionStatus, status, ...(withdrawn.length > 0 ? { withdrawnInvitations: withdrawn.map((w) => w.email) } : {}) },
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
      details: invoiceDetails(invoice),
      at: now,
    });
    return { invoice: invoiceView(invoice) };
  });
}
