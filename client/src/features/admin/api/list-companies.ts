import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminCompanyItem } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useCompanyList(params: { status?: string; q?: string }) {
  return useInfiniteQuery(adminListQuery<AdminCompanyItem>('/api/admin/companies', params));
}
