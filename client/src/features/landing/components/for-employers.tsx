import { BadgeCheck, Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';

export function ForEmployers() {
  const { t } = useTranslation('landing');
  return (
    <section id="for-employers" aria-labelledby="employers-heading" className="bg-brand-900 py-16 text-white sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
        <div>
          <Building2 aria-hidden="true" className="h-10 w-10 text-brand-200" />
          <h2 id="employers-heading" className="mt-4 text-3xl font-bold">
            {t('employers.heading')}
          </h2>
          <p className="mt-4 text-lg text-brand-50">{t('employers.body')}</p>
        </div>
        <div className="space-y-6">
          <Link href="/get-started/company" className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
            {t('employers.join')}
          </Link>
          <p className="flex gap-2 text-brand-50">
            <BadgeCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
            {t('employers.note')}
          </p>
        </div>
      </div>
    </section>
  );
}
