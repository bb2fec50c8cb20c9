import { ClipboardCheck, FileText, Search, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Carousel } from '@/components/ui/carousel';

const ICONS = [Video, FileText, ClipboardCheck, Search];

export function HowItWorks() {
  const { t } = useTranslation('landing');
  const steps = t('howItWorks.steps', { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="how-heading" className="text-3xl font-bold text-slate-900">
          {t('howItWorks.heading')}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t('howItWorks.intro')}</p>
        <Carousel
          className="mt-10"
          label={t('howItWorks.heading')}
          prevLabel={t('carousel.previous')}
          nextLabel={t('carousel.next')}
          slideLabel={(position, total) => t('carousel.slide', { position, total })}
        >
          {steps.map((step, index) => {
            const Icon = ICONS[index] ?? Video;
            return (
              <Card key={step.title} className="h-full p-6">
                <div className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.body}</p>
              </Card>
            );
          })}
        </Carousel>
      </div>
    </section>
  );
}
