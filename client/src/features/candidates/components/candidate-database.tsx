// The Job Seeker Database: search box, filters (a sidebar on wide screens, a drawer on phones), chips of the active
// filters, the count, the sort and the cards. The search is the URL's (search-state.ts): every change replaces the
// query string of /dashboard, so Back, a refresh and a shared link open the same search.
import { useEffect, useRef, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { ModalDialog, ModalDialogHeader } from '@/components/ui/modal-dialog';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CANDIDATE_PAGE_SIZE, CANDIDATE_SORTS, SEARCH_TEXT_MAX, type CandidateOptionCounts, type CandidateSort } from '#shared/candidates.ts';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { CardGridSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useOptionText } from '@/lib/option-text';
import { useOptionCounts } from '../api/get-option-counts';
import { useCandidateSearch, type CandidateFilters } from '../api/search-candidates';
import { activeFilterCount, forgetScroll, keptScrollOf, readSearchState, rememberResults, searchStateQuery } from '../search-state';
import { ActiveFilterChips } from './active-filter-chips';
import { CandidateCard } from './candidate-card';
import { FilterPanel } from './filter-panel';
import { SaveSearchButton } from './save-search-button';
import { SavedSearchesPanel } from './saved-searches-panel';
import { useFactText } from '@/lib/fact-text';

/** A name to start from when saving: the words and the filters' values, as the chips show them. */
function suggestedName(filters: CandidateFilters, optionText: ReturnType<typeof useOptionText>['optionText'], visaText: (status: string) => string): string {
  const parts = [
    filters.q.trim(),
    ...filters.industries.map((v) => optionText('industries', v)),
    ...filters.locations.map((v) => optionText('locations', v)),
    ...filters.languages.map((v) => optionText('languages', v)),
    ...filters.visaStatuses.map(visaText),
  ].filter(Boolean);
  return parts.join(' · ').slice(0, 80);
}

/** Typing searches once the recruiter pauses this long. */
const TYPING_PAUSE_MS = 350;

function FilterDrawer(props: {
  open: boolean;
  onClose: () => void;
  filters: CandidateFilters;
  counts: CandidateOptionCounts | undefined;
  onChange: (next: CandidateFilters) => void;
  resultsLabel: string;
}) {
  const { open, onClose, filters, counts, onChange, resultsLabel } = props;
  const { t } = useTranslation('candidates');
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy="filter-drawer-title"
      className="m-0 ms-auto h-dvh max-h-dvh w-full max-w-md bg-white p-0 text-slate-900 backdrop:bg-slate-900/40 lg:hidden"
    >
        <div className="flex h-full flex-col">
          <ModalDialogHeader
            title={t('filters.heading')}
            closeLabel={t('filters.close')}
            className="flex items-center justify-between border-b border-slate-200 px-4 py-3"
            titleClassName="text-base font-semibold"
          />
          <div className="flex-1 overflow-y-auto px-4 py-5">
            <FilterPanel idPrefix="drawer-filters" filters={filters} counts={counts} onChange={onChange} />
          </div>
          <div className="flex gap-2 border-t border-slate-200 bg-white p-4">
            <Button className="flex-1" onClick={onClose}>
              {resultsLabel}
            </Button>
            <Button variant="outline" onClick={() => onChange({ ...filters, industries: [], languages: [], locations: [], minYears: '', maxYears: '', hasVideo: false, fresh: false })}>
              {t('filters.clear')}
            </Button>
          </div>
        </div>
    </ModalDialog>
  );
}

