import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployerPage } from '#shared/employers.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/employers/:slug: the public page of an employer, for anyone. */
export async function getEmployer(slug: string): Promise<EmployerPage> {
  return (await apiRequest('GET', `/api/employers/${encodeURIComponent(slug)}`)).json();
}

export const employerQuery = (slug: string) => queryOptions({ queryKey: ['/api/employers', 'page', slug], queryFn: () => getEmployer(slug) });

export function useEmployer(slug: string) {
  return useQuery(employerQuery(slug));
}
