import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { CardGridSkeleton, Skeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import { CandidateDatabase } from '@/features/candidates/components/candidate-database';
import { useCompanyAccount } from '@/features/company/api/get-company-account';
import { PlanBadge } from '@/features/company/components/plan-badge';
import { RenewalPanel } from '@/features/company/components/renewal-panel';

export default function DashboardPage() {
  // With the texts of what shows once the company's account has arrived: its plan and renewal, and the database's
  // trades, languages and places. Asked for only then, each hid the page already shown while it loaded.
  const { t } = useTranslation(['candidates', 'options', 'company']);
  usePageTitle(t('title'));
  const account = useCompanyAccount();
  if (account.isPending) {
    return (
      <PageShell>
        <section className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 sm:py-8 lg:px-8">
          <Skeleton className="h-6 w-32" />
          <h1 className="mt-2 text-xl font-bold text-slate-900 sm:mt-3 sm:text-3xl">{t('title')}</h1>
          <Skeleton className="mt-4 h-11 w-full" />
          <CardGridSkeleton />
        </section>
      </PageShell>
    );
  }
  if (!account.data) {
    return (
      <PageShell>
        <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
          <p>{t('error')}</p>
          <Button className="mt-4" onClick={() => void account.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </PageShell>
    );
  }
  if (!account.data.company.hasAccess) {
    return (
      <PageShell>
        <RenewalPanel account={account.data} />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 sm:py-8 lg:px-8">
        <div className="flex items-start justify-between gap-3 sm:gap-4">
          <div className="min-w-0">
            <PlanBadge company={account.data.company} />
            <h1 className="mt-2 text-xl font-bold text-slate-900 sm:mt-3 sm:text-3xl">{t('title')}</h1>
            {/* On phones the first cards come first. */}
            <p className="mt-1 hidden text-slate-700 sm:block">{t('intro')}</p>
          </div>
          <Link href="/dashboard/shortlist" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'shrink-0 sm:h-11 sm:px-5' })}>
            <Bookmark aria-hidden="true" className="h-4 w-4" />
            {/* A phone shows the icon alone; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">{t('shortlistLink')}</span>
          </Link>
        </div>
        <CandidateDatabase />
      </section>
    </PageShell>
  );
}
