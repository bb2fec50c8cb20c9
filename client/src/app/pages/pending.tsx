import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { RequestFailed } from '@/components/ui/request-failed';
import { PendingActivation } from '@/features/activation/components/pending-activation';
import { usePageTitle } from '@/hooks/use-page-title';
import { currentUserQuery, useCurrentUser } from '@/lib/auth';
import { useFreshCompanyAccount } from '@/features/company/api/get-company-account';
import { CompanyPending } from '@/features/company/components/company-pending';
import { AwaitedVideo } from '@/features/profile/components/awaited-video';
import { LoadingScreen } from '@/components/ui/spinner';

/** The company's unpaid invoice with what to do about it, or the waiting screen while there is none. */
function CompanyPayment({ submittedAt }: { submittedAt?: string }) {
  const account = useFreshCompanyAccount();
  const queryClient = useQueryClient();
  // Its payment verified since the app learnt who is signed in (a tab left open, the team's check just done): who is
  // signed in is learnt again, and the routes then lead to the dashboard. Until then, nothing says it is under review.
  const paidOnce = account.data !== undefined && account.data.company.subscriptionStatus !== 'pending_payment';
  useEffect(() => {
    if (paidOnce) void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  }, [paidOnce, queryClient]);
  if (account.isError && !account.data) return <RequestFailed retrying={account.isFetching} onRetry={() => void account.refetch()} />;
  if (!account.isFetchedAfterMount || paidOnce) return <LoadingScreen />;
  const unpaid = account.data?.invoices.find((invoice) => invoice.status === 'issued');
  return unpaid ? <CompanyPending invoice={unpaid} /> : <PendingActivation userType="company" submittedAt={submittedAt} />;
}

export default function PendingPage() {
  const { t } = useTranslation('pending');
  usePageTitle(t('title'));
  const { user } = useCurrentUser();
  const company = user?.role === 'company';
  const submittedAt = company ? user?.company?.createdAt : user?.profile?.submittedAt;
  return (
    <PageShell>
      {company ? (
        <CompanyPayment submittedAt={submittedAt} />
      ) : (
        <>
          {/* A profile saved while its video is still on its way: where the video stands comes first. */}
          <div className="mx-auto w-full max-w-2xl px-4 pt-6 empty:hidden">
            <AwaitedVideo awaiting={Boolean(user?.profile?.videoUploadId)} />
          </div>
          <PendingActivation userType="candidate" submittedAt={submittedAt}>
            <Link href="/profile" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
              {t('viewProfile')}
            </Link>
          </PendingActivation>
        </>
      )}
    </PageShell>
  );
}
