import { Briefcase, Building2, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckList } from '@/components/ui/check-list';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';

/** The Join screen. The early-access form opens only while the offer runs and a form is configured. */
export default function JoinPage() {
  const { t } = useTranslation('join');
  usePageTitle(t('heading'));
  const earlyAccess = publicConfig.earlyAccessActive;
  const candidatePoints = [
    ...(earlyAccess ? [t('candidate.free', { date: formatDate(publicConfig.earlyAccessEnd, 'short') })] : []),
    ...(t('candidate.points', { returnObjects: true }) as string[]),
  ];
  return (
    <PageShell>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-center text-3xl font-bold text-slate-900">{t('heading')}</h1>
        <p className="mt-3 text-center text-slate-700">{t('subheading')}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <Card className="flex flex-col p-6">
            <Building2 aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('company.title')}</h2>
            <CheckList className="mt-4 flex-1" items={t('company.points', { returnObjects: true }) as string[]} />
            <Link href="/get-started/company" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
              {t('company.cta')}
            </Link>
          </Card>
          <Card className="flex flex-col p-6">
            <Briefcase aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('candidate.title')}</h2>
            <CheckList className="mt-4 flex-1" items={candidatePoints} />
            {earlyAccess && publicConfig.earlyAccessFormUrl ? (
              <a
                href={publicConfig.earlyAccessFormUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ size: 'lg', className: 'mt-6' })}
              >
                {t('candidate.earlyAccess')}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">{t('candidate.newTab')}</span>
              </a>
            ) : (
              <Link href="/signup?type=candidate" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
                {t('candidate.create')}
              </Link>
            )}
          </Card>
        </div>
      </section>
    </PageShell>
  );
}
