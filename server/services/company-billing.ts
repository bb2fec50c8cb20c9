// What a company does about its own bills: says it has paid an invoice (the day of its bank transfer and the bank's
// reference, which our team sees when it verifies the payment). Verifying is the team's (subscriptions.ts).
import { and, eq } from 'drizzle-orm';
import type { DeclarePaymentInput, InvoiceView } from '#shared/company.ts';
import { auditLog, companyProfiles, invoices, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { gulfDate, invoiceView } from './invoices.ts';
import { uuidParam } from './keyset.ts';

/**
 * "I have paid": kept on the invoice until our team verifies the payment; said again, the newest words count. Only
 * the company's own unpaid invoice; anyone else's is "not found".
 */
export async function declarePayment(ctx: { db: Db; clock: Clock }, user: User, rawInvoiceId: unknown, input: DeclarePaymentInput): Promise<InvoiceView> {
  const invoiceId = uuidParam(rawInvoiceId, 'invoice.not_found');
  const now = ctx.clock.now();
  if (input.transferDate > gulfDate(now)) throw new DomainError('invoice.transfer_in_future');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(companyProfiles, eq(companyProfiles.id, invoices.companyId))
      .where(and(eq(invoices.id, invoiceId), eq(companyProfiles.userId, user.id)))
      .for('update', { of: invoices });
    if (!row) throw new DomainError('invoice.not_found');
    if (row.invoice.status !== 'issued') throw new DomainError('invoice.not_payable');
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
