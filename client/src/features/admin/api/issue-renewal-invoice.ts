import type { InvoiceView } from '#shared/company.ts';
import { postJson, useAdminAction } from './admin-list';

export const issueRenewalInvoice = (companyId: string) => postJson<{ invoice: InvoiceView }>(`/api/admin/companies/${companyId}/renewal-invoice`);

export function useIssueRenewalInvoice() {
  return useAdminAction(issueRenewalInvoice);
}
