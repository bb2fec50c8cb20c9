// The pages anyone may find through a search engine; every other page (accounts, the console, one-time links, pages
// that do not exist) is marked noindex. /robots.txt and /sitemap.xml (routes/search-engines.ts) list the same.

/** The public pages with a fixed address, in the order the sitemap lists them. */
export const PUBLIC_PAGES = ['/', '/about', '/careers', '/get-started', '/get-started/company', '/contact-sales', '/privacy-policy', '/terms-of-service'];

/** A verified employer's public page (its report form is for signed-in job seekers only). */
const EMPLOYER_PAGE = /^\/employers\/[^/]+\/?$/;

export function isPublicPage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PUBLIC_PAGES.includes(trimmed) || EMPLOYER_PAGE.test(path);
}
