// The Job Seeker Database's search lives in the URL of /dashboard: text, filters, sort and how many cards were shown.
// So Back from a candidate, a refresh and a link shared with a colleague all open the same search. The keys are the
// API's own (GET /api/candidates), plus `shown`.
import { CANDIDATE_PAGE_SIZE, CANDIDATE_SORTS, candidateSearchSchema, type CandidateSort } from '#shared/candidates.ts';
import { EMPTY_FILTERS, LIST_FILTERS, searchParams, type CandidateFilters } from './api/search-candidates';

export interface SearchState {
  filters: CandidateFilters;
  /** How many cards the recruiter had on screen (Show more), so the same ones come back. */
  shown: number;
}

/** At most this many cards are brought back at once from a URL (a hand-made `shown=100000` asks no more). */
const SHOWN_MAX = 20 * CANDIDATE_PAGE_SIZE;

// A value the search would refuse (a link edited by hand, or one an older version wrote) is left out rather than
// sent: the page then searches without it, where the search's refusal named the API's parameter in English.
const { shape } = candidateSearchSchema;
const accepted = (key: keyof typeof shape, value: string | string[]) => shape[key].safeParse(value).success;
/** The value as the search reads it ('1e1' is 10), so the panel shows what is searched; '' when it is refused. */
const single = (params: URLSearchParams, key: 'availableWithin' | 'maxSalary' | 'salaryCurrency' | 'minYears' | 'maxYears') => {
  const read = shape[key].safeParse(params.get(key) || undefined);
  return read.success && read.data !== undefined ? String(read.data) : '';
};

// As the API reads a list: a comma followed by a space belongs to the value ('Dubai, UAE'). Each value once.
const list = (params: URLSearchParams, key: (typeof LIST_FILTERS)[number]) => [
  ...new Set((params.get(key) ?? '').split(/,(?! )/).filter((value) => value && accepted(key, [value]))),
];

export function readSearchState(query: string): SearchState {
  const params = new URLSearchParams(query);
  const sort = params.get('sort');
  const shown = Number(params.get('shown'));
  const q = params.get('q') ?? '';
  const [minYears, maxYears] = [single(params, 'minYears'), single(params, 'maxYears')];
  const yearsInOrder = minYears === '' || maxYears === '' || Number(minYears) <= Number(maxYears);
  return {
    filters: {
      ...EMPTY_FILTERS,
      q: accepted('q', q) ? q : '',
      ...Object.fromEntries(LIST_FILTERS.map((key) => [key, list(params, key)])),
      availableWithin: single(params, 'availableWithin'),
      maxSalary: single(params, 'maxSalary'),
      salaryCurrency: single(params, 'salaryCurrency'),
      minYears: yearsInOrder ? minYears : '',
      maxYears: yearsInOrder ? maxYears : '',
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
