// The pages anyone may find through a search engine; every other page (accounts, the console, one-time links, pages
// that do not exist) is marked noindex. /robots.txt and /sitemap.xml are made from the same list.
import express from 'express';

/** The public pages with a fixed address, in the order the sitemap lists them. */
export const PUBLIC_PAGES = ['/', '/about', '/careers', '/get-started', '/get-started/company', '/contact-sales', '/privacy-policy', '/terms-of-service'];

/** A verified employer's public page (its report form is for signed-in job seekers only). */
const EMPLOYER_PAGE = /^\/employers\/[^/]+\/?$/;

export function isPublicPage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PUBLIC_PAGES.includes(trimmed) || EMPLOYER_PAGE.test(path);
}

/** /robots.txt and /sitemap.xml, with absolute addresses on the product's public URL. */
export function searchEngineRouter(publicUrl: string) {
  const origin = publicUrl.replace(/\/$/, '');
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Disallow: /api/', 'Disallow: /objects/', 'Disallow: /admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });
  router.get('/sitemap.xml', (_req, res) => {
    const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${origin}${page === '/' ? '/' : page}</loc></url>`).join('\n');
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
  return router;
}
