// /pending for a company: the next step first. Before it has paid: how to pay (amount, bank details and reference,
// each with a copy button), the invoice, what happens after, and "I have paid". After: that we are verifying it.
import { CheckCircle2, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TIMING } from '#shared/constants.ts';
import type { InvoiceSummary } from '#shared/company.ts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SupportEmailLine } from '@/components/ui/support-email';
import { formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { useInvoice } from '../api/get-invoice';
import { BankTransferDetails, DeclaredPayment, IHavePaidForm } from './invoice-payment';

export function CompanyPending({ invoice: summary }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  const invoice = useInvoice(summary.id);
  const declared = summary.paymentDeclaration;
  const steps = t('pay.after', { returnObjects: true, hours: TIMING.activationHours }) as string[];
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      {declared ? (
        <Card className="p-6 sm:p-8" role="status">
          <CheckCircle2 aria-hidden="true" className="h-10 w-10 text-brand-700" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{t('pay.verifying', { hours: TIMING.activationHours })}</h1>
          <p className="mt-3 text-slate-700">
            <DeclaredPayment invoice={summary} />
          </p>
          <p className="mt-2 text-slate-700">{t('pay.verifyingNext')}</p>
        </Card>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('pay.title')}</h1>
          <p className="mt-2 text-slate-700">{ltrValues(t('pay.intro', { amount: formatMoney(summary.totalFils), number: ltr(summary.number) }))}</p>
        </>
      )}

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('payment.heading')}</h2>
        <div className="mt-2">
          {invoice.data ? <BankTransferDetails invoice={invoice.data} /> : invoice.isError ? <p className="text-slate-700">{t('invoice.loadFailed')}</p> : <Spinner />}
        </div>
        <Link href={`/invoices/${summary.id}`} className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          {ltrValues(t('payment.viewInvoice', { number: ltr(summary.number) }))}
        </Link>
      </Card>

      {/* Once the company has said it paid, the card above says what comes next: these steps begin with a form that
          is no longer there. */}
      {!declared && (
        <>
          <Card className="mt-6 p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t('pay.afterHeading')}</h2>
            <ol className="mt-3 list-decimal space-y-2 ps-5 text-slate-700">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Card>
          <Card className="mt-6 p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t('pay.paidHeading')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('pay.paidIntro')}</p>
            <div className="mt-4">
              <IHavePaidForm invoice={summary} />
            </div>
          </Card>
        </>
      )}

      <SupportEmailLine>{t('pay.questions')}</SupportEmailLine>
    </section>
  );
}
