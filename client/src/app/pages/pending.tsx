import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { PendingActivation } from '@/features/activation/components/pending-activation';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

export default function PendingPage() {
  const { t } = useTranslation('pending');
  usePageTitle(t('title'));
  const { user } = useCurrentUser();
  const company = user?.role === 'company';
  const submittedAt = company ? ((user?.company?.createdAt as string | undefined) ?? undefined) : user?.profile?.submittedAt;
  return (
    <PageShell>
      <PendingActivation userType={company ? 'company' : 'candidate'} submittedAt={submittedAt}>
        {!company && (
          <Link href="/profile" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
            {t('viewProfile')}
          </Link>
        )}
      </PendingActivation>
    </PageShell>
  );
}
