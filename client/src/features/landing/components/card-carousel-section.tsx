import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Carousel } from '@/components/ui/carousel';
import { clsx } from 'clsx';

/** A landing section whose cards (title and text from the catalogue) scroll in a carousel. */
export function CardCarouselSection({
  id,
  textKey,
  icons,
  numbered = false,
  className,
}: {
  id: string;
  /** Catalogue key holding heading, intro and items. */
  textKey: 'howItWorks' | 'why';
  icons: LucideIcon[];
  numbered?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('landing');
  const items = t(`${textKey}.items`, { returnObjects: true }) as Array<{ title: string; body: string }>;
  const heading = t(`${textKey}.heading`);
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={clsx('py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id={`${id}-heading`} className="text-3xl font-bold text-slate-900">
          {heading}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t(`${textKey}.intro`)}</p>
        <Carousel
          className="mt-10"
          label={heading}
          prevLabel={t('carousel.previous')}
          nextLabel={t('carousel.next')}
          slideLabel={(position, total) => t('carousel.slide', { position, total })}
        >
          {items.map((item, index) => {
            const Icon = icons[index % icons.length]!;
            return (
              <Card key={item.title} className="h-full p-6">
                <div className="flex items-center gap-3">
                  {numbered && (
                    <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                      {index + 1}
                    </span>
                  )}
                  <Icon aria-hidden="true" className={numbered ? 'h-6 w-6 text-brand-700' : 'h-8 w-8 text-brand-700'} />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-700">{item.body}</p>
              </Card>
            );
          })}
        </Carousel>
      </div>
    </section>
  );
}
