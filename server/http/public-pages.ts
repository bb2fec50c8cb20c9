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
