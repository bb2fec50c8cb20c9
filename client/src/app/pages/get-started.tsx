import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { RoleChooser } from '@/features/get-started/components/role-chooser';
import { Welcome } from '@/features/get-started/components/welcome';
import { usePageTitle } from '@/hooks/use-page-title';

export default function GetStartedPage() {
  const { t } = useTranslation('get-started');
  usePageTitle(t('title'));
  // A job seeker's types go straight to sign-up (App.tsx); anything but the company shows the chooser.
  const params = useParams<{ type?: string }>();
  return <PageShell>{params.type === 'company' ? <Welcome /> : <RoleChooser />}</PageShell>;
}
