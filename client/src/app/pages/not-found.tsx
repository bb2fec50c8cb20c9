import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <PageShell>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
        <p className="mt-4 text-slate-700">{t('notFound.body')}</p>
        <Link href="/" className={buttonClasses({ className: 'mt-8' })}>
          {t('notFound.home')}
        </Link>
      </section>
    </PageShell>
  );
}