export function CandidateDatabase() {
  const { t } = useTranslation('candidates');
  const { optionText } = useOptionText();
  const { visaText } = useFactText();
  const query = useSearch();
  const [, navigate] = useLocation();
  // The URL's search, held in state too so a ticked box shows at once; a URL changed elsewhere (Back, a link) wins.
  const [state, setState] = useState(() => readSearchState(query));
  const [stateQuery, setStateQuery] = useState(query);
  if (query !== stateQuery) {
    setStateQuery(query);
    setState(readSearchState(query));
  }
  const { filters, shown } = state;
  const url = query ? `/dashboard?${query}` : '/dashboard';
  const search = useCandidateSearch(filters);
  const optionCounts = useOptionCounts(filters);
  const items = search.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = search.data?.pages[0];
  const total = firstPage?.total ?? 0;
  const [drawerOpen, setDrawerOpen] = useState(false);

  const go = (next: { filters?: CandidateFilters; shown?: number }) => {
    const nextState = { filters: next.filters ?? filters, shown: next.shown ?? (next.filters ? CANDIDATE_PAGE_SIZE : shown) };
    const nextQuery = searchStateQuery(nextState);
    setState(nextState);
    setStateQuery(nextQuery);
    navigate(nextQuery ? `/dashboard?${nextQuery}` : '/dashboard', { replace: true });
  };
  const setFilters = (next: CandidateFilters) => go({ filters: next });

  // The text box: the URL's text, or what is being typed until the pause.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const text = typed ?? filters.q;
  useEffect(() => {
    if (typed === undefined) return;
    const timer = setTimeout(() => {
      setTyped(undefined);
      const nextQuery = searchStateQuery({ filters: { ...readSearchState(query).filters, q: typed }, shown: CANDIDATE_PAGE_SIZE });
      navigate(nextQuery ? `/dashboard?${nextQuery}` : '/dashboard', { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, query, navigate]);

  // Cards shown before (Show more, then Back or a refresh) are fetched again, page after page.
  useEffect(() => {
    if (search.hasNextPage && !search.isFetching && items.length < shown) void search.fetchNextPage();
  }, [search, items.length, shown]);

  // Back from a candidate: the scroll position comes back once the cards it was measured on are there.
  const [keptScroll] = useState(() => keptScrollOf(url));
  const restored = useRef(false);
  const allBack = search.isSuccess && (items.length >= shown || !search.hasNextPage);
  useEffect(() => {
    rememberResults(url);
    if (restored.current || keptScroll === undefined || !allBack) return;
    restored.current = true;
    forgetScroll(url);
    // After the page's own move to the top on arrival.
    requestAnimationFrame(() => window.scrollTo({ top: keptScroll, behavior: 'instant' }));
  }, [url, allBack, keptScroll]);

  const filterCount = activeFilterCount(filters);
  const countText = search.isSuccess ? t(firstPage?.totalExact === false ? 'showingAtLeast' : 'showing', { count: total }) : '';
  const resultsLabel = search.isSuccess ? t(firstPage?.totalExact === false ? 'filters.showResultsAtLeast' : 'filters.showResults', { count: total }) : t('filters.showResultsPending');

  return (
    <div className="mt-4 grid gap-6 lg:mt-6 lg:grid-cols-[17rem_1fr]">
      <aside aria-label={t('filters.heading')} className="hidden rounded-2xl border border-slate-200 bg-white p-5 lg:block">
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t('filters.heading')}</h2>
        <FilterPanel idPrefix="filters" filters={filters} counts={optionCounts.data} onChange={setFilters} />
      </aside>
      <FilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        filters={filters}
        counts={optionCounts.data}
        onChange={setFilters}
        resultsLabel={resultsLabel}
      />

      <div
        className="min-w-0"
        // Leaving for a candidate: where the list was, so Back returns there.
        onClickCapture={(event) => {
          if ((event.target as Element).closest('a[href^="/dashboard/candidates/"]')) rememberResults(url, window.scrollY);
        }}
      >
        <div className="flex gap-2">
          <form
            role="search"
            className="flex min-w-0 flex-1 gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setTyped(undefined);
              setFilters({ ...filters, q: text });
            }}
          >
            <Input
              type="search"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              maxLength={SEARCH_TEXT_MAX}
              value={text}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" aria-label={t('search.submit')} className="shrink-0">
              <Search aria-hidden="true" className="h-4 w-4" />
              <span className="hidden sm:inline">{t('search.submit')}</span>
            </Button>
          </form>
          <Button variant="outline" className="shrink-0 lg:hidden" aria-haspopup="dialog" onClick={() => setDrawerOpen(true)}>
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only sm:not-sr-only">{t('filters.heading')}</span>
            {filterCount > 0 && (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white" aria-label={t('filters.active', { count: filterCount })}>
                {filterCount}
              </span>
            )}
          </Button>
        </div>

        <ActiveFilterChips filters={filters} onChange={setFilters} />
        <SavedSearchesPanel />

        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            {countText}
          </p>
          <div className="flex items-center gap-2">
          <SaveSearchButton query={searchStateQuery({ filters, shown: CANDIDATE_PAGE_SIZE })} suggestedName={suggestedName(filters, optionText, visaText)} />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span className="sr-only sm:not-sr-only">{t('sort.label')}</span>
            <Select
              controlSize="sm"
              fullWidth={false}
              value={filters.sort || (filters.q.trim() ? 'relevance' : 'newest')}
              onChange={(event) => setFilters({ ...filters, sort: event.currentTarget.value as CandidateSort })}
            >
              {CANDIDATE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </Select>
          </label>
          </div>
        </div>

        {search.isPending && <CardGridSkeleton />}
        {search.isError && (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(search.error, t('error'))}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void search.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {search.isSuccess && items.length === 0 && <p className="mt-10 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{t('empty')}</p>}
        <div className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={search.isFetching && !search.isFetchingNextPage}>
          {items.map((candidate) => (
            <CandidateCard key={candidate.id} candidate={candidate} />
          ))}
        </div>
        {search.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button
              variant="outline"
              disabled={search.isFetchingNextPage}
              onClick={() => {
                go({ shown: items.length + CANDIDATE_PAGE_SIZE });
              }}
            >
              {search.isFetchingNextPage && <Spinner />}
              {search.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
