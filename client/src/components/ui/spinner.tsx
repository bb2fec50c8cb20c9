import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('h-5 w-5 animate-spin', className)} />;
}

/** Full-screen spinner while something the whole page needs is loading. */
export function LoadingScreen() {
  // The common catalogue is bundled, so this never waits for a catalogue itself.
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-700">
      <Spinner className="h-8 w-8 text-brand-700" />
      <span>{t('loading')}</span>
    </div>
  );
}
