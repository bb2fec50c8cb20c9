import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclarePaymentInput, InvoiceView } from '#shared/company.ts';
import { apiRequest } from '@/lib/api-client';
import { companyAccountQuery } from './get-company-account';
import { invoiceQuery } from './get-invoice';

/** POST /api/company/invoices/:id/payment: "I have paid", with the day of the transfer and the bank's reference. */
export async function declarePayment({ invoiceId, ...input }: DeclarePaymentInput & { invoiceId: string }): Promise<InvoiceView> {
  return (await apiRequest('POST', `/api/company/invoices/${invoiceId}/payment`, input)).json();
}

/**
 * The caller's callbacks are given here, not to `mutate`: success replaces the form that asked with the
 * "we are verifying" card, and callbacks given to `mutate` do not run once their component is gone. The declaration
 * stays pending until the account is fetched again, so the form's button stays disabled until the form is replaced.
 */
export function useDeclarePayment(callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declarePayment,
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
      callbacks.onSuccess();
      await queryClient.invalidateQueries(companyAccountQuery);
    },
    onError: callbacks.onError,
  });
}
