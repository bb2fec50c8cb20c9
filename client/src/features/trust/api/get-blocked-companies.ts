import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedCompany } from '#shared/employers.ts';

export const blockedCompaniesQuery = queryOptions<{ items: BlockedCompany[] }>({ queryKey: ['/api/job-seeker/blocks'] });

export function useBlockedCompanies() {
  return useQuery(blockedCompaniesQuery);
}
