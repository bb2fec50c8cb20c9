// /profile: the companies the job seeker blocked, with Unblock, and a search of verified employers by name to block
// one that has not looked at the profile yet (a company a scammer pretends to be, say).
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYER_SEARCH_MAX } from '#shared/employers.ts';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { formatDaysAgo } from '@/lib/format';
import { useBlockedCompanies } from '../api/get-blocked-companies';
import { useEmployerSearch } from '../api/search-employers';
import { CompanyActions } from './company-actions';
import { VerifiedBadge } from './verified-badge';

function EmployerSearch() {
  const { t } = useTranslation('trust');
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useEmployerSearch(deferred);
  const results = 'blocks-results';
  return (
    <div className="mt-4">
      <Field id="blocks-search" label={t('blocks.searchLabel')} hint={t('blocks.searchHint')}>
        {(ids) => <Input {...ids} type="search" maxLength={EMPLOYER_SEARCH_MAX} value={q} onChange={(event) => setQ(event.currentTarget.value)} aria-controls={results} autoComplete="off" />}
      </Field>
      <div id={results} aria-live="polite">
        {deferred.length >= 2 &&
          (found.isPending ? (
            <Spinner className="mt-3" />
          ) : found.data && found.data.items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('blocks.noMatch')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {found.data?.items.map((employer) => (
                <li key={employer.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {employer.companyName} <VerifiedBadge verified />
                  </span>
                  <CompanyActions company={{ companyId: employer.id, companyName: employer.companyName, slug: employer.slug, blocked: employer.blocked }} />
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

export function BlockedCompanies() {
  const { t } = useTranslation('trust');
  const blocks = useBlockedCompanies();
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{t('blocks.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('blocks.intro')}</p>
      {blocks.isPending ? (
        <Spinner className="mt-4" />
      ) : !blocks.data || blocks.data.items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('blocks.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {blocks.data.items.map((company) => (
            <li key={company.companyId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {company.companyName} <VerifiedBadge verified={company.verified} />
                </p>
                <p className="text-sm text-slate-600">{t('blocks.since', { when: formatDaysAgo(company.blockedAt) })}</p>
              </div>
              <CompanyActions company={{ ...company, blocked: true }} />
            </li>
          ))}
        </ul>
      )}
      <EmployerSearch />
    </div>
  );
}
