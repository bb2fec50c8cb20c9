import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDate } from '@/lib/format';
import { useCompanyList } from '../api/list-companies';
import { FilterTabs, PagedList, SearchBox, when } from './paged-list';

const STATUSES = ['', 'pending_payment', 'active', 'expired', 'suspended'] as const;

export function CompanyList() {
  const { t, i18n } = useTranslation('admin');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending_payment');
  const [q, setQ] = useState('');
  const query = useCompanyList({ status: status || undefined, q: q || undefined });
  return (
    <>
      <FilterTabs label={t('companies.filter')} value={status} onChange={setStatus} options={STATUSES.map((value) => ({ value, label: t(`companies.status.${value || 'all'}`) }))} />
      <SearchBox label={t('companies.search')} onSearch={setQ} />
      <PagedList
        query={query}
        empty={
          // A search finds only within the chosen tab: say so, and offer to look at every company.
          q && status ? (
            <>
              {t('companies.noMatchIn', { q, status: t(`companies.status.${status}`) })}{' '}
              <button type="button" className="font-semibold text-brand-800 underline underline-offset-2" onClick={() => setStatus('')}>
                {t('companies.searchAll')}
              </button>
            </>
          ) : (
            t('companies.empty')
          )
        }
      >
        {(items) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {items.map((company) => (
              <li key={company.id}>
                <Link href={`/admin/companies/${company.id}`} className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-slate-50">
                  <span>
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {company.companyName}
                      {company.openReports > 0 && (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('companies.employer.openReports', { count: company.openReports })}</span>
                      )}
                    </span>
                    <span className="block text-sm text-slate-600">
                      <bdi dir="ltr" className="break-all">{company.email}</bdi> · {t(`plans.${company.subscriptionPlan}`)}
                    </span>
                  </span>
                  <span className="text-end text-sm">
                    <span className="block font-medium text-slate-900">{t(`companies.status.${company.subscriptionStatus}`)}</span>
                    <span className="block text-slate-600">{company.subscriptionEndDate ? t('companies.until', { date: formatDate(company.subscriptionEndDate, 'short') }) : when(company.createdAt, i18n.language)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
