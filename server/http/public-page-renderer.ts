// The public pages as HTML in the reader's language: the client's own components rendered by the renderer that
// `npm run build` makes (dist/page-renderer). Each page is rendered once per language and public configuration and
// kept: a few dozen pages, the same for every visitor (docs/decisions/0051-public-pages-rendered-by-the-server.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '#shared/locales.ts';
import type { RenderedPage } from '#shared/page-meta.ts';
import type { PublicConfig } from '#shared/public-config.ts';

/** Where `npm run build` puts the renderer, beside the client's directory (dist/client, dist/page-renderer). */
export const pageRendererBeside = (clientDir: string) => path.join(path.dirname(clientDir), 'page-renderer/render-public-page.js');

type RenderPublicPage = (path: string, locale: Locale, config: PublicConfig) => Promise<RenderedPage>;

export interface PublicPageRenderer {
  /** The page, or undefined when it could not be rendered (then the app renders it). */
  render(path: string, locale: Locale, config: PublicConfig): Promise<RenderedPage | undefined>;
}

/**
 * The renderer built into `file`, or undefined when there is none (a client built without it). A page that fails to
 * render is reported once and sent as the app's shell from then on, until the configuration changes.
 */
export function loadPublicPageRenderer(
  file: string,
  onError: (error: unknown, page: string) => void,
  now: () => Date = () => new Date(),
): PublicPageRenderer | undefined {
  if (!existsSync(file)) return undefined;
  let renderer: Promise<RenderPublicPage> | undefined;
  let pages = new Map<string, Promise<RenderedPage | undefined>>();
  let pagesFor = '';
  return {
    render(path, locale, config) {
      // The footer's year is in the page as well.
      const key = `${JSON.stringify(config)} ${now().getUTCFullYear()}`;
      if (key !== pagesFor) {
        pages = new Map();
        pagesFor = key;
      }
      const name = `${locale} ${path}`;
      let page = pages.get(name);
      if (!page) {
        renderer ??= import(pathToFileURL(file).href).then((module: { renderPublicPage: RenderPublicPage }) => module.renderPublicPage);
        page = renderer
          .then((render) => render(path, locale, config))
          .catch((error: unknown) => {
            onError(error, name);
            return undefined;
          });
        pages.set(name, page);
      }
      return page;
    },
  };
}
