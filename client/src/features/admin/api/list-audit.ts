import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/admin.ts';
import { adminListQuery, type ListParams } from './admin-list';

export function useAuditLog(params: ListParams) {
  return useInfiniteQuery(adminListQuery<AuditEntry>('/api/admin/audit', params));
}
