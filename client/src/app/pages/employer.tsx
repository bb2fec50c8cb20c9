// /employers/:slug, for anyone: is this company real (a trade licence our team checked, still running) and can it
// reach job seekers through the product? A job seeker sent a message "from" a company checks here, and reports it.
import { BadgeCheck, Flag, ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { EmployerPage } from '#shared/employers.ts';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { useEmployer } from '@/features/trust/api/get-employer';
import { NoFeesNotice } from '@/features/trust/components/no-fees-notice';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { clsx } from 'clsx';

/** Who issued the licence: an emirate (our catalogue) or a GCC country (its name in the reader's language). */
function useIssuerName() {
  const { t, i18n } = useTranslation('trust');
  return (issuer: string) =>
    issuer.startsWith('AE-') ? t(`issuers.${issuer}`) : (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(issuer) ?? issuer);
}

function EmployerFacts({ employer }: { employer: EmployerPage }) {
  const { t } = useTranslation('trust');
  const issuerName = useIssuerName();
  return (
    <>
      <div className={clsx('mt-6 rounded-xl border p-4', employer.verified ? 'border-brand-200 bg-brand-50 text-brand-950' : 'border-slate-300 bg-slate-50 text-slate-900')} role="status">
        <p className="flex items-center gap-2 font-semibold">
          {employer.verified ? <BadgeCheck aria-hidden="true" className="h-5 w-5" /> : <ShieldQuestion aria-hidden="true" className="h-5 w-5" />}
          {t(employer.verified ? 'employer.verifiedTitle' : 'employer.notVerifiedTitle')}
        </p>
        <p className="mt-1 text-sm">
          {employer.verified && employer.licenceIssuer && employer.licenceExpiresOn
            ? t('employer.verifiedBody', { issuer: issuerName(employer.licenceIssuer), date: formatDate(employer.licenceExpiresOn) })
            : t('employer.notVerifiedBody')}
        </p>
      </div>
      {employer.suspended ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-900">
          {t('employer.suspended')}
        </p>
      ) : (
        <p className="mt-4 text-slate-800">{t(employer.activeSubscription ? 'employer.subscribed' : 'employer.notSubscribed')}</p>
      )}
      <p className="mt-2 text-sm text-slate-600">{t('employer.since', { date: formatDate(employer.memberSince) })}</p>
    </>
  );
}

export default function EmployerPageScreen() {
  const { t } = useTranslation('trust');
  const { slug = '' } = useParams<{ slug: string }>();
  const employer = useEmployer(slug);
  const { user } = useCurrentUser();
  usePageTitle(employer.data?.companyName ?? t('employer.title'));
  if (employer.isPending) return <LoadingScreen />;
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
        {employer.isError ? (
          <div role="alert">
            <h1 className="text-2xl font-bold text-slate-900">{t('employer.title')}</h1>
            <p className="mt-4 text-slate-800">{errorMessage(employer.error, t('employer.notFound'))}</p>
          </div>
        ) : (
          <>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t('employer.title')}</p>
            <h1 className="mt-1 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{employer.data.companyName}</h1>
            <Card className="mt-2 p-5 sm:p-6">
              <EmployerFacts employer={employer.data} />
            </Card>
            <NoFeesNotice className="mt-6" />
            <div className="mt-6">
              {user?.role === 'job_seeker' ? (
                <Link href={`/employers/${employer.data.slug}/report`} className={buttonClasses({ variant: 'outline' })}>
                  <Flag aria-hidden="true" className="h-4 w-4" />
                  {t('employer.reportAction')}
                </Link>
              ) : !user ? (
                <p className="text-sm text-slate-700">
                  <Link href="/login" className="font-semibold text-brand-800 underline underline-offset-2">
                    {t('employer.signInToReport')}
                  </Link>
                </p>
              ) : null}
            </div>
          </>
        )}
      </section>
    </PageShell>
  );
}
