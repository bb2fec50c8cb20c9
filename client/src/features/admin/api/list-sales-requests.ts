import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminSalesRequest } from '#shared/sales-request.ts';
import { adminListQuery } from './admin-list';

export function useSalesRequestList(params: { handled?: string }) {
  return useInfiniteQuery(adminListQuery<AdminSalesRequest>('/api/admin/sales-requests', params));
}
