import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '#shared/admin.ts';

export const overviewQuery = queryOptions<AdminOverview>({ queryKey: ['/api/admin/overview'] });

export function useOverview() {
  return useQuery(overviewQuery);
}
