import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '#shared/constants.ts';
import { dismissToast, useToasts } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

const variants = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  // Toasts sit at the end edge and are swiped away towards it: right in English, left in Arabic and Urdu.
  const towardsEnd = i18n.dir() === 'rtl' ? 'left' : 'right';
  return (
    <ToastPrimitive.Provider
      duration={TIMING.toastDurationMs}
      swipeDirection={towardsEnd}
      swipeThreshold={TIMING.toastSwipeThreshold}
      label={t('toast.region')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full rtl:data-[swipe=end]:-translate-x-full data-[state=closed]:opacity-0 transition',
            variants[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
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
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
