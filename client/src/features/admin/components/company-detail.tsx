// A company for the operations team: details, subscription, invoices, and the actions on them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useIssueRenewalInvoice } from '../api/issue-renewal-invoice';
import { useSetCompanySuspension } from '../api/set-company-suspension';
import type { AdminCompanyDetail } from '#shared/admin.ts';
import { CompanyInvoices } from './company-invoices';
import { EmployerVerification } from './employer-verification';
import { when } from './paged-list';
import { VerifyPaymentForm } from './verify-payment-form';
import { formatDateRange } from '@/lib/format';
import { ltr, ltrValues } from '@/lib/ltr-values';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function CompanyDetail({ detail }: { detail: AdminCompanyDetail }) {
  const { t, i18n } = useTranslation('admin');
  const { company, invoices } = detail;
  const unpaid = invoices.filter((invoice) => invoice.status === 'issued');
  const suspension = useSetCompanySuspension();
  const renewal = useIssueRenewalInvoice();
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('companies.failed'), description: errorMessage(error, t('companies.failed')) });
  const suspended = company.subscriptionStatus === 'suspended';

  return (
    // One column on a phone whose width the content cannot push out.
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
      <div className="min-w-0 space-y-6 xl:col-span-3">
        <Card className="p-5">
          <dl className="divide-y divide-slate-100">
            <Row label={t('companies.fields.status')}>{t(`companies.status.${company.subscriptionStatus}`)}</Row>
            <Row label={t('companies.fields.plan')}>{t(`plans.${company.subscriptionPlan}`)}</Row>
            <Row label={t('companies.fields.period')}>{company.subscriptionStartDate && company.subscriptionEndDate ? formatDateRange(company.subscriptionStartDate, company.subscriptionEndDate) : '—'}</Row>
            <Row label={t('companies.fields.verified')}>{when(company.paymentVerifiedAt, i18n.language)}</Row>
            <Row label={t('companies.fields.contact')}>{company.contactPerson}</Row>
            <Row label={t('companies.fields.email')}><span dir="ltr">{company.email}</span></Row>
            <Row label={t('companies.fields.phone')}><span dir="ltr">{company.phone}</span></Row>
            <Row label={t('companies.fields.account')}>{ltrValues(t('companies.accountValue', { email: company.user.email ? ltr(company.user.email) : '—', status: t(`users.status.${company.user.status}`) }))}</Row>
            <Row label={t('companies.fields.created')}>{when(company.createdAt, i18n.language)}</Row>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 id="company-invoices" className="font-semibold text-slate-900">{t('companies.invoices')}</h2>
          <CompanyInvoices invoices={invoices} labelledBy="company-invoices" />
        </Card>
      </div>

      <div className="min-w-0 space-y-6 xl:col-span-2">
        <EmployerVerification company={company} />
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('companies.verify.title')}</h2>
          {unpaid.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('companies.verify.none')}</p>
          ) : (
            <div className="mt-3">
              {/* A new set of unpaid invoices (one verified, a renewal issued) starts the form again. */}
              <VerifyPaymentForm key={unpaid.map((invoice) => invoice.id).join()} company={company} invoices={unpaid} />
            </div>
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
