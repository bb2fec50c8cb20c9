// The server's renderer of the public pages: the app's own components under Preact's string renderer, so a page
// arrives as HTML in the reader's language and the browser hydrates it (docs/decisions/0051, 0053). Built by
// `npm run build` into dist/page-renderer; the server calls renderPublicPage (server/http/public-page-renderer.ts).
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode, type ReactElement } from 'react';
import { Router } from 'wouter';
import { LANGUAGE_NAMESPACES, type Locale } from '#shared/locales.ts';
import type { RenderedPage } from '#shared/page-meta.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import i18n, { catalogueFile } from './lib/i18n';
import { publicConfig } from './lib/public-config';
import { createQueryClient } from './lib/query-client';

async function render(path: string, locale: Locale, config: PublicConfig): Promise<RenderedPage> {
  Object.assign(publicConfig, config);
  await i18n.changeLanguage(locale);
  // The namespaces this page's components ask for (react-i18next reports each one it is asked for).
  const used = new Set<string>(LANGUAGE_NAMESPACES);
  i18n.reportNamespaces = { addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((namespace) => used.add(namespace)), getUsedNamespaces: () => [...used] };
  const page: ReactElement = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <Router ssrPath={path}>
          <App />
        </Router>
      </AppProviders>
    </StrictMode>
  );
  // Everything, lazily loaded pages and their texts included, has arrived before the HTML is given: a visitor's page.
  // A part that fails on the server is not left to the browser to render: the page is refused, and the server sends
  // the app's shell (and logs why). The JSX is typed with React's types and built by Preact's runtime (0053).
  let html: string;
  try {
    html = await renderToStringAsync(page as unknown as VNode);
  } catch (error) {
    throw new Error(`${path} (${locale}) could not be rendered`, { cause: error });
  }
  const catalogues = new Set(i18n.languages.flatMap((language) => [...used].map((namespace) => `src/${catalogueFile(language, namespace)}`)));
  return { html, catalogues: [...catalogues] };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * `path` in `locale`. One page at a time: the language, the configuration and the namespaces asked for are the
 * renderer's for the page it renders.
 */
export function renderPublicPage(path: string, locale: Locale, config: PublicConfig): Promise<RenderedPage> {
  const page = queue.then(() => render(path, locale, config));
  queue = page.catch(() => undefined);
  return page;
}
