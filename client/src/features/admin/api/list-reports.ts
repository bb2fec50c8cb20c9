import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportItem } from '#shared/employers.ts';
import { adminListQuery } from './admin-list';

export function useReportList(params: { answered?: string }) {
  return useInfiniteQuery(adminListQuery<AdminReportItem>('/api/admin/reports', params));
}
