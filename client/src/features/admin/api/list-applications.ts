import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminApplication } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useApplicationList(params: { reviewed?: string }) {
  return useInfiniteQuery(adminListQuery<AdminApplication>('/api/admin/career-applications', params));
}
