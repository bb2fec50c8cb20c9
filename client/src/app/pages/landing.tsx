import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { FinalCta } from '@/features/landing/components/final-cta';
import { ForEmployers } from '@/features/landing/components/for-employers';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { Pricing } from '@/features/landing/components/pricing';
import { WhyUs } from '@/features/landing/components/why-us';
import { usePageTitle } from '@/hooks/use-page-title';

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  return (
    <PageShell
      headerLinks={[
        { href: '#features', label: tc('nav.features') },
        { href: '#pricing', label: tc('nav.pricing') },
        { href: '#how-it-works', label: tc('nav.howItWorks') },
      ]}
    >
      <Hero />
      <HowItWorks />
      <WhyUs />
      <Pricing />
      <ForEmployers />
      <FinalCta />
    </PageShell>
  );
}
