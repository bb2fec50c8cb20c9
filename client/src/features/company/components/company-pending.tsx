// /pending for a company: the next step first. Before it has paid: how to pay (amount, bank details and reference,
// each with a copy button), the invoice, what happens after, and "I have paid". After: that we are verifying it.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Copy, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { TIMING } from '#shared/constants.ts';
import { declarePaymentSchema, type InvoiceSummary, type InvoiceView } from '#shared/company.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SupportEmailLine } from '@/components/ui/support-email';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatMoney } from '@/lib/format';
import { translateValidation } from '@/lib/validation-message';
import { useDeclarePayment } from '../api/declare-payment';
import { useInvoice } from '../api/get-invoice';
import { ltr, ltrValues } from '@/lib/ltr-values';

/** Today in the Gulf (UTC+4), as a date input wants it. */
const gulfToday = () => new Date(Date.now() + 4 * 3600 * 1000).toISOString().slice(0, 10);

function CopyRow({ label, value, display }: { label: string; value: string; display?: string }) {
  const { t } = useTranslation('company');
  return (
    <div className="py-2.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-all font-semibold text-slate-900" dir="ltr">
          {display ?? value}
        </span>
        <Button
        size="sm"
        variant="outline"
        aria-label={t('pay.copy', { what: label })}
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => toast({ variant: 'success', title: t('pay.copied', { what: label }) }),
            () => toast({ variant: 'destructive', title: t('pay.copyFailed') }),
          )
        }
      >
          <Copy aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">{t('pay.copyShort')}</span>
        </Button>
      </dd>
    </div>
  );
}

function HowToPay({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation('company');
  const bank = invoice.seller.bank;
  return (
    <dl className="divide-y divide-slate-100">
      <CopyRow label={t('pay.amount')} value={(invoice.totalFils / 100).toFixed(2)} display={formatMoney(invoice.totalFils)} />
      <CopyRow label={t('bank.reference')} value={invoice.number} />
      <CopyRow label={t('bank.iban')} value={bank.iban} />
      <CopyRow label={t('bank.accountName')} value={bank.accountName} />
      <CopyRow label={t('bank.bankName')} value={bank.bankName} />
      <CopyRow label={t('bank.swift')} value={bank.swift} />
    </dl>
  );
}

function IHavePaid({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  const declare = useDeclarePayment({
    onSuccess: () => toast({ variant: 'success', title: t('pay.declaredToast') }),
    onError: (error) => toast({ variant: 'destructive', title: t('pay.declareFailed'), description: errorMessage(error, t('pay.declareFailed')) }),
  });
  const form = useForm<z.input<typeof declarePaymentSchema>, unknown, z.output<typeof declarePaymentSchema>>({
    resolver: zodResolver(declarePaymentSchema),
    defaultValues: { transferDate: gulfToday(), bankReference: '' },
  });
  const { errors } = form.formState;
  const message = (m?: string) => translateValidation(t, m);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => declare.mutate({ invoiceId: invoice.id, ...values }))(event)
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="payment-transfer-date" label={t('pay.transferDate')} required error={message(errors.transferDate?.message)}>
          {(ids) => <Input {...ids} type="date" max={gulfToday()} {...form.register('transferDate')} />}
        </Field>
        <Field id="payment-bank-reference" label={<>{t('pay.bankReference')} <span className="font-normal text-slate-600">{t('onboarding.optional')}</span></>} hint={t('pay.bankReferenceHint')} error={message(errors.bankReference?.message)}>
          {(ids) => <Input {...ids} maxLength={100} {...form.register('bankReference')} />}
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={declare.isPending}>
        {declare.isPending && <Spinner />}
        {t('pay.iHavePaid')}
      </Button>
    </form>
  );
}

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
            {ltrValues(
              t('pay.declared', {
                date: formatDate(declared.transferDate),
                number: ltr(summary.number),
                reference: declared.bankReference ? ltr(declared.bankReference) : t('pay.noReference'),
              }),
            )}
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
          {invoice.data ? <HowToPay invoice={invoice.data} /> : invoice.isError ? <p className="text-slate-700">{t('invoice.loadFailed')}</p> : <Spinner />}
        </div>
        <Link href={`/invoices/${summary.id}`} className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          {ltrValues(t('payment.viewInvoice', { number: ltr(summary.number) }))}
        </Link>
      </Card>

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('pay.afterHeading')}</h2>
        <ol className="mt-3 list-decimal space-y-2 ps-5 text-slate-700">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>

      {!declared && (
        <Card className="mt-6 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('pay.paidHeading')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('pay.paidIntro')}</p>
          <div className="mt-4">
            <IHavePaid invoice={summary} />
          </div>
        </Card>
      )}

      <SupportEmailLine>{t('pay.questions')}</SupportEmailLine>
    </section>
  );
}
