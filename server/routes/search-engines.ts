// /robots.txt and /sitemap.xml: what search engines may read, and the public pages with absolute addresses on the
// product's public URL (http/public-pages.ts says which pages are public).
import express from 'express';
import { escapeMarkup } from '#shared/markup.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { PUBLIC_PAGES } from '../http/public-pages.ts';
import { listVerifiedEmployerSlugs } from '../services/employers.ts';

/** A sitemap holds at most 50,000 addresses; the fixed pages and this many employers stay well under it. */
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
    const pages = [...PUBLIC_PAGES, ...employers.map((slug) => `/employers/${encodeURIComponent(slug)}`)];
    const urls = pages.map((page) => `  <url><loc>${escapeMarkup(`${origin}${page}`)}</loc></url>`).join('\n');
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
  return router;
}
