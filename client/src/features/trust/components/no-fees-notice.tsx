// The one thing every job seeker must know: nobody may ask them for money (the product's rule, and the law's).
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function NoFeesNotice({ className }: { className?: string }) {
  const { t } = useTranslation('trust');
  return (
    <section aria-labelledby="no-fees" className={`rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className ?? ''}`}>
      <h2 id="no-fees" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('noFees.title')}
      </h2>
      <p className="mt-1 text-sm">{t('noFees.body')}</p>
    </section>
  );
}
