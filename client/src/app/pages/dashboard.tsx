import { useState } from 'react';
import { Bookmark, Search, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CANDIDATE_SORTS, type CandidateSort } from '#shared/candidates.ts';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { EMPTY_FILTERS, useCandidateSearch, type CandidateFilters } from '@/features/candidates/api/search-candidates';
import { CandidateCard } from '@/features/candidates/components/candidate-card';
import { FilterPanel } from '@/features/candidates/components/filter-panel';
import { useCompanyAccount } from '@/features/company/api/get-company-account';
import { PlanBadge } from '@/features/company/components/plan-badge';
import { RenewalPanel } from '@/features/company/components/renewal-panel';
import { cn } from '@/lib/utils';
import { errorMessage } from '@/lib/error-message';

function CandidateDatabase() {
  const { t } = useTranslation('candidates');
  const [draft, setDraft] = useState<CandidateFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<CandidateFilters>(EMPTY_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useCandidateSearch(applied);
  const items = search.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = search.data?.pages[0];
  const total = firstPage?.total ?? 0;

  const apply = (next: CandidateFilters = draft) => {
    setApplied(next);
    setFiltersOpen(false);
  };
  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setApplied(EMPTY_FILTERS);
  };

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[17rem_1fr]">
      <div>
        <Button variant="outline" className="w-full lg:hidden" aria-expanded={filtersOpen} aria-controls="candidate-filters" onClick={() => setFiltersOpen((open) => !open)}>
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {filtersOpen ? t('filters.hide') : t('filters.show')}
        </Button>
        <aside id="candidate-filters" aria-label={t('filters.heading')} className={cn('mt-4 rounded-2xl border border-slate-200 bg-white p-5 lg:mt-0 lg:block', filtersOpen ? 'block' : 'hidden')}>
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t('filters.heading')}</h2>
          <FilterPanel draft={draft} onDraftChange={setDraft} onApply={() => apply()} onClear={clear} />
        </aside>
      </div>

      <div className="min-w-0">
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Input
            type="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            maxLength={200}
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
          />
          <Button type="submit" aria-label={t('search.submit')}>
            <Search aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">{t('search.submit')}</span>
          </Button>
        </form>

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            {search.isSuccess ? t(firstPage?.totalExact === false ? 'showingAtLeast' : 'showing', { count: total }) : ''}
          </p>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('sort.label')}
            <Select
              className="h-9 w-auto py-1 text-sm"
              value={applied.sort || (applied.q.trim() ? 'relevance' : 'newest')}
              onChange={(event) => {
                const sort = event.currentTarget.value as CandidateSort;
                setDraft({ ...draft, sort });
                setApplied({ ...applied, sort });
              }}
            >
              {CANDIDATE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </Select>
          </label>
        </div>

        {search.isPending && (
          <div role="status" className="mt-10 flex items-center justify-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" />
            {t('loadingMore')}
          </div>
        )}
        {search.isError && (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(search.error, t('error'))}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void search.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {search.isSuccess && items.length === 0 && <p className="mt-10 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{t('empty')}</p>}
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((candidate) => (
            <CandidateCard key={candidate.id} candidate={candidate} />
          ))}
        </div>
        {search.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button variant="outline" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
              {search.isFetchingNextPage && <Spinner />}
              {search.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('candidates');
  usePageTitle(t('title'));
  const account = useCompanyAccount();
  if (account.isPending) return <LoadingScreen />;
  if (!account.data) {
    return (
      <PageShell>
        <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
          <p>{t('error')}</p>
          <Button className="mt-4" onClick={() => void account.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </PageShell>
    );
  }
  if (!account.data.company.hasAccess) {
    return (
      <PageShell>
        <RenewalPanel account={account.data} />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <PlanBadge company={account.data.company} />
            <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
            <p className="mt-1 text-slate-700">{t('intro')}</p>
          </div>
          <Link href="/dashboard/shortlist" className={buttonClasses({ variant: 'outline' })}>
            <Bookmark aria-hidden="true" className="h-4 w-4" />
            {t('shortlistLink')}
          </Link>
        </div>
        <CandidateDatabase />
      </section>
    </PageShell>
  );
}
