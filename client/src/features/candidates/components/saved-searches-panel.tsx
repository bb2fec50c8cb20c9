// The company's saved searches, above the results: each opens its search, changes its e-mail, or is deleted.
import { Bookmark, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SAVED_SEARCH_ALERTS, type SavedSearchAlert } from '#shared/saved-searches.ts';
import { Select } from '@/components/ui/field';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';

export function SavedSearchesPanel() {
  const { t } = useTranslation('candidates');
  const saved = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const items = saved.data?.items ?? [];
  if (items.length === 0) return null;
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('saved.changeFailed'), description: errorMessage(error, t('saved.changeFailed')) });
  return (
    <details className="group mt-3 rounded-xl border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 text-sm font-semibold text-slate-900">
        <Bookmark aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {t('saved.heading', { number: formatNumber(items.length) })}
      </summary>
      <ul className="divide-y divide-slate-100 border-t border-slate-200">
        {items.map((search) => (
          <li key={search.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
            <Link href={search.query ? `/dashboard?${search.query}` : '/dashboard'} className="min-w-0 flex-1 truncate font-medium text-brand-800 underline-offset-2 hover:underline">
              <bdi>{search.name}</bdi>
            </Link>
            <Select
              controlSize="sm"
              fullWidth={false}
              aria-label={t('saved.alertFor', { name: search.name })}
              value={search.alert}
              onChange={(event) => {
                const alert = event.currentTarget.value as SavedSearchAlert;
                update.mutate({ id: search.id, alert }, { onSuccess: () => toast({ variant: 'success', title: t(`saved.alertChanged.${alert}`, { name: search.name }) }), onError: failed });
              }}
            >
              {SAVED_SEARCH_ALERTS.map((alert) => (
                <option key={alert} value={alert}>
                  {t(`saved.alerts.${alert}`)}
                </option>
              ))}
            </Select>
            <button
              type="button"
              aria-label={t('saved.delete', { name: search.name })}
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              onClick={() => remove.mutate(search.id, { onSuccess: () => toast({ title: t('saved.deleted', { name: search.name }) }), onError: failed })}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
