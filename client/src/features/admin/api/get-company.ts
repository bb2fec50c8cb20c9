import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCompanyDetail } from '#shared/admin.ts';

export const adminCompanyQuery = (id: string) => queryOptions<AdminCompanyDetail>({ queryKey: ['/api/admin/companies', id] });

export function useAdminCompany(id: string) {
  return useQuery(adminCompanyQuery(id));
}
