import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceView } from '#shared/company.ts';

export const invoiceQuery = (id: string) => queryOptions<InvoiceView>({ queryKey: ['/api/company/invoices', id] });

export function useInvoice(id: string) {
  return useQuery(invoiceQuery(id));
}
