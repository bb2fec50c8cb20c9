import { useEffect, useState } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '#shared/constants.ts';
import { dismissToast, useToasts } from '@/hooks/use-toast';
import { clsx } from 'clsx';

const variants = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * Where toasts go: the bottom of the screen, unless the field being typed in is in its lower half (on a phone, the
 * field above the keyboard), then the top, so a toast never covers what someone is typing.
 */
function placementAwayFrom(field: Element | null, viewportHeight: number): 'top' | 'bottom' {
  if (!field?.matches(FIELD)) return 'bottom';
  const { top, bottom } = field.getBoundingClientRect();
  return (top + bottom) / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}

/** Where the focused field wants toasts: away from it. */
function usePlacementAwayFromField(): 'top' | 'bottom' {
  // Where focus is now: the region may arrive with the first toast, while someone is typing (toast-host.tsx).
  const [placement, setPlacement] = useState<'top' | 'bottom'>(() => placementAwayFrom(document.activeElement, window.visualViewport?.height ?? window.innerHeight));
  useEffect(() => {
    let frame = 0;
    // Read once focus has settled (focusout comes before the next focusin) and the page has moved.
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setPlacement(placementAwayFrom(document.activeElement, window.visualViewport?.height ?? window.innerHeight)),
      );
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    window.addEventListener('scroll', update, { passive: true });
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      window.removeEventListener('scroll', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return placement;
}

/**
 * A toast goes up as soon as a field below the middle is focused, but comes back down only once no toast is shown:
 * a toast moving down when focus leaves a field for the button below it would slide under the finger pressing that
 * button, and the press would land on the toast instead.
 */
function useToastPlacement(toastShown: boolean): 'top' | 'bottom' {
  const wanted = usePlacementAwayFromField();
  const [placement, setPlacement] = useState(wanted);
  if (placement !== wanted && (wanted === 'top' || !toastShown)) setPlacement(wanted);
  return placement;
}

export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  const placement = useToastPlacement(toasts.some((item) => item.open));
  // Toasts sit at the end edge and are swiped away towards it: right in English, left in Arabic and Urdu.
  const towardsEnd = i18n.dir() === 'rtl' ? 'left' : 'right';
  return (
    <ToastPrimitive.Provider
      duration={TIMING.toastDurationMs}
      swipeDirection={towardsEnd}
      swipeThreshold={TIMING.toastSwipeThreshold}
      // Said before each toast's text by screen readers.
      label={t('notification.announcement')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full rtl:data-[swipe=end]:-translate-x-full data-[state=closed]:opacity-0 transition',
            variants[item.variant ?? 'default'],
          )}
        >
          {/* A name or an address with no space in it breaks where it must, inside the toast. */}
          <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
            {item.title && <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>}
            {item.description && <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* The region's name ('Notifications (F8)') is Radix's English unless given. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label={t('toast.region')}
        data-placement={placement}
        // Only the toasts take presses, not the strip around them.
        className={clsx(
          'pointer-events-none fixed end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm',
          placement === 'top' ? 'top-0' : 'bottom-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
