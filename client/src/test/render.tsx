// Renders a part of a screen as the app does: in the reader's language (its catalogues loaded first), with the query
// cache holding who is signed in (so nothing is fetched for it) and the toasts the part may show.
import { Suspense, type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import type { CurrentUser } from '#shared/auth.ts';
import type { Locale } from '#shared/locales.ts';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/auth';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

export async function renderForReader(
  ui: ReactElement,
  options: { language?: Locale; namespaces?: string[]; user?: CurrentUser | null } = {},
) {
  await i18n.changeLanguage(options.language ?? 'en');
  await i18n.loadNamespaces(options.namespaces ?? []);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, options.user ?? null);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          {ui}
          <Toaster />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
