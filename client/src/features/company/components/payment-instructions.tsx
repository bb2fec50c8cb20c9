// What to do next on the pending screen: pay the invoice by bank transfer, quoting its number.
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InvoiceSummary } from '#shared/company.ts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';

export function PaymentInstructions({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('company');
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl p-6 sm:p-8">
      <h2 className="text-lg font-semibold text-slate-900">{t('payment.heading')}</h2>
      <ol className="mt-3 list-decimal space-y-2 ps-5 text-slate-700">
        <li>{t('payment.step1', { amount: formatMoney(invoice.totalFils) })}</li>
        <li>{ltrValues(t('payment.step2', { number: ltr(invoice.number) }))}</li>
        <li>{t('payment.step3')}</li>
      </ol>
      <Link href={`/invoices/${invoice.id}`} className={buttonClasses({ className: 'mt-6' })}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {ltrValues(t('payment.viewInvoice', { number: ltr(invoice.number) }))}
      </Link>
    </Card>
  );
}
