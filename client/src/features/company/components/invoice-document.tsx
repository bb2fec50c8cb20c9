// A UAE tax invoice as it prints: seller with TRN, buyer, the plan and period, amounts in AED with VAT, and the
// bank details with the invoice number as payment reference.
import { useTranslation } from 'react-i18next';
import { formatAed } from '#shared/constants.ts';
import type { InvoiceView } from '#shared/company.ts';
import { formatDate } from '@/lib/format';

export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation('company');
  const aed = (fils: number) => `${invoice.currency} ${formatAed(fils)}`;
  const vatPercent = invoice.vatRateBasisPoints / 100;
  return (
    <article className="invoice rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none">
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6">
        <div>
          <p className="text-2xl font-bold">{invoice.seller.name}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{invoice.seller.address}</p>
          <p className="mt-1 text-sm text-slate-700">{t('invoice.trn', { trn: invoice.seller.trn })}</p>
          <p className="text-sm text-slate-700">{invoice.seller.email}</p>
        </div>
        <div className="text-end">
          <h1 className="text-2xl font-bold uppercase tracking-wide">{t('invoice.title')}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('invoice.number')}</dt>
            <dd className="font-semibold">{invoice.number}</dd>
            <dt className="text-slate-600">{t('invoice.issued')}</dt>
            <dd>{formatDate(invoice.issuedAt.slice(0, 10))}</dd>
            <dt className="text-slate-600">{t('invoice.status')}</dt>
            <dd className="font-semibold">{t(`invoiceStatus.${invoice.status}`)}</dd>
          </dl>
        </div>
      </header>

      <section className="mt-6" aria-labelledby="bill-to">
        <h2 id="bill-to" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('invoice.billTo')}
        </h2>
        <p className="mt-1 font-semibold">{invoice.buyer.companyName}</p>
        <p className="text-sm text-slate-700">{invoice.buyer.contactPerson}</p>
        <p className="text-sm text-slate-700">{invoice.buyer.email}</p>
        <p className="text-sm text-slate-700" dir="ltr">
          {invoice.buyer.phone}
        </p>
      </section>

      {/* On a phone the table scrolls sideways; the region can take focus so keyboards can scroll it too. */}
      <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label={t('invoice.lines')}>
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-start">
              <th scope="col" className="py-2 text-start font-semibold">{t('invoice.description')}</th>
              <th scope="col" className="py-2 text-start font-semibold">{t('invoice.period')}</th>
              <th scope="col" className="py-2 text-end font-semibold">{t('invoice.amount')}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <td className="py-3">{t('invoice.line', { plan: t(`plans.${invoice.plan}`) })}</td>
              <td className="py-3">
                {formatDate(invoice.periodStart, 'short')} – {formatDate(invoice.periodEnd, 'short')}
              </td>
              <td className="py-3 text-end">{aed(invoice.subtotalFils)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 text-end font-normal text-slate-700">{t('invoice.subtotal')}</th>
              <td className="pt-3 text-end">{aed(invoice.subtotalFils)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2} className="pt-1 text-end font-normal text-slate-700">{t('invoice.vat', { rate: vatPercent })}</th>
              <td className="pt-1 text-end">{aed(invoice.vatFils)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2} className="pt-2 text-end text-base font-bold">{t('invoice.total')}</th>
              <td className="pt-2 text-end text-base font-bold">{aed(invoice.totalFils)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <section className="mt-8 rounded-xl bg-slate-50 p-4 print:bg-transparent print:p-0" aria-labelledby="pay-by">
        <h2 id="pay-by" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('invoice.payBy')}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{t('bank.accountName')}</dt>
          <dd className="font-medium">{invoice.seller.bank.accountName}</dd>
          <dt className="text-slate-600">{t('bank.bankName')}</dt>
          <dd className="font-medium">{invoice.seller.bank.bankName}</dd>
          <dt className="text-slate-600">{t('bank.iban')}</dt>
          <dd className="break-all font-mono font-medium" dir="ltr">{invoice.seller.bank.iban}</dd>
          <dt className="text-slate-600">{t('bank.swift')}</dt>
          <dd className="font-mono font-medium" dir="ltr">{invoice.seller.bank.swift}</dd>
          <dt className="text-slate-600">{t('bank.reference')}</dt>
          <dd className="font-mono font-semibold">{invoice.number}</dd>
        </dl>
        {invoice.status === 'paid' && invoice.paidAt && (
          <p className="mt-3 text-sm font-semibold text-brand-800">{t('invoice.paidOn', { date: formatDate(invoice.paidAt.slice(0, 10)) })}</p>
        )}
      </section>
    </article>
  );
}
