import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPayment } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

/** The invoices awaiting payment (declared ones first), or those the search finds. */
export function usePaymentList(params: { q?: string }) {
  return useInfiniteQuery(adminListQuery<AdminPayment>('/api/admin/payments', params));
}
