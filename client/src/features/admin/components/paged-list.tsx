// Loading, error, empty and "show more" for any console list.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_SEARCH_MAX, type Page } from '#shared/admin.ts';
import { clsx } from 'clsx';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { dateTimeText } from '@/lib/date-text';

export function PagedList<T>({
  query,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) {
    return <ListSkeleton />;
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{errorMessage(query.error, t('list.failed'))}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? 0;
  // The previous search's list, shown while the new one is read.
  const replacing = query.isPlaceholderData;
  return (
    <div aria-busy={replacing} className={clsx('transition-opacity', replacing && 'opacity-60')}>
      {/* Said again by a screen reader when a search or filter changes it. */}
      <p className="mb-3 text-sm text-slate-600" aria-live="polite">
        {t('list.total', { count: total })}
      </p>
      {items.length === 0 ? <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">{empty}</p> : children(items)}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage && <Spinner />}
            {t('list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A row of filter buttons (status tabs). */
export function FilterTabs<V extends string>({ label, options, value, onChange }: { label: string; options: { value: V; label: string }[]; value: V; onChange: (v: V) => void }) {
  return (
    <div role="group" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {options.map((option) => (
        <Button key={option.value} size="sm" variant={option.value === value ? 'primary' : 'outline'} aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </Button>
      ))}
    </div>
  );
}

export function when(iso: string | null | undefined, locale: string): string {
  return iso ? dateTimeText(locale, iso, 'short') : '—';
}

/** How long typing pauses before a search box applies its text (as the candidate search does). */
const SEARCH_PAUSE_MS = 350;

/**
 * A search box that applies its text when typing pauses, at once on Enter, and at once when emptied (its clear
 * button too): applied only on Enter, a box emptied by its cross still left the list filtered by the text gone.
 */
export function SearchBox({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState('');
  const applied = useRef('');
  const apply = useCallback(
    (text: string) => {
      if (text === applied.current) return;
      applied.current = text;
      onSearch(text);
    },
    [onSearch],
  );
  useEffect(() => {
    const text = draft.trim();
    if (text === '') return apply('');
    const timer = setTimeout(() => apply(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, apply]);
  return (
    <form
      role="search"
      className="mb-4 max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        // What the box holds now: Enter may come before the last key's text has been drawn.
        apply(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <Input type="search" name="q" maxLength={ADMIN_SEARCH_MAX} aria-label={label} placeholder={label} value={draft} onChange={(event) => setDraft(event.currentTarget.value)} />
    </form>
  );
}
