// /account for a company: its details, its plan with renewal, its invoices, the account's password and devices, and
// its data (a copy; deleting the account).
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { Card } from '@/components/ui/card';
import { RequestFailed } from '@/components/ui/request-failed';
import { ListSkeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';
import { AccountSecurity } from '@/features/auth/components/account-security';
import { companyAccountQuery, useCompanyAccount } from '@/features/company/api/get-company-account';
import { CompanyDetailsForm } from '@/features/company/components/company-details-form';
import { InvoiceList } from '@/features/company/components/invoice-list';
import { LicenceForm } from '@/features/company/components/licence-form';
import { PlanAndRenewal } from '@/features/company/components/plan-and-renewal';
import { TeamPanel } from '@/features/team/components/team-panel';
import { AccountDataSection } from '@/features/account-data/components/account-data-section';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

export default function AccountPage() {
  // With the texts of its sections (team, the account's data, security, the licence's upload), shown once the company
  // has arrived: asked for only then, each hid the page again while it loaded.
  const { t } = useTranslation(['company', 'team', 'account-data', 'auth', 'uploader']);
  usePageTitle(t('account.title'));
  const { user } = useCurrentUser();
  const account = useCompanyAccount();
  const queryClient = useQueryClient();
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('account.title')}</h1>
        {!account.data ? (
          account.isError ? <RequestFailed retrying={account.isFetching} onRetry={() => void account.refetch()} /> : <ListSkeleton rows={3} />
        ) : (
          <>
            {account.data.billing ? (
              <>
                <Section id="account-plan" title={t('account.planHeading')}>
                  <PlanAndRenewal account={account.data} />
                </Section>
                <Section id="account-invoices" title={t('account.invoices')}>
                  <InvoiceList invoices={account.data.invoices} />
                </Section>
              </>
            ) : (
              <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t('account.billingHidden', { company: account.data.company.companyName })}</p>
            )}
            <Section id="account-team" title={t('account.team')}>
              <TeamPanel myRole={user?.companyRole ?? 'member'} myId={user?.id ?? ''} onChange={() => void queryClient.invalidateQueries(companyAccountQuery)} />
            </Section>
            {account.data.billing && (
              <Section id="account-licence" title={t('licence.title')}>
                <LicenceForm key={account.data.company.id} company={account.data.company} />
              </Section>
            )}
            {account.data.billing && (
              <Section id="account-details" title={t('account.details')}>
                <CompanyDetailsForm key={account.data.company.id} company={account.data.company} />
              </Section>
            )}
            <Section id="account-security" title={t('account.security')}>
              <AccountSecurity hasPassword={user?.hasPassword ?? true} />
            </Section>
            <AccountDataSection returnTo="/account" />
          </>
        )}
      </section>
    </PageShell>
  );
}
