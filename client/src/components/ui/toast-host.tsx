// The toasts' region is loaded after the page (when the browser is idle) or with the first toast, whichever comes
// first: it is not part of what a visitor's first screen waits for.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAnyToastShown } from '@/hooks/use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

export function ToastHost() {
  const shown = useAnyToastShown();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => setIdle(true);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(start, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  if (!shown && !idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
