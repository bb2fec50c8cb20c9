import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { PendingActivation } from '@/features/activation/components/pending-activation';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

export default function PendingPage() {
  const { t } = useTranslation('pending');
  usePageTitle(t('title'));
  const { user } = useCurrentUser();
  const submittedAt = (user?.company?.createdAt as string | undefined) ?? undefined;
  return (
    <PageShell>
      <PendingActivation userType={user?.role === 'company' ? 'company' : 'candidate'} submittedAt={submittedAt} />
    </PageShell>
  );
}
