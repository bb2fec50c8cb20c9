import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { PageErrorBoundary } from '@/components/layout/page-error-boundary';
import { ToastHost } from '@/components/ui/toast-host';
import { PageSkeleton } from '@/components/ui/skeleton';
import i18n from '@/lib/i18n';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<PageSkeleton />}>
          <PageErrorBoundary>{children}</PageErrorBoundary>
          <ToastHost />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
