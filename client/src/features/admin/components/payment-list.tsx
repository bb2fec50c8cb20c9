// The invoices awaiting payment, to match against the bank's statement: those the company says it has paid first,
// one search over reference, amount, invoice number and company, and "Verify" on each.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminPayment } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { formatDate, formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { usePaymentList } from '../api/list-payments';
import { PagedList, SearchBox, when } from './paged-list';
import { VerifyPaymentDialog } from './verify-payment-dialog';

export function PaymentList() {
  const { t, i18n } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [verifying, setVerifying] = useState<AdminPayment | null>(null);
  const query = usePaymentList({ q: q || undefined });
  // After a verification the invoice leaves the list with its "Verify" button, where focus would have gone back:
  // it goes to the search instead, for the next line of the statement.
  const searchArea = useRef<HTMLDivElement>(null);
  const [verifiedCount, setVerifiedCount] = useState(0);
  useEffect(() => {
    if (verifiedCount > 0) searchArea.current?.querySelector('input')?.focus();
  }, [verifiedCount]);
  return (
    <>
      <div ref={searchArea}>
        <SearchBox label={t('payments.search')} onSearch={setQ} />
      </div>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{t('payments.order')}</p>
      <PagedList query={query} empty={q ? t('payments.noMatch', { q }) : t('payments.empty')}>
        {(items) => (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {items.map((payment) => {
              const declaration = payment.declaration;
              return (
                <li key={payment.invoiceId} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
                  <div className="min-w-0 flex-1 basis-64 space-y-1">
                    <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <Link href={`/admin/companies/${payment.company.id}`} className="font-semibold text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere]">
                        {payment.company.companyName}
                      </Link>
                      <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(payment.totalFils, payment.currency)}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      {ltrValues(t('payments.invoice', { number: ltr(payment.number), date: when(payment.issuedAt, i18n.language) }))}
                    </p>
                    {declaration ? (
                      <p className="text-sm text-slate-900">
                        <span className="me-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('payments.declared')}</span>
                        {ltrValues(
                          t('payments.declaration', {
                            date: formatDate(declaration.transferDate, 'short'),
                            reference: declaration.bankReference ? ltr(declaration.bankReference) : t('companies.verify.noReference'),
                          }),
                        )}
                      </p>
                    ) : (
                      <p className="text-sm text-slate-600">{t('payments.notDeclared')}</p>
                    )}
                  </div>
                  <Button
                    size="sm"
                    className="w-full sm:w-auto"
                    aria-label={t('payments.verifyLabel', { number: payment.number, company: payment.company.companyName })}
                    onClick={() => setVerifying(payment)}
                  >
                    {t('payments.verify')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
      <VerifyPaymentDialog
        payment={
          verifying && {
            company: verifying.company,
            invoice: { id: verifying.invoiceId, number: verifying.number, totalFils: verifying.totalFils, paymentDeclaration: verifying.declaration },
          }
        }
        onClose={() => setVerifying(null)}
        onVerified={() => {
          setVerifying(null);
          setVerifiedCount((count) => count + 1);
        }}
      />
    </>
  );
}
