import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { useAdminCompany } from '@/features/admin/api/get-company';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { CompanyDetail } from '@/features/admin/components/company-detail';

export default function AdminCompanyPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams<{ id: string }>();
  const detail = useAdminCompany(id);
  const name = detail.data?.company.companyName ?? t('nav.companies');
  usePageTitle(name);
  return (
    <AdminLayout
      title={name}
      actions={
        <Link href="/admin/companies" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t('companies.back')}
        </Link>
      }
    >
      {detail.isPending && <Spinner />}
      {detail.isError && <p role="alert">{errorMessage(detail.error, t('list.failed'))}</p>}
      {detail.data && <CompanyDetail detail={detail.data} />}
    </AdminLayout>
  );
}
