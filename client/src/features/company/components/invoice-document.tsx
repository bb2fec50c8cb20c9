// A UAE tax invoice as it prints: seller with TRN, buyer, the plan and period, amounts in AED with VAT, and the
// bank details with the invoice number as payment reference. Like Gulf tax invoices, it is bilingual: every label in
// English and in Arabic, the reader's of the two first (an Arabic reader's invoice runs right to left).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatAed } from '#shared/constants.ts';
import type { InvoiceView } from '#shared/company.ts';
import { clsx } from 'clsx';

type Language = 'en' | 'ar';

/** A YYYY-MM-DD date in a language: '24 Nov 2026', '24 نوفمبر 2026'. */
function invoiceDate(isoDate: string, language: Language, style: 'long' | 'medium' = 'long'): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}

/** A line of the invoice on a phone: its label over its value. */
function StackedLine({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** A sum on a phone: its label at the start, the amount at the end of the same line. */
function Total({ term, amount, grand = false }: { term: ReactNode; amount: string; grand?: boolean }) {
  return (
    <div className={clsx('flex items-start justify-between gap-4', grand ? 'text-base font-bold' : 'text-slate-700')}>
      <dt>{term}</dt>
      <dd className="whitespace-nowrap" dir="ltr">
        {amount}
      </dd>
    </div>
  );
}

export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { i18n } = useTranslation();
  const first: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const second: Language = first === 'ar' ? 'en' : 'ar';
  const { t: firstT } = useTranslation('company', { lng: first });
  const { t: secondT } = useTranslation('company', { lng: second });

  /** A label in both languages: the first on its line, the second under it, isolated in its own direction. */
  const both = (text: (t: TFunction, language: Language) => string): ReactNode => (
    <>
      <span className="block">{text(firstT, first)}</span>
      <span className="block text-[0.85em] font-normal text-slate-600">
        <bdi lang={second}>{text(secondT, second)}</bdi>
      </span>
    </>
  );
  const label = (key: string, values?: Record<string, unknown>) => both((t) => t(key, values));
  /** The heading of a section below the header ("Bill to", "Pay by"), which the section is labelled by. */
  const sectionHeading = (id: string, key: string) => (
    <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
      {label(key)}
    </h2>
  );

  // Amounts are the same figures in both languages: Latin digits with the currency code, as the bank transfer uses.
  const aed = (fils: number) => `${invoice.currency} ${formatAed(fils)}`;
  const vatPercent = invoice.vatRateBasisPoints / 100;
  const period = (language: Language) => `${invoiceDate(invoice.periodStart, language, 'medium')} – ${invoiceDate(invoice.periodEnd, language, 'medium')}`;
  // Functions: the table and the stacked lines each render their own copy.
  const description = () => both((t) => t('invoice.line', { plan: t(`plans.${invoice.plan}`) }));
  const periods = () => both((_, language) => period(language));
  const linesLabel = `${firstT('invoice.lines')} / ${secondT('invoice.lines')}`;

  return (
    <article
      lang={first}
      dir={first === 'ar' ? 'rtl' : 'ltr'}
      className="invoice rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6">
        <div>
          <p className="text-2xl font-bold">{invoice.seller.name}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{invoice.seller.address}</p>
          <p className="mt-1 text-sm text-slate-700">{label('invoice.trn', { trn: invoice.seller.trn })}</p>
          <p className="text-sm text-slate-700" dir="ltr">
            {invoice.seller.email}
          </p>
        </div>
        <div className="text-end">
          <h1 className="text-2xl font-bold uppercase tracking-wide">{label('invoice.title')}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] items-start justify-end gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{label('invoice.number')}</dt>
            <dd className="font-semibold" dir="ltr">
              {invoice.number}
            </dd>
            <dt className="text-slate-600">{label('invoice.issued')}</dt>
            <dd>{both((_, language) => invoiceDate(invoice.issuedAt.slice(0, 10), language))}</dd>
            <dt className="text-slate-600">{label('invoice.status')}</dt>
            <dd className="font-semibold">{label(`invoiceStatus.${invoice.status}`)}</dd>
          </dl>
        </div>
      </header>

      <section className="mt-6" aria-labelledby="bill-to">
        {sectionHeading('bill-to', 'invoice.billTo')}
        <p className="mt-1 font-semibold">{invoice.buyer.companyName}</p>
        <p className="text-sm text-slate-700">{invoice.buyer.contactPerson}</p>
        <p className="text-sm text-slate-700" dir="ltr">
          {invoice.buyer.email}
        </p>
        <p className="text-sm text-slate-700" dir="ltr">
          {invoice.buyer.phone}
        </p>
        {invoice.buyer.trn && <p className="text-sm text-slate-700">{label('invoice.trn', { trn: invoice.buyer.trn })}</p>}
      </section>

      {/* A table on paper and from a small tablet up; on a phone, where its amounts were cut off in a box that
          scrolled sideways, the same lines stacked as label and value. */}
      <table className="mt-6 hidden w-full text-sm sm:table print:table" aria-label={linesLabel}>
        <thead>
          <tr className="border-b border-slate-300 text-start align-bottom">
            <th scope="col" className="py-2 text-start font-semibold">{label('invoice.description')}</th>
            <th scope="col" className="py-2 text-start font-semibold">{label('invoice.period')}</th>
            <th scope="col" className="py-2 text-end font-semibold">{label('invoice.amount')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200 align-top">
            <td className="py-3">{description()}</td>
            <td className="py-3">{periods()}</td>
            <td className="whitespace-nowrap py-3 text-end" dir="ltr">
              {aed(invoice.subtotalFils)}
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pe-4 pt-3 text-end font-normal text-slate-700">{label('invoice.subtotal')}</th>
            <td className="whitespace-nowrap pt-3 text-end align-top" dir="ltr">{aed(invoice.subtotalFils)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="pe-4 pt-1 text-end font-normal text-slate-700">{label('invoice.vat', { rate: vatPercent })}</th>
            <td className="whitespace-nowrap pt-1 text-end align-top" dir="ltr">{aed(invoice.vatFils)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="pe-4 pt-2 text-end text-base font-bold">{label('invoice.total')}</th>
            <td className="whitespace-nowrap pt-2 text-end align-top text-base font-bold" dir="ltr">{aed(invoice.totalFils)}</td>
          </tr>
        </tfoot>
      </table>
      <section className="mt-6 text-sm sm:hidden print:hidden" aria-label={linesLabel}>
        <dl className="space-y-3 border-y border-slate-300 py-3">
          <StackedLine term={label('invoice.description')}>{description()}</StackedLine>
          <StackedLine term={label('invoice.period')}>{periods()}</StackedLine>
          <StackedLine term={label('invoice.amount')}>
            <span dir="ltr">{aed(invoice.subtotalFils)}</span>
          </StackedLine>
        </dl>
        <dl className="mt-3 space-y-2">
          <Total term={label('invoice.subtotal')} amount={aed(invoice.subtotalFils)} />
          <Total term={label('invoice.vat', { rate: vatPercent })} amount={aed(invoice.vatFils)} />
          <Total term={label('invoice.total')} amount={aed(invoice.totalFils)} grand />
        </dl>
      </section>

      <section className="mt-8 rounded-xl bg-slate-50 p-4 print:bg-transparent print:p-0" aria-labelledby="pay-by">
        {sectionHeading('pay-by', 'invoice.payBy')}
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{label('bank.accountName')}</dt>
          <dd className="font-medium">{invoice.seller.bank.accountName}</dd>
          <dt className="text-slate-600">{label('bank.bankName')}</dt>
          <dd className="font-medium">{invoice.seller.bank.bankName}</dd>
          <dt className="text-slate-600">{label('bank.iban')}</dt>
          <dd className="break-all font-mono font-medium" dir="ltr">{invoice.seller.bank.iban}</dd>
          <dt className="text-slate-600">{label('bank.swift')}</dt>
          <dd className="font-mono font-medium" dir="ltr">{invoice.seller.bank.swift}</dd>
          <dt className="text-slate-600">{label('bank.reference')}</dt>
          <dd className="font-mono font-semibold" dir="ltr">{invoice.number}</dd>
        </dl>
        {invoice.status === 'paid' && invoice.paidAt && (
          <p className="mt-3 text-sm font-semibold text-brand-800">
            {both((t, language) => t('invoice.paidOn', { date: invoiceDate(invoice.paidAt!.slice(0, 10), language) }))}
          </p>
        )}
      </section>
    </article>
  );
}
