// Contact Sales requests: the open ones first, each with what the company wrote and a "handled" mark for the team.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSalesRequestList } from '../api/list-sales-requests';
import { useMarkSalesRequestHandled } from '../api/mark-sales-request-handled';
import { FilterTabs, PagedList, when } from './paged-list';
import { MarkDone, SubmissionItem } from './submission-item';

export function SalesRequestList() {
  const { t, i18n } = useTranslation('admin');
  const { t: company } = useTranslation('company');
  const [handled, setHandled] = useState<'' | 'false' | 'true'>('false');
  const query = useSalesRequestList({ handled: handled || undefined });
  const mark = useMarkSalesRequestHandled();
  return (
    <>
      <FilterTabs
        label={t('sales.filter')}
        value={handled}
        onChange={setHandled}
        options={[
          { value: 'false', label: t('sales.open') },
          { value: 'true', label: t('sales.handled') },
          { value: '', label: t('sales.all') },
        ]}
      />
      <PagedList query={query} empty={t('sales.empty')}>
        {(items) => (
          <ul className="space-y-3">
            {items.map((request) => (
              <SubmissionItem
                key={request.id}
                submission={request}
                footer={
                  <div className="mt-3">
                    <MarkDone mark={mark} id={request.id} label={t('sales.markHandled')} failed={t('sales.failed')}>
                      {request.handledAt && t('sales.handledBy', { who: request.handledBy?.email ?? '—', when: when(request.handledAt, i18n.language) })}
                    </MarkDone>
                  </div>
                }
              >
                <p className="font-semibold text-slate-900">{request.companyName}</p>
                <p className="text-sm text-slate-700">
                  {request.contactPerson} ·{' '}
                  <a className="underline underline-offset-2" href={`mailto:${request.email}`} dir="ltr">
                    {request.email}
                  </a>{' '}
                  · <span dir="ltr">{request.phone}</span>
                </p>
                <p className="text-sm text-slate-700">{t('sales.plan', { plan: company(`plans.${request.plan}`) })}</p>
              </SubmissionItem>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
