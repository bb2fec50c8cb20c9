// The toasts' region is loaded after the page (once it is shown, when the browser is idle) or with the first toast,
// whichever comes first: it is not part of what a visitor's first screen waits for. A load that fails (no connection) is tried again
// with the next toast or when the connection is back, and never takes the page down.
import { useEffect, useState, type ComponentType } from 'react';
import { useAnyToastShown, useToasts } from '@/hooks/use-toast';
import { whenPageShown } from '@/lib/page-shown';

export function ToastHost() {
  const shown = useAnyToastShown();
  const toastCount = useToasts().length;
  const [idle, setIdle] = useState(false);
  const [online, setOnline] = useState(0);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

  useEffect(() => {
    const start = () => setIdle(true);
    const backOnline = () => setOnline((count) => count + 1);
    window.addEventListener('online', backOnline);
    let stop = () => {};
    let current = true;
    whenPageShown(() => {
      if (!current) return;
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = window.setTimeout(start, 1000);
        stop = () => window.clearTimeout(timer);
      } else {
        const handle = window.requestIdleCallback(start, { timeout: 3000 });
        stop = () => window.cancelIdleCallback(handle);
      }
    });
    return () => {
      current = false;
      stop();
      window.removeEventListener('online', backOnline);
    };
  }, []);

  useEffect(() => {
    if (Toaster || !(shown || idle)) return;
    let current = true;
    import('./toaster').then(
      (module) => current && setToaster(() => module.Toaster),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [Toaster, shown, idle, toastCount, online]);

  return Toaster ? <Toaster /> : null;
}
