import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {publicConfig.earlyAccessActive
            ? t('hero.badgeEarlyAccess', { date: formatDate(publicConfig.earlyAccessEnd) })
            : t('hero.badgeOpen')}
        </p>
        <h1 id="hero-heading" className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          {t('hero.headline')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">{t('hero.subline')}</p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link href="/signup?type=candidate" className={buttonClasses({ size: 'lg' })}>
            {t('hero.createProfile')}
          </Link>
          <a href="#for-employers" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            {t('hero.forEmployers')}
          </a>
        </div>
        <p className="mt-6 text-sm text-slate-600">{t('hero.trust')}</p>
      </div>
    </section>
  );
}
