// Contact Sales requests: the open ones first, each with what the company wrote and a "handled" mark for the team.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useSalesRequestList } from '../api/list-sales-requests';
import { useMarkSalesRequestHandled } from '../api/mark-sales-request-handled';
import { FilterTabs, PagedList, when } from './paged-list';

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
              <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">{request.companyName}</p>
                    <p className="text-sm text-slate-700">
                      {request.contactPerson} ·{' '}
                      <a className="underline underline-offset-2" href={`mailto:${request.email}`} dir="ltr">
                        {request.email}
                      </a>{' '}
                      · <span dir="ltr">{request.phone}</span>
                    </p>
                    <p className="text-sm text-slate-700">{t('sales.plan', { plan: company(`plans.${request.plan}`) })}</p>
                  </div>
                  <p className="text-sm text-slate-600">{when(request.createdAt, i18n.language)}</p>
                </div>
                {request.message && <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{request.message}</p>}
                <div className="mt-3">
                  {request.handledAt ? (
                    <span className="text-sm text-slate-600">{t('sales.handledBy', { who: request.handledBy?.email ?? '—', when: when(request.handledAt, i18n.language) })}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={mark.isPending}
                      onClick={() => mark.mutate(request.id, { onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, t('sales.failed')) }) })}
                    >
                      {t('sales.markHandled')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
