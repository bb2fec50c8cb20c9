import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEmailDetail } from '#shared/admin.ts';

export const adminEmailQuery = (id: string) => queryOptions<AdminEmailDetail>({ queryKey: ['/api/admin/emails', id] });

export function useAdminEmail(id: string, enabled: boolean) {
  return useQuery({ ...adminEmailQuery(id), enabled });
}
