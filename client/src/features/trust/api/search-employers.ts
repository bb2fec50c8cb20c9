import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployerMatch } from '#shared/employers.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/employers?q=: verified employers by name (at least 2 letters). */
export async function searchEmployers(q: string): Promise<{ items: EmployerMatch[] }> {
  return (await apiRequest('GET', `/api/employers?${new URLSearchParams({ q })}`)).json();
}

export const employerSearchQuery = (q: string) => queryOptions({ queryKey: ['/api/employers', q], queryFn: () => searchEmployers(q) });

export function useEmployerSearch(q: string) {
  return useQuery({ ...employerSearchQuery(q), enabled: q.trim().length >= 2 });
}
