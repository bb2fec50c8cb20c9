import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CandidateSearchResult, CandidateSort } from '#shared/candidates.ts';
import { apiRequest } from '@/lib/api-client';

/** The search a company made, as the URL's query carries it (search-state.ts). */
export interface CandidateFilters {
  q: string;
  industries: string[];
  languages: string[];
  locations: string[];
  minYears: string;
  maxYears: string;
  hasVideo: boolean;
  /** Only job seekers who said they are still looking within FRESH_DAYS. */
  fresh: boolean;
  /** The hiring facts: countries as ISO codes, days as text ('' when not asked). */
  nationalities: string[];
  inCountries: string[];
  visaStatuses: string[];
  availableWithin: string;
  licences: string[];
  maxSalary: string;
  salaryCurrency: string;
  sort: CandidateSort | '';
}

export const EMPTY_FILTERS: CandidateFilters = {
  q: '',
  industries: [],
  languages: [],
  locations: [],
  minYears: '',
  maxYears: '',
  hasVideo: false,
  fresh: false,
  nationalities: [],
  inCountries: [],
  visaStatuses: [],
  availableWithin: '',
  licences: [],
  maxSalary: '',
  salaryCurrency: '',
  sort: '',
};

/** The list filters, as the URL and the API name them. */
export const LIST_FILTERS = ['industries', 'languages', 'locations', 'nationalities', 'inCountries', 'visaStatuses', 'licences'] as const;

/** GET /api/candidates query string: only what is set. */
export function searchParams(filters: CandidateFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  for (const key of LIST_FILTERS) {
    if (filters[key].length) params.set(key, filters[key].join(','));
  }
  if (filters.minYears !== '') params.set('minYears', filters.minYears);
  if (filters.maxYears !== '') params.set('maxYears', filters.maxYears);
  if (filters.hasVideo) params.set('hasVideo', 'true');
  if (filters.fresh) params.set('fresh', 'true');
  if (filters.availableWithin !== '') params.set('availableWithin', filters.availableWithin);
  // A salary limit means something only in a currency.
  if (filters.maxSalary !== '' && filters.salaryCurrency) {
    params.set('maxSalary', filters.maxSalary);
    params.set('salaryCurrency', filters.salaryCurrency);
  }
  if (filters.sort) params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return params;
}

export async function searchCandidates(filters: CandidateFilters, cursor?: string): Promise<CandidateSearchResult> {
  return (await apiRequest('GET', `/api/candidates?${searchParams(filters, cursor)}`)).json();
}

export const candidateSearchQuery = (filters: CandidateFilters) =>
  infiniteQueryOptions({
    queryKey: ['/api/candidates', 'search', filters],
    queryFn: ({ pageParam }) => searchCandidates(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A changed filter keeps the last cards on screen until the new ones arrive, instead of a blank list.
    placeholderData: keepPreviousData,
  });

export function useCandidateSearch(filters: CandidateFilters) {
  return useInfiniteQuery(candidateSearchQuery(filters));
}
