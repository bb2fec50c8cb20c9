import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useUserList(params: { q?: string; status?: string }) {
  return useInfiniteQuery(adminListQuery<AdminUser>('/api/admin/users', params));
}
