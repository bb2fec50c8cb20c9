// UAE tax invoices for company subscriptions: calendar periods in Gulf time, amounts in
// integer fils, and numbers INV-<year>-<6 digits> that are gap-free per year. The number comes from
// invoice_counters, incremented in the invoice's own transaction: the counter row stays locked until that
// transaction ends, so concurrent invoices queue for it, and a rolled-back invoice takes its number back with it.
import { desc, eq, sql } from 'drizzle-orm';
import { invoiceCounters, invoices, type CompanyProfile, type Invoice } from '#shared/schema.ts';
import { PLANS, planPeriodPriceFils, type PlanId } from '#shared/constants.ts';
import type { BuyerDetails, InvoiceStatus, InvoiceSummary, InvoiceView, SellerDetails } from '#shared/company.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { isUuid } from '#shared/ids.ts';
import { DomainError } from '../domain-error.ts';

// --- Calendar dates in Gulf time -----------------------------------------------------------------------------
// Billing periods are calendar dates (YYYY-MM-DD) in Asia/Dubai, which is UTC+4 all year (no daylight saving).

const GULF_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date in Dubai at this instant. */
export function gulfDate(instant: Date): string {
  return new Date(instant.getTime() + GULF_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Dubai calendar date begins (00:00 Gulf time). */
export function gulfDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - GULF_OFFSET_MS);
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

const iso = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return iso(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/**
 * The same day of the month, `months` later. When that month has no such day (the 31st in a 30-day month, the
 * 29th to 31st of February), the first day of the month after: so a period never ends before the end of the month.
 */
export function sameDayMonthsLater(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const firstOfTarget = Date.UTC(y, m - 1 + months, 1);
  const target = new Date(firstOfTarget);
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return d > daysInTarget ? iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 1)) : iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d));
}

/**
 * A plan's billing period from its first day, both ends included: 1, 3 or 12 calendar months less a day.
 * 2026-03-15 monthly runs to 2026-04-14; 2026-01-31 monthly to 2026-02-28 (February has no 31st; the next
 * period starts on 1 March); 2028-02-29 annual to 2029-02-28.
 */
export function billingPeriod(plan: PlanId, periodStart: string): { periodStart: string; periodEnd: string } {
  return { periodStart, periodEnd: addDays(sameDayMonthsLater(periodStart, PLANS[plan].months), -1) };
}

/** A subscription period as instants: access from the start of its first day until the end of its last (Gulf time). */
export function periodInstants(period: { periodStart: string; periodEnd: string }): { startsAt: Date; endsAt: Date } {
  return { startsAt: gulfDayStart(period.periodStart), endsAt: gulfDayStart(addDays(period.periodEnd, 1)) };
}

/** The last day with access, for an end instant stored as the start of the day after it. */
export function lastDayBefore(endsAt: Date): string {
  return gulfDate(new Date(endsAt.getTime() - 1));
}

// --- Amounts ---------------------------------------------------------------------------------------------------

export interface InvoiceAmounts {
  subtotalFils: number;
  vatRateBasisPoints: number;
  vatFils: number;
  totalFils: number;
}

/** VAT on the plan's period price, rounded half up to the fil; all integer arithmetic. */
export function invoiceAmounts(plan: PlanId, vatRateBasisPoints: number): InvoiceAmounts {
  if (!Number.isInteger(vatRateBasisPoints) || vatRateBasisPoints < 0) throw new Error('VAT rate must be whole basis points');
  const subtotalFils = planPeriodPriceFils(PLANS[plan]);
  const vatFils = Number((BigInt(subtotalFils) * BigInt(vatRateBasisPoints) + 5000n) / 10000n);
  return { subtotalFils, vatRateBasisPoints, vatFils, totalFils: subtotalFils + vatFils };
}

export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

// --- Issuing ---------------------------------------------------------------------------------------------------

export interface BillingSettings {
  seller: SellerDetails;
  vatRateBasisPoints: number;
}

export function buyerOf(company: Pick<CompanyProfile, 'companyName' | 'contactPerson' | 'email' | 'phone' | 'vatNumber'>): BuyerDetails {
  return {
    companyName: company.companyName,
    contactPerson: company.contactPerson,
    email: company.email,
    phone: company.phone,
    ...(company.vatNumber ? { trn: company.vatNumber } : {}),
  };
}

/**
 * Issues an invoice inside the caller's transaction (pass the transaction, never the pool). The year is the
 * Gulf-time year of issue; the sequence is the year's counter after this increment.
 */
export async function issueInvoice(
  tx: DbOrTx,
  input: { company: CompanyProfile; plan: PlanId; periodStart: string; billing: BillingSettings; now: Date },
): Promise<Invoice> {
  const year = Number(gulfDate(input.now).slice(0, 4));
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ sequence: invoiceCounters.lastNumber });
  const sequence = counter!.sequence;
  const period = billingPeriod(input.plan, input.periodStart);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber(year, sequence),
      year,
      sequence,
      companyId: input.company.id,
      plan: input.plan,
      ...period,
      currency: 'AED',
      ...invoiceAmounts(input.plan, input.billing.vatRateBasisPoints),
      seller: input.billing.seller,
      buyer: buyerOf(input.company),
      status: 'issued',
      issuedAt: input.now,
      createdAt: input.now,
    })
    .returning();
  return invoice!;
}

// --- Views -----------------------------------------------------------------------------------------------------

export function invoiceView(invoice: Invoice): InvoiceView {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status as InvoiceStatus,
    issuedAt: invoice.issuedAt.toISOString(),
    plan: invoice.plan as PlanId,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    currency: 'AED',
    subtotalFils: invoice.subtotalFils,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    vatFils: invoice.vatFils,
    totalFils: invoice.totalFils,
    seller: invoice.seller as SellerDetails,
    buyer: invoice.buyer as BuyerDetails,
    bankReference: invoice.bankReference,
    paidAt: invoice.status === 'paid' && invoice.verifiedAt ? invoice.verifiedAt.toISOString() : null,
    paymentDeclaration:
      invoice.paymentDeclaredAt && invoice.declaredTransferDate
        ? { transferDate: invoice.declaredTransferDate, bankReference: invoice.declaredReference, declaredAt: invoice.paymentDeclaredAt.toISOString() }
        : null,
  };
}

export function invoiceSummary(invoice: Invoice): InvoiceSummary {
  const { id, number, status, issuedAt, plan, periodStart, periodEnd, totalFils, paymentDeclaration } = invoiceView(invoice);
  return { id, number, status, issuedAt, plan, periodStart, periodEnd, totalFils, paymentDeclaration };
}

/** A company's invoices, newest first. */
export async function invoicesOf(db: DbOrTx, companyId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
}


/** One invoice by id; a malformed id is simply not found. */
export async function findInvoice(db: DbOrTx, id: string): Promise<Invoice> {
  const invoice = isUuid(id) ? await db.query.invoices.findFirst({ where: eq(invoices.id, id) }) : undefined;
  if (!invoice) throw new DomainError('invoice.not_found');
  return invoice;
}
