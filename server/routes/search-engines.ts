// /robots.txt and /sitemap.xml: what search engines may read, and the public pages with absolute addresses on the
// product's public URL (http/public-pages.ts says which pages are public).
import express from 'express';
import { LANGUAGE_PARAMETER, LOCALES } from '#shared/locales.ts';
import { escapeMarkup } from '#shared/markup.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { PUBLIC_PAGES } from '../http/public-pages.ts';
import { listVerifiedEmployerSlugs } from '../services/employers.ts';

/** A sitemap holds at most 50,000 addresses; the fixed pages in every language and this many employers stay under it. */
const EMPLOYER_PAGES_LISTED = 45_000;

export function searchEnginesRouter(ctx: { db: Db; clock: Clock; publicUrl: string }) {
  const origin = ctx.publicUrl.replace(/\/$/, '');
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Disallow: /api/', 'Disallow: /objects/', 'Disallow: /admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const employers = await listVerifiedEmployerSlugs(ctx.db, ctx.clock.now(), EMPLOYER_PAGES_LISTED);
    // Each public page in each language, at its own address, naming the others (hreflang); then the employers.
    const inLanguage = (page: string, locale: string) => escapeMarkup(`${origin}${page}?${LANGUAGE_PARAMETER}=${locale}`);
    const publicPages = PUBLIC_PAGES.flatMap((page) => {
      const alternates = [
        ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${inLanguage(page, locale)}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(`${origin}${page}`)}"/>`,
      ].join('');
      return LOCALES.map((locale) => `  <url><loc>${inLanguage(page, locale)}</loc>${alternates}</url>`);
    });
    const employerPages = employers.map((slug) => `  <url><loc>${escapeMarkup(`${origin}/employers/${encodeURIComponent(slug)}`)}</loc></url>`);
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...publicPages, ...employerPages].join('\n')}\n</urlset>\n`,
      );
  });
  return router;
}
