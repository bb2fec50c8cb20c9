import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Play } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import type { ReviewStatus } from '#shared/profile.ts';
import { useProfileQueue } from '../api/list-profiles';
import { FilterTabs, PagedList, when } from './paged-list';
import { useOptionText } from '@/lib/option-text';

export function ReviewQueue() {
  const { t, i18n } = useTranslation('admin');
  const { optionText, optionListText } = useOptionText();
  // A status of the queue, or the lane of approved profiles whose checked facts changed.
  const [status, setStatus] = useState<ReviewStatus | 'facts_changed'>('pending');
  const query = useProfileQueue(status);
  return (
    <>
      <FilterTabs
        label={t('review.filter')}
        value={status}
        onChange={setStatus}
        options={(['pending', 'facts_changed', 'approved', 'rejected', 'suspended'] as const).map((value) => ({ value, label: t(`review.status.${value}`) }))}
      />
      <PagedList query={query} empty={t('review.empty')}>
        {(items) => (
          <>
            {status === 'pending' && items[0] && (
              <Link href={`/admin/review/${items[0].id}`} className={buttonClasses({ className: 'mb-4' })}>
                <Play aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
                {t('review.start')}
              </Link>
            )}
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
              {items.map((item) => (
                <li key={item.id}>
                  <Link href={`/admin/review/${item.id}`} className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-slate-50">
                    <span>
                      <span className="block font-semibold text-slate-900">{item.fullName}</span>
                      <span className="block text-sm text-slate-600">
                        {optionText('locations', item.location)} · {optionListText('industries', item.industries)}
                      </span>
                    </span>
                    <span className="text-end text-sm text-slate-600">
                      {item.lastReviewedValues && status === 'pending' && (
                        <span className="me-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('review.edited')}</span>
                      )}
                      {status === 'facts_changed'
                        ? t('review.factsChangedOn', { when: when(item.factsChangedAt, i18n.language) })
                        : t('review.submitted', { when: when(item.submittedAt, i18n.language) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedList>
    </>
  );
}
