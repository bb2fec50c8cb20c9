import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { PendingActivation } from '@/features/activation/components/pending-activation';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';
import { useCompanyAccount } from '@/features/company/api/get-company-account';
import { PaymentInstructions } from '@/features/company/components/payment-instructions';

/** The company's unpaid invoice with what to do about it. */
function CompanyPayment() {
  const account = useCompanyAccount();
  const unpaid = account.data?.invoices.find((invoice) => invoice.status === 'issued');
  return unpaid ? <PaymentInstructions invoice={unpaid} /> : null;
}

export default function PendingPage() {
  const { t } = useTranslation('pending');
  usePageTitle(t('title'));
  const { user } = useCurrentUser();
  const company = user?.role === 'company';
  const submittedAt = company ? user?.company?.createdAt : user?.profile?.submittedAt;
  return (
    <PageShell>
      <PendingActivation userType={company ? 'company' : 'candidate'} submittedAt={submittedAt}>
        {!company && (
          <Link href="/profile" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
            {t('viewProfile')}
          </Link>
        )}
      </PendingActivation>
      {company && (
        <div className="px-4 pb-12">
          <CompanyPayment />
        </div>
      )}
    </PageShell>
  );
}
