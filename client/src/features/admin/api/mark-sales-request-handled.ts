import type { AdminSalesRequest } from '#shared/sales-request.ts';
import { postJson, useAdminAction } from './admin-list';

export const markSalesRequestHandled = (id: string) => postJson<AdminSalesRequest>(`/api/admin/sales-requests/${id}/handled`);

export function useMarkSalesRequestHandled() {
  return useAdminAction(markSalesRequestHandled);
}
