import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { usePageTitle } from '@/hooks/use-page-title';

// The profile form (Basic Information, Skills & Languages, Documents & Video) comes with the job-seeker profile work.
export default function CreateProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('create.title'));
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('create.title')}</h1>
      </section>
    </PageShell>
  );
}
