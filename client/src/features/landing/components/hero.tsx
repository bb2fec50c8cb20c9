import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';
import { HeroArt } from './hero-art';

/**
 * The first screen: what the product is and the two ways in. On a phone the words come first and the picture follows
 * them, so the headline is on the first screen; from lg the words take the start side and the picture the end side.
 */
export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-16">
        <div className="text-center lg:text-start">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {publicConfig.earlyAccessActive
              ? t('hero.badgeEarlyAccess', { date: formatDate(publicConfig.earlyAccessEnd) })
              : t('hero.badgeOpen')}
          </p>
          <h1 id="hero-heading" className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl lg:mx-0">
            {t('hero.headline')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 lg:mx-0">{t('hero.subline')}</p>
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Link href="/signup?type=candidate" className={buttonClasses({ size: 'lg' })}>
              {t('hero.createProfile')}
            </Link>
            <a href="#for-employers" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              {t('hero.forEmployers')}
            </a>
          </div>
          <p className="mt-6 text-sm text-slate-600">{t('hero.trust')}</p>
        </div>
        <HeroArt className="mx-auto aspect-[7/6] h-auto w-full max-w-sm sm:max-w-md lg:max-w-xl" />
      </div>
    </section>
  );
}
