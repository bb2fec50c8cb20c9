import { useTranslation } from 'react-i18next';
import { HydrateInTurn } from '@/components/layout/hydrate-in-turn';
import { PageShell } from '@/components/layout/page-shell';
import { ClipboardCheck, Eye, FileText, Lock, Search, ShieldCheck, TrendingUp, Video } from 'lucide-react';
import { CardCarouselSection } from '@/features/landing/components/card-carousel-section';
import { FinalCta } from '@/features/landing/components/final-cta';
import { ForEmployers } from '@/features/landing/components/for-employers';
import { Hero } from '@/features/landing/components/hero';
import { Pricing } from '@/features/landing/components/pricing';
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
      <HydrateInTurn>
        <Hero />
      </HydrateInTurn>
      <HydrateInTurn>
        <CardCarouselSection id="how-it-works" textKey="howItWorks" icons={[Video, FileText, ClipboardCheck, Search]} numbered />
      </HydrateInTurn>
      <HydrateInTurn>
        <CardCarouselSection id="features" textKey="why" icons={[Eye, ShieldCheck, Lock, TrendingUp]} className="bg-sand-50" />
      </HydrateInTurn>
      <HydrateInTurn>
        <Pricing />
      </HydrateInTurn>
      <HydrateInTurn>
        <ForEmployers />
      </HydrateInTurn>
      <HydrateInTurn>
        <FinalCta />
      </HydrateInTurn>
    </PageShell>
  );
}
