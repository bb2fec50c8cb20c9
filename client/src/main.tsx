import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { knowSignedOutVisitor } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { pageArrivedRendered } from './lib/server-rendered';
import './index.css';
import './lib/offline-shell';

const queryClient = createQueryClient();
knowSignedOutVisitor(queryClient);
// The dashboard's data is asked for beside "who is signed in"; the code that asks is loaded only for it, so visitors'
// first script stays as small.
if (window.location.pathname === '/dashboard') {
  void import('./app/prefetch-dashboard').then((module) => module.prefetchDashboard(queryClient, window.location.search));
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <App />
    </AppProviders>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A public page arrives rendered in the reader's language (docs/decisions/0051): Preact takes over its HTML,
// part by part (0053).
if (pageArrivedRendered) hydrateRoot(root, app);
else createRoot(root).render(app);
