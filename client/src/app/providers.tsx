import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AccountLanguage } from '@/components/layout/account-language';
import { PageErrorBoundary } from '@/components/layout/page-error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { LoadingScreen } from '@/components/ui/spinner';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<LoadingScreen />}>
          <AccountLanguage />
          <PageErrorBoundary>{children}</PageErrorBoundary>
          <Toaster />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
