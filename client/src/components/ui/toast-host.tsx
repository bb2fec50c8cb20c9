// The toasts' region is loaded after the page (once it is shown, when the browser is idle) or with the first toast,
// whichever comes first: it is not part of what a visitor's first screen waits for. A load that fails (no connection)
// is tried again with the next toast or when the connection is back, and never takes the page down.
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
    let cancel: (() => void) | null = null;
    let current = true;
    whenPageShown(() => current && (cancel = whenIdle(start)));
    return () => {
      current = false;
      cancel?.();
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

/** Runs `then` when the browser is idle (or after a second where it cannot say); returns what cancels it. */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(then, 1000);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(then, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}
