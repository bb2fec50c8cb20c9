import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminEmail } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useEmailList(params: { status?: string; q?: string }) {
  return useInfiniteQuery(adminListQuery<AdminEmail>('/api/admin/emails', params));
}
