import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { useReport } from '@/features/admin/api/get-report';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { ReportDetail } from '@/features/admin/components/report-detail';

export default function AdminReportPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams<{ id: string }>();
  const report = useReport(id);
  const title = report.data ? t('reports.title', { company: report.data.company.companyName }) : t('nav.reports');
  usePageTitle(title);
  return (
    <AdminLayout
      title={title}
      actions={
        <Link href="/admin/reports" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t('reports.back')}
        </Link>
      }
    >
      {report.isPending && <Spinner />}
      {report.isError && <p role="alert">{errorMessage(report.error, t('list.failed'))}</p>}
      {report.data && <ReportDetail report={report.data} />}
    </AdminLayout>
  );
}
