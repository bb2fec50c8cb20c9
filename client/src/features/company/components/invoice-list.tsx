// The company's invoices, newest first: each opens the printable tax invoice.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InvoiceSummary } from '#shared/company.ts';
import { formatDate, formatMoney } from '@/lib/format';
import { clsx } from 'clsx';

export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  const { t } = useTranslation('company');
  if (invoices.length === 0) return <p className="text-slate-600">{t('account.noInvoices')}</p>;
  return (
    <div className="-mx-5 overflow-x-auto px-5" tabIndex={0} role="region" aria-label={t('account.invoiceTable')}>
      <table className="w-full min-w-[32rem] text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 text-start font-medium">{t('invoice.number')}</th>
            <th scope="col" className="py-2 text-start font-medium">{t('invoice.period')}</th>
            <th scope="col" className="py-2 text-end font-medium">{t('invoice.total')}</th>
            <th scope="col" className="py-2 ps-4 text-start font-medium">{t('invoice.status')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-b border-slate-100">
              <td className="py-2.5">
                <Link href={`/invoices/${invoice.id}`} className="font-medium text-brand-800 underline underline-offset-2" dir="ltr">
                  {invoice.number}
                </Link>
              </td>
              <td className="py-2.5">
                {formatDate(invoice.periodStart, 'short')} – {formatDate(invoice.periodEnd, 'short')}
              </td>
              <td className="py-2.5 text-end tabular-nums">{formatMoney(invoice.totalFils)}</td>
              <td className="py-2.5 ps-4">
                <span
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    invoice.status === 'paid' ? 'bg-brand-50 text-brand-900' : invoice.status === 'issued' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  {t(`invoiceStatus.${invoice.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
