import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { useReviewProfile } from '@/features/admin/api/get-profile';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { ReviewDetail } from '@/features/admin/components/review-detail';

export default function AdminReviewProfilePage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams<{ id: string }>();
  const profile = useReviewProfile(id);
  usePageTitle(profile.data?.fullName ?? t('nav.review'));
  return (
    <AdminLayout
      wide
      title={profile.data?.fullName ?? t('nav.review')}
      actions={
        <Link href="/admin/review" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t('review.back')}
        </Link>
      }
    >
      {profile.isPending && <Spinner />}
      {profile.isError && <p role="alert">{errorMessage(profile.error, t('list.failed'))}</p>}
      {/* A new profile is a new page: its video starts, its reasons and note start empty. */}
      {profile.data && <ReviewDetail key={profile.data.id} profile={profile.data} />}
    </AdminLayout>
  );
}
