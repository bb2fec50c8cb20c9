// A renewal invoice waiting for payment, on /account where the renewal e-mail leads: what paying it changes, how to
// pay it and "I have paid". The invoice's period starts the day after the current one ends (or the day it was issued,
// once access had ended), and the server moves the end when the payment is verified.
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TIMING } from '#shared/constants.ts';
import type { CompanyView, InvoiceSummary } from '#shared/company.ts';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { useInvoice } from '../api/get-invoice';
import { BankTransferDetails, DeclaredPayment, IHavePaidForm } from './invoice-payment';

export function RenewalPayment({ company, invoice: summary }: { company: CompanyView; invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  const invoice = useInvoice(summary.id);
  const declared = summary.paymentDeclaration;
  const hours = TIMING.activationHours;
  const lastDay = company.hasAccess && company.subscriptionEndDate ? formatDate(company.subscriptionEndDate) : null;
  const plan = t(`plans.${summary.plan}`);
  const periodEnd = formatDate(summary.periodEnd);
  return (
    <div className="space-y-5 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{ltrValues(t('renewal.unpaid', { number: ltr(summary.number) }))}</h3>
        <p className="text-slate-700">
          {lastDay
            ? t('renewal.goesOn', { lastDay, plan, periodStart: formatDate(summary.periodStart), periodEnd })
            : t('renewal.opensAgain', { plan, periodEnd })}
        </p>
        {declared ? (
          <div role="status" className="space-y-1 text-slate-700">
            <p className="font-semibold text-slate-900">{t('pay.verifying', { hours })}</p>
            <p>
              <DeclaredPayment invoice={summary} />
            </p>
          </div>
        ) : (
          <p className="text-slate-700">
            {ltrValues(t('renewal.payIntro', { amount: formatMoney(summary.totalFils), number: ltr(summary.number) }))}
            {lastDay && ` ${t('renewal.payEarly', { hours, lastDay })}`}
          </p>
        )}
      </div>

      <div>
        <h4 className="font-semibold text-slate-900">{t('payment.heading')}</h4>
        <div className="mt-1">
          {invoice.data ? <BankTransferDetails invoice={invoice.data} /> : invoice.isError ? <p className="text-slate-700">{t('invoice.loadFailed')}</p> : <Spinner />}
        </div>
        <Link href={`/invoices/${summary.id}`} className={buttonClasses({ variant: 'outline', className: 'mt-3' })}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          {ltrValues(t('payment.viewInvoice', { number: ltr(summary.number) }))}
        </Link>
      </div>

      {!declared && (
        <div>
          <h4 className="font-semibold text-slate-900">{t('pay.paidHeading')}</h4>
          <p className="mt-1 text-sm text-slate-600">{t('pay.paidIntro')}</p>
          <div className="mt-3">
            <IHavePaidForm invoice={summary} />
          </div>
        </div>
      )}
    </div>
  );
}
