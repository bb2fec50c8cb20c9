import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidateOptionCounts } from '#shared/candidates.ts';
import { apiRequest } from '@/lib/api-client';
import { searchParams, type CandidateFilters } from './search-candidates';

export async function getOptionCounts(filters: CandidateFilters): Promise<CandidateOptionCounts> {
  return (await apiRequest('GET', `/api/candidates/option-counts?${searchParams({ ...filters, sort: '' })}`)).json();
}

/** The counts do not depend on the order of the cards: one query per filter set. */
export const optionCountsQuery = (filters: CandidateFilters) =>
  queryOptions({
    queryKey: ['/api/candidates/option-counts', { ...filters, sort: '' }],
    queryFn: () => getOptionCounts(filters),
    placeholderData: keepPreviousData,
  });

export function useOptionCounts(filters: CandidateFilters) {
  return useQuery(optionCountsQuery(filters));
}
