import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '#shared/system-status.ts';

export const systemStatusQuery = queryOptions<SystemStatus>({ queryKey: ['/api/admin/system'] });

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
