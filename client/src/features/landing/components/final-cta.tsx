import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';

export function FinalCta() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="cta-heading" className="text-3xl font-bold text-slate-900">
          {t('cta.heading')}
        </h2>
        <p className="mt-4 text-lg text-slate-700">{t('cta.body')}</p>
        <p className="mt-4 font-medium text-slate-900">{t('cta.noFees')}</p>
        <Link href="/signup?type=candidate" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          {t('cta.button')}
        </Link>
      </div>
    </section>
  );
}
