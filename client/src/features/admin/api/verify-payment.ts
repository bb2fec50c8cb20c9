import type { VerifyPaymentInput } from '#shared/company.ts';
import { postJson, useAdminAction } from './admin-list';

export const verifyPayment = (input: VerifyPaymentInput & { companyId: string }) =>
  postJson<unknown>(`/api/admin/companies/${input.companyId}/verify-payment`, { invoiceId: input.invoiceId, bankReference: input.bankReference });

export function useVerifyPayment() {
  return useAdminAction(verifyPayment);
}
