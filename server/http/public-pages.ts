// The pages anyone may find through a search engine; every other page (accounts, the console, one-time links, pages
// that do not exist) is marked noindex. /robots.txt and /sitemap.xml (routes/search-engines.ts) list the same.
import { PAGE_META_TEXTS } from '#shared/page-meta.ts';

/** The public pages with a fixed address, in the order the sitemap lists them: those with texts for their head. */
export const PUBLIC_PAGES = Object.keys(PAGE_META_TEXTS);

/** A verified employer's public page (its report form is for signed-in job seekers only). */
const EMPLOYER_PAGE = /^\/employers\/[^/]+\/?$/;

/** The page a path names: without a trailing slash, except the home page's. */
export const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGES.includes(pagePath(path)) || EMPLOYER_PAGE.test(path);
}

/** Where the not-found page is rendered from: an address the app has no page for, the same page for every such one. */
export const NOT_FOUND_PAGE = '/404';

/**
 * The client module the app loads for each page the server renders (client/src/app/App.tsx), as the build's manifest
 * names it: the page's head names its files, so they load beside the app's own.
 */
export const RENDERED_PAGE_MODULES: Record<string, string> = {
  '/': 'src/app/pages/landing.tsx',
  '/about': 'src/app/pages/about.tsx',
  '/careers': 'src/app/pages/careers.tsx',
  '/get-started': 'src/app/pages/get-started.tsx',
  '/get-started/company': 'src/app/pages/get-started.tsx',
  '/contact-sales': 'src/app/pages/contact-sales.tsx',
  '/privacy-policy': 'src/app/pages/privacy-policy.tsx',
  '/terms-of-service': 'src/app/pages/terms-of-service.tsx',
  '/login': 'src/app/pages/login.tsx',
  [NOT_FOUND_PAGE]: 'src/app/pages/not-found.tsx',
};
