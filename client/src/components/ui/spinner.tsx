import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';

const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-8 w-8' } as const;

export function Spinner({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  return <Loader2 aria-hidden="true" className={clsx(sizes[size], 'animate-spin', className)} />;
}

/** Full-screen spinner while something the whole page needs is loading. */
export function LoadingScreen() {
  // The common catalogue is bundled, so this never waits for a catalogue itself.
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-700">
      <Spinner size="lg" className="text-brand-700" />
      <span>{t('loading')}</span>
    </div>
  );
}
