// "Verify and activate": the admin has found the transfer on the bank statement. The reference starts as the one the
// company gave when it said it paid, and a different one typed in is pointed out (the bank's line may still be right,
// so it does not stop the admin).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceLetters, type PaymentDeclaration } from '#shared/company.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { useVerifyPayment } from '../api/verify-payment';
import { when } from './paged-list';

/** An invoice awaiting payment, as the form needs it. */
export interface PayableInvoice {
  id: string;
  number: string;
  totalFils: number;
  paymentDeclaration: PaymentDeclaration | null;
}

export function VerifyPaymentForm({
  company,
  invoices,
  onVerified,
}: {
  company: { id: string; companyName: string };
  /** The company's invoices awaiting payment; the first one is chosen at first. */
  invoices: PayableInvoice[];
  onVerified?: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const warningId = `verify-${company.id}-warning`;
  const [invoiceId, setInvoiceId] = useState(invoices[0]?.id ?? '');
  const chosen = invoices.find((invoice) => invoice.id === invoiceId) ?? invoices[0];
  const declaredReference = chosen?.paymentDeclaration?.bankReference ?? '';
  const [bankReference, setBankReference] = useState(declaredReference);
  const [referenceError, setReferenceError] = useState<string>();
  const verify = useVerifyPayment();
  const sendOnce = useSendOnce();
  if (!chosen) return null;
  const differs = declaredReference !== '' && bankReference.trim() !== '' && referenceLetters(bankReference) !== referenceLetters(declaredReference);
  const declaration = chosen.paymentDeclaration;

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (bankReference.trim().length < 3) return setReferenceError(t('companies.verify.referenceRequired'));
        setReferenceError(undefined);
        void sendOnce(() =>
          verify.mutateAsync(
            { companyId: company.id, invoiceId: chosen.id, bankReference: bankReference.trim() },
            {
              onSuccess: () => {
                toast({ variant: 'success', title: t('companies.verify.done', { name: company.companyName }) });
                onVerified?.();
              },
              onError: (error) => toast({ variant: 'destructive', title: t('companies.failed'), description: errorMessage(error, t('companies.failed')) }),
            },
          ),
        );
      }}
    >
      {invoices.length > 1 && (
        <Field id={`verify-${company.id}-invoice`} label={t('companies.verify.invoice')}>
          {(ids) => (
            <Select
              {...ids}
              value={chosen.id}
              onChange={(event) => {
                const next = invoices.find((invoice) => invoice.id === event.currentTarget.value);
                setInvoiceId(event.currentTarget.value);
                // Another invoice: start again from what the company said about that one.
                setBankReference(next?.paymentDeclaration?.bankReference ?? '');
                setReferenceError(undefined);
              }}
            >
              {invoices.map((invoice) => (
                <option key={invoice.id} value={invoice.id}>
                  {invoice.number}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <p className="rounded-lg bg-slate-50 p-3 text-sm">{ltrValues(t('companies.verify.amount', { amount: formatMoney(chosen.totalFils), number: ltr(chosen.number) }))}</p>
      {/* What the company said when it pressed "I have paid": to find the transfer in the bank's statement. */}
      <p className={declaration ? 'rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900' : 'text-sm text-slate-600'}>
        {declaration
          ? ltrValues(
              t('companies.verify.declared', {
                date: formatDate(declaration.transferDate),
                reference: declaration.bankReference ? ltr(declaration.bankReference) : t('companies.verify.noReference'),
                when: when(declaration.declaredAt, i18n.language),
              }),
            )
          : t('companies.verify.notDeclared')}
      </p>
      <Field id={`verify-${company.id}-reference`} label={t('companies.verify.reference')} required hint={declaredReference ? t('companies.verify.referencePrefilled') : t('companies.verify.referenceHint')} error={referenceError}>
        {(ids) => (
          <Input
            {...ids}
            aria-describedby={[ids['aria-describedby'], differs ? warningId : undefined].filter(Boolean).join(' ') || undefined}
            dir="ltr"
            className="text-start"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={bankReference}
            onChange={(event) => setBankReference(event.currentTarget.value)}
          />
        )}
      </Field>
      {/* Announced as it appears; a warning only: the statement's line may be written differently. */}
      <div aria-live="polite">
        {differs && (
          <p id={warningId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {ltrValues(t('companies.verify.referenceDiffers', { reference: ltr(declaredReference) }))}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Spinner />}
        {t('companies.verify.submit')}
      </Button>
    </form>
  );
}
