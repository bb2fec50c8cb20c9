// Paying an invoice by bank transfer, the same for the first invoice (/pending) and a renewal (/account): the
// amount and bank details, each with a copy button, and "I have paid" with the day of the transfer.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { declarePaymentSchema, earliestTransferDate, type InvoiceSummary, type InvoiceView } from '#shared/company.ts';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { translateValidation } from '@/lib/validation-message';
import { useDeclarePayment } from '../api/declare-payment';

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

/** The amount and where to send it, the invoice number as the reference. */
export function BankTransferDetails({ invoice }: { invoice: InvoiceView }) {
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

/** What the company said when it pressed "I have paid". */
export function DeclaredPayment({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  const declared = invoice.paymentDeclaration;
  if (!declared) return null;
  return (
    <>
      {ltrValues(
        t('pay.declared', {
          date: formatDate(declared.transferDate),
          number: ltr(invoice.number),
          reference: declared.bankReference ? ltr(declared.bankReference) : t('pay.noReference'),
        }),
      )}
    </>
  );
}

type Fields = z.input<typeof declarePaymentSchema>;

export function IHavePaidForm({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  const form = useForm<Fields, unknown, z.output<typeof declarePaymentSchema>>({
    resolver: zodResolver(declarePaymentSchema),
    defaultValues: { transferDate: gulfToday(), bankReference: '' },
  });
  const declare = useDeclarePayment({
    onSuccess: () => toast({ variant: 'success', title: t('pay.declaredToast') }),
    onError: (error) => {
      // A refused field is said beside it; anything else (no connection, the server failing) in a toast.
      const refused = error instanceof ApiError ? fieldsRefused(error) : [];
      for (const [field, message] of refused) form.setError(field, { message }, { shouldFocus: true });
      if (refused.length === 0) toast({ variant: 'destructive', title: t('pay.declareFailed'), description: errorMessage(error, t('pay.declareFailed')) });
    },
  });
  const sendOnce = useSendOnce();
  const send = (values: z.output<typeof declarePaymentSchema>) => sendOnce(() => declare.mutateAsync({ invoiceId: invoice.id, ...values }));
  const { errors } = form.formState;
  const message = (m?: string) => translateValidation(t, m);
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(send)(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="payment-transfer-date" label={t('pay.transferDate')} required error={message(errors.transferDate?.message)}>
          {(ids) => <Input {...ids} type="date" min={earliestTransferDate(new Date(invoice.issuedAt))} max={gulfToday()} {...form.register('transferDate')} />}
        </Field>
        <Field
          id="payment-bank-reference"
          label={
            <>
              {t('pay.bankReference')} <span className="font-normal text-slate-600">{t('onboarding.optional')}</span>
            </>
          }
          hint={t('pay.bankReferenceHint')}
          error={message(errors.bankReference?.message)}
        >
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

/** The fields of the form the server refused, with what it said of each (a date to come, or one before the invoice, is
 *  judged by the server). */
function fieldsRefused(error: ApiError): [keyof Fields, string][] {
  if (error.code === 'invoice.transfer_in_future' || error.code === 'invoice.transfer_before_invoice') return [['transferDate', errorMessage(error, error.message)]];
  const fields = error.code === 'common.invalid_input' ? (error.fields ?? {}) : {};
  return (['transferDate', 'bankReference'] as const).filter((name) => fields[name]).map((name) => [name, fields[name]!]);
}
