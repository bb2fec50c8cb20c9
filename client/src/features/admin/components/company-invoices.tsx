// A company's invoices in the console. From a small tablet up they are a table; on a phone, where its four columns
// were cut off in a box that scrolled sideways, each invoice is a list item of label–value lines.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InvoiceView } from '#shared/company.ts';
import { formatDateRange, formatMoney } from '@/lib/format';

export function CompanyInvoices({ invoices, labelledBy }: { invoices: InvoiceView[]; labelledBy: string }) {
  const { t } = useTranslation('admin');
  // The number reads left to right, whole: broken at a hyphen it read '-INV-2026' / '000002' in Arabic.
  const number = (invoice: InvoiceView) => (
    <Link href={`/invoices/${invoice.id}`} dir="ltr" className="whitespace-nowrap font-medium text-brand-800 underline underline-offset-2">
      {invoice.number}
    </Link>
  );
  const status = (invoice: InvoiceView) => (
    <>
      {t(`companies.invoice.statusValue.${invoice.status}`)}
      {invoice.bankReference && (
        <span className="block text-xs text-slate-600">
          <bdi dir="ltr" className="[overflow-wrap:anywhere]">{invoice.bankReference}</bdi>
        </span>
      )}
    </>
  );
  return (
    <>
      <table className="mt-3 hidden w-full text-sm sm:table" aria-labelledby={labelledBy}>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 text-start">{t('companies.invoice.number')}</th>
            <th scope="col" className="py-2 text-start">{t('companies.invoice.period')}</th>
            <th scope="col" className="py-2 text-end">{t('companies.invoice.total')}</th>
            <th scope="col" className="py-2 ps-4 text-start">{t('companies.invoice.status')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-b border-slate-100">
              <td className="py-2 pe-4">{number(invoice)}</td>
              <td className="py-2">{formatDateRange(invoice.periodStart, invoice.periodEnd)}</td>
              <td className="whitespace-nowrap py-2 text-end">{formatMoney(invoice.totalFils)}</td>
              <td className="py-2 ps-4">{status(invoice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 divide-y divide-slate-100 text-sm sm:hidden" aria-labelledby={labelledBy}>
        {invoices.map((invoice) => (
          <li key={invoice.id} className="py-3">
            {number(invoice)}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-slate-600">{t('companies.invoice.period')}</dt>
              <dd>{formatDateRange(invoice.periodStart, invoice.periodEnd)}</dd>
              <dt className="text-slate-600">{t('companies.invoice.total')}</dt>
              <dd>{formatMoney(invoice.totalFils)}</dd>
              <dt className="text-slate-600">{t('companies.invoice.status')}</dt>
              <dd>{status(invoice)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
