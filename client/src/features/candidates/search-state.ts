// The Job Seeker Database's search lives in the URL of /dashboard: text, filters, sort and how many cards were shown.
// So Back from a candidate, a refresh and a link shared with a colleague all open the same search. The keys are the
// API's own (GET /api/candidates), plus `shown`.
import { CANDIDATE_PAGE_SIZE, CANDIDATE_SORTS, type CandidateSort } from '#shared/candidates.ts';
import { EMPTY_FILTERS, LIST_FILTERS, searchParams, type CandidateFilters } from './api/search-candidates';

export interface SearchState {
  filters: CandidateFilters;
  /** How many cards the recruiter had on screen (Show more), so the same ones come back. */
  shown: number;
}

/** At most this many cards are brought back at once from a URL (a hand-made `shown=100000` asks no more). */
const SHOWN_MAX = 20 * CANDIDATE_PAGE_SIZE;

// As the API reads a list: a comma followed by a space belongs to the value ('Dubai, UAE').
const list = (value: string | null) => (value ? value.split(/,(?! )/).filter(Boolean) : []);

export function readSearchState(query: string): SearchState {
  const params = new URLSearchParams(query);
  const sort = params.get('sort');
  const shown = Number(params.get('shown'));
  return {
    filters: {
      ...EMPTY_FILTERS,
      q: params.get('q') ?? '',
      ...Object.fromEntries(LIST_FILTERS.map((key) => [key, list(params.get(key))])),
      availableWithin: params.get('availableWithin') ?? '',
      maxSalary: params.get('maxSalary') ?? '',
      salaryCurrency: params.get('salaryCurrency') ?? '',
      minYears: params.get('minYears') ?? '',
      maxYears: params.get('maxYears') ?? '',
      hasVideo: params.get('hasVideo') === 'true',
      fresh: params.get('fresh') === 'true',
      sort: CANDIDATE_SORTS.includes(sort as CandidateSort) ? (sort as CandidateSort) : '',
    },
    shown: Number.isInteger(shown) && shown > CANDIDATE_PAGE_SIZE ? Math.min(shown, SHOWN_MAX) : CANDIDATE_PAGE_SIZE,
  };
}

/** The query string of /dashboard for this state ('' when nothing is set). */
export function searchStateQuery({ filters, shown }: SearchState): string {
  const params = searchParams(filters);
  if (shown > CANDIDATE_PAGE_SIZE) params.set('shown', String(shown));
  return params.toString();
}

export function activeFilterCount(filters: CandidateFilters): number {
  return (
    LIST_FILTERS.reduce((sum, key) => sum + filters[key].length, 0) +
    (filters.availableWithin !== '' ? 1 : 0) +
    (filters.maxSalary !== '' && filters.salaryCurrency ? 1 : 0) +
    (filters.minYears !== '' || filters.maxYears !== '' ? 1 : 0) +
    (filters.hasVideo ? 1 : 0) +
    (filters.fresh ? 1 : 0)
  );
}

// Where the results were, for the candidate page's "Back to results" and for the scroll position when coming back.
// Kept for the tab only (sessionStorage), like the browser's own history.
const RESULTS_KEY = 'wazifa.results';
const scrollKey = (url: string) => `wazifa.scroll:${url}`;

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberResults(url: string, scrollY?: number): void {
  session()?.setItem(RESULTS_KEY, url);
  if (scrollY !== undefined) session()?.setItem(scrollKey(url), String(Math.round(scrollY)));
}

/** The last search's URL, or the plain database. */
export function resultsUrl(): string {
  const url = session()?.getItem(RESULTS_KEY);
  return url?.startsWith('/dashboard') ? url : '/dashboard';
}

/** The scroll position kept for this URL when the recruiter left it for a candidate. */
export function keptScrollOf(url: string): number | undefined {
  const value = session()?.getItem(scrollKey(url));
  return value === null || value === undefined ? undefined : Number(value);
}

/** Once used: a later visit starts at the top. */
export function forgetScroll(url: string): void {
  session()?.removeItem(scrollKey(url));
}
