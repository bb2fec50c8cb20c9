// The company's invoices, newest first: each opens the printable tax invoice. From a tablet up they are a table; on
// a phone, where the table's Total and Status were cut off in a box that scrolled sideways, each invoice is a list
// item of label–value lines.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InvoiceSummary } from '#shared/company.ts';
import { formatDateRange, formatMoney } from '@/lib/format';
import { clsx } from 'clsx';

export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  const { t } = useTranslation('company');
  if (invoices.length === 0) return <p className="text-slate-600">{t('account.noInvoices')}</p>;
  const number = (invoice: InvoiceSummary) => (
    <Link href={`/invoices/${invoice.id}`} className="whitespace-nowrap font-medium text-brand-800 underline underline-offset-2" dir="ltr">
      {invoice.number}
    </Link>
  );
  const status = (invoice: InvoiceSummary) => (
    <span
      className={clsx(
        'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        invoice.status === 'paid' ? 'bg-brand-50 text-brand-900' : invoice.status === 'issued' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      {t(`invoiceStatus.${invoice.status}`)}
    </span>
  );
  return (
    <>
      <table className="hidden w-full text-sm md:table" aria-label={t('account.invoiceTable')}>
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
              <td className="py-2.5 pe-4">{number(invoice)}</td>
              <td className="py-2.5">{formatDateRange(invoice.periodStart, invoice.periodEnd)}</td>
              <td className="whitespace-nowrap py-2.5 text-end tabular-nums">{formatMoney(invoice.totalFils)}</td>
              <td className="py-2.5 ps-4">{status(invoice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 text-sm md:hidden" aria-label={t('account.invoiceTable')}>
        {invoices.map((invoice) => (
          <li key={invoice.id} className="py-3 first:pt-0">
            {number(invoice)}
            <dl className="mt-1 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1">
              <dt className="text-slate-600">{t('invoice.period')}</dt>
              <dd>{formatDateRange(invoice.periodStart, invoice.periodEnd)}</dd>
              <dt className="text-slate-600">{t('invoice.total')}</dt>
              <dd className="tabular-nums">{formatMoney(invoice.totalFils)}</dd>
              <dt className="text-slate-600">{t('invoice.status')}</dt>
              <dd>{status(invoice)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
