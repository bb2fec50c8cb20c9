import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShortlistEntry } from '#shared/candidates.ts';

export const shortlistQuery = queryOptions<{ items: ShortlistEntry[] }>({ queryKey: ['/api/shortlist'] });

export function useShortlist() {
  return useQuery(shortlistQuery);
}
