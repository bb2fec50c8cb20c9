import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AccountLanguage } from '@/components/layout/account-language';
import { PageErrorBoundary } from '@/components/layout/page-error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { PageSkeleton } from '@/components/ui/skeleton';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The dashboard's data is asked for beside "who is signed in"; the code that asks is loaded only for it, so
    // visitors' first script stays as small.
    if (window.location.pathname === '/dashboard') void import('./prefetch-dashboard').then((module) => module.prefetchDashboard(client, window.location.search));
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<PageSkeleton />}>
          <AccountLanguage />
          <PageErrorBoundary>{children}</PageErrorBoundary>
          <Toaster />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
