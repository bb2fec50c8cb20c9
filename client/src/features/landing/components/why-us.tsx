import { Eye, Lock, ShieldCheck, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Carousel } from '@/components/ui/carousel';

const ICONS = [Eye, ShieldCheck, Lock, TrendingUp];

export function WhyUs() {
  const { t } = useTranslation('landing');
  const cards = t('why.cards', { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <section id="features" aria-labelledby="why-heading" className="bg-sand-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="why-heading" className="text-3xl font-bold text-slate-900">
          {t('why.heading')}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t('why.intro')}</p>
        <Carousel
          className="mt-10"
          label={t('why.heading')}
          prevLabel={t('carousel.previous')}
          nextLabel={t('carousel.next')}
          slideLabel={(position, total) => t('carousel.slide', { position, total })}
        >
          {cards.map((card, index) => {
            const Icon = ICONS[index] ?? Eye;
            return (
              <Card key={card.title} className="h-full p-6">
                <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-2 text-slate-700">{card.body}</p>
              </Card>
            );
          })}
        </Carousel>
      </div>
    </section>
  );
}
