import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { RoleChooser } from '@/features/get-started/components/role-chooser';
import { Welcome } from '@/features/get-started/components/welcome';
import { usePageTitle } from '@/hooks/use-page-title';

// Both spellings of the job-seeker type exist; anything else shows the chooser.
const TYPES: Record<string, 'candidate' | 'company'> = {
  candidate: 'candidate',
  'job-seeker': 'candidate',
  job_seeker: 'candidate',
  company: 'company',
};

export default function GetStartedPage() {
  const { t } = useTranslation('get-started');
  usePageTitle(t('title'));
  const params = useParams<{ type?: string }>();
  const type = params.type ? TYPES[params.type] : undefined;
  return <PageShell>{type ? <Welcome type={type} /> : <RoleChooser />}</PageShell>;
}
