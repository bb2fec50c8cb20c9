import { useTranslation } from 'react-i18next';
import { AboutUsShell } from '@/components/layout/about-us-shell';
import { Card } from '@/components/ui/card';
import { CareerApplicationForm } from '@/features/careers/components/career-application-form';
import { usePageTitle } from '@/hooks/use-page-title';

/** Join Our Team: applications to join the provider's own team. */
export default function CareersPage() {
  const { t } = useTranslation('careers');
  usePageTitle(t('title'));
  const intro = t('intro', { returnObjects: true }) as string[];
  return (
    <AboutUsShell>
      <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14" aria-labelledby="careers-heading">
        <h1 id="careers-heading" className="text-3xl font-bold text-slate-900 sm:text-4xl">
          {t('heading')}
        </h1>
        <p className="mt-4 text-xl font-medium text-brand-800">{t('lead')}</p>
        <div className="mt-4 space-y-3 text-lg leading-relaxed text-slate-700">
          {intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Card className="mt-8 p-5 sm:p-6">
          <h2 className="text-xl font-semibold text-slate-900">{t('formHeading')}</h2>
          <div className="mt-4">
            <CareerApplicationForm />
          </div>
        </Card>
      </section>
    </AboutUsShell>
  );
}
