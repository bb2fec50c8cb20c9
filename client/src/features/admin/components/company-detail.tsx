// A company for the operations team: details, subscription, invoices, and the actions on them.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useIssueRenewalInvoice } from '../api/issue-renewal-invoice';
import { useSetCompanySuspension } from '../api/set-company-suspension';
import { useVerifyPayment } from '../api/verify-payment';
import type { AdminCompanyDetail } from '#shared/admin.ts';
import { EmployerVerification } from './employer-verification';
import { when } from './paged-list';
import { formatDate, formatMoney } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export function CompanyDetail({ detail }: { detail: AdminCompanyDetail }) {
  const { t, i18n } = useTranslation('admin');
  const { company, invoices } = detail;
  const unpaid = invoices.filter((invoice) => invoice.status === 'issued');
  const [invoiceId, setInvoiceId] = useState(unpaid[0]?.id ?? '');
  const [bankReference, setBankReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  const verify = useVerifyPayment();
  const suspension = useSetCompanySuspension();
  const renewal = useIssueRenewalInvoice();
  const chosen = unpaid.find((invoice) => invoice.id === invoiceId);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('companies.failed'), description: errorMessage(error, t('companies.failed')) });
  const suspended = company.subscriptionStatus === 'suspended';

  return (
    <div className="grid gap-6 xl:grid-cols-5">
      <div className="space-y-6 xl:col-span-3">
        <Card className="p-5">
          <dl className="divide-y divide-slate-100">
            <Row label={t('companies.fields.status')}>{t(`companies.status.${company.subscriptionStatus}`)}</Row>
            <Row label={t('companies.fields.plan')}>{t(`plans.${company.subscriptionPlan}`)}</Row>
            <Row label={t('companies.fields.period')}>{company.subscriptionStartDate ? `${company.subscriptionStartDate} – ${company.subscriptionEndDate}` : '—'}</Row>
            <Row label={t('companies.fields.verified')}>{when(company.paymentVerifiedAt, i18n.language)}</Row>
            <Row label={t('companies.fields.contact')}>{company.contactPerson}</Row>
            <Row label={t('companies.fields.email')}><span dir="ltr">{company.email}</span></Row>
            <Row label={t('companies.fields.phone')}><span dir="ltr">{company.phone}</span></Row>
            <Row label={t('companies.fields.account')}>{`${company.user.email ?? '—'} (${company.user.status})`}</Row>
            <Row label={t('companies.fields.created')}>{when(company.createdAt, i18n.language)}</Row>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 id="company-invoices" className="font-semibold text-slate-900">{t('companies.invoices')}</h2>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="company-invoices">
          <table className="mt-3 w-full min-w-[32rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-start">
                <th scope="col" className="py-2 text-start">{t('companies.invoice.number')}</th>
                <th scope="col" className="py-2 text-start">{t('companies.invoice.period')}</th>
                <th scope="col" className="py-2 text-end">{t('companies.invoice.total')}</th>
                <th scope="col" className="py-2 text-start ps-4">{t('companies.invoice.status')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-slate-100">
                  <td className="py-2">
                    <Link href={`/invoices/${invoice.id}`} className="font-medium text-brand-800 underline underline-offset-2">
                      {invoice.number}
                    </Link>
                  </td>
                  <td className="py-2">{invoice.periodStart} – {invoice.periodEnd}</td>
                  <td className="py-2 text-end">{formatMoney(invoice.totalFils)}</td>
                  <td className="py-2 ps-4">
                    {t(`companies.invoice.statusValue.${invoice.status}`)}
                    {invoice.bankReference && <span className="block text-xs text-slate-600">{invoice.bankReference}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </Card>
      </div>

      <div className="space-y-6 xl:col-span-2">
        <EmployerVerification company={company} />
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('companies.verify.title')}</h2>
          {unpaid.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('companies.verify.none')}</p>
          ) : (
            <form
              className="mt-3 space-y-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (bankReference.trim().length < 3) return setReferenceError(t('companies.verify.referenceRequired'));
                setReferenceError(undefined);
                verify.mutate(
                  { companyId: company.id, invoiceId, bankReference },
                  {
                    onSuccess: () => {
                      setBankReference('');
                      toast({ variant: 'success', title: t('companies.verify.done', { name: company.companyName }) });
                    },
                    onError: failed,
                  },
                );
              }}
            >
              <Field label={t('companies.verify.invoice')}>
                {(ids) => (
                  <Select {...ids} value={invoiceId} onChange={(event) => setInvoiceId(event.currentTarget.value)}>
                    {unpaid.map((invoice) => (
                      <option key={invoice.id} value={invoice.id}>
                        {invoice.number}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {chosen && <p className="rounded-lg bg-slate-50 p-3 text-sm">{ltrValues(t('companies.verify.amount', { amount: formatMoney(chosen.totalFils), number: ltr(chosen.number) }))}</p>}
              {chosen && (
                // What the company said when it pressed "I have paid": to find the transfer in the bank's statement.
                <p role="status" className={chosen.paymentDeclaration ? 'rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900' : 'text-sm text-slate-600'}>
                  {chosen.paymentDeclaration
                    ? ltrValues(
                        t('companies.verify.declared', {
                          date: formatDate(chosen.paymentDeclaration.transferDate),
                          reference: chosen.paymentDeclaration.bankReference
                            ? ltr(chosen.paymentDeclaration.bankReference)
                            : t('companies.verify.noReference'),
                          when: when(chosen.paymentDeclaration.declaredAt, i18n.language),
                        }),
                      )
                    : t('companies.verify.notDeclared')}
                </p>
              )}
              <Field label={t('companies.verify.reference')} required hint={t('companies.verify.referenceHint')} error={referenceError}>
                {(ids) => <Input {...ids} maxLength={100} value={bankReference} onChange={(event) => setBankReference(event.currentTarget.value)} />}
              </Field>
              <Button type="submit" className="w-full" disabled={verify.isPending}>
                {verify.isPending && <Spinner />}
                {t('companies.verify.submit')}
              </Button>
            </form>
          )}
        </Card>
        <Card className="space-y-3 p-5">
          <h2 className="font-semibold text-slate-900">{t('companies.actions')}</h2>
          <Button
            variant="outline"
            className="w-full"
            disabled={renewal.isPending || unpaid.length > 0 || !company.paymentVerifiedAt}
            onClick={() => renewal.mutate(company.id, { onSuccess: ({ invoice }) => toast({ variant: 'success', title: ltrValues(t('companies.renewalIssued', { number: ltr(invoice.number) })) }), onError: failed })}
          >
            {t('companies.issueRenewal')}
          </Button>
          <Button
            variant={suspended ? 'primary' : 'outline'}
            className="w-full"
            disabled={suspension.isPending}
            onClick={() =>
              suspension.mutate(
                { companyId: company.id, suspend: !suspended },
                { onSuccess: () => toast({ variant: 'success', title: suspended ? t('companies.reactivated') : t('companies.suspended') }), onError: failed },
              )
            }
          >
            {suspended ? t('companies.reactivate') : t('companies.suspend')}
          </Button>
        </Card>
      </div>
    </div>
  );
}
