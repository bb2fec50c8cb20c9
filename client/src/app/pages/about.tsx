import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AboutUsShell } from '@/components/layout/about-us-shell';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';

export default function AboutPage() {
  const { t } = useTranslation('about');
  usePageTitle(t('title'));
  const story = t('story', { returnObjects: true }) as string[];
  return (
    <AboutUsShell>
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('heading')}</h1>
        <p className="mt-6 text-xl font-medium text-brand-800">{t('lead')}</p>
        <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
          {story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link href="/careers" className={buttonClasses({ size: 'lg' })}>
            {t('viewPositions')}
          </Link>
          <Link href="/" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            {t('backToHome')}
          </Link>
        </div>
      </article>
    </AboutUsShell>
  );
}
