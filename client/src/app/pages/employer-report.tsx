// /employers/:slug/report (job seekers): what happened with this company, for our team.
import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { useEmployer } from '@/features/trust/api/get-employer';
import { NoFeesNotice } from '@/features/trust/components/no-fees-notice';
import { ReportForm } from '@/features/trust/components/report-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';

export default function EmployerReportPage() {
  // The report form's texts, its screenshot field's among them, arrive with the page: a part that asked for its own
  // later would put the page's outline back in its place while they came.
  const { t } = useTranslation(['trust', 'uploader']);
  usePageTitle(t('reportForm.title'));
  const { slug = '' } = useParams<{ slug: string }>();
  const employer = useEmployer(slug);
  const [sent, setSent] = useState(false);
  if (employer.isPending) return <LoadingScreen />;
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
        {employer.isError ? (
          <p role="alert" className="text-slate-800">
            {errorMessage(employer.error, t('employer.notFound'))}
          </p>
        ) : sent ? (
          <div role="status" className="text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
            <h1 className="mt-4 text-xl font-bold text-slate-900">{t('reportForm.doneTitle')}</h1>
            <p className="mt-2 text-slate-700">{t('reportForm.doneBody')}</p>
            <Link href="/profile" className={buttonClasses({ className: 'mt-6' })}>
              {t('reportForm.back')}
            </Link>
          </div>
        ) : (
          <>
            <h1 className="break-words text-2xl font-bold text-slate-900">{t('reportForm.heading', { company: employer.data.companyName })}</h1>
            <p className="mt-2 text-slate-700">{t('reportForm.intro')}</p>
            <NoFeesNotice className="mt-6" />
            <Card className="mt-6 p-5 sm:p-6">
              <ReportForm company={{ id: employer.data.id, companyName: employer.data.companyName }} onDone={() => setSent(true)} />
            </Card>
          </>
        )}
      </section>
    </PageShell>
  );
}
