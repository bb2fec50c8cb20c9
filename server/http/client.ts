// Serves the client: the built files in production, Vite's dev server in development.
// Every non-API page answers with index.html carrying the public configuration; an address the app has no page for
// answers it with 404.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { isAppRoute } from '#shared/app-routes.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { LANGUAGE_PARAMETER } from '#shared/locales.ts';
import { readCataloguesIn, pageMetaFrom, type EmployerMeta, type PageMeta, type RenderedPage } from '#shared/page-meta.ts';
import { browserLocales, pageLocale } from './locale.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import type { PublicPageRenderer } from './public-page-renderer.ts';
import { isPublicPage, NOT_FOUND_PAGE, PUBLIC_PAGES, RENDERED_PAGE_MODULES } from './public-pages.ts';
import { BESIDE_THE_APP, hydrationFiles, readClientManifest } from './client-manifest.ts';
import { employerHead, pageHead, renderIndexHtml, type EmployerSummary } from './page-html.ts';

const wantsPage: (req: express.Request) => boolean = (req) =>
  (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/') && req.path !== '/api';

/** Whether the request names the template itself (as the static files would read the path: decoded, normalised). */
function namesTemplate(req: express.Request): boolean {
  try {
    return path.posix.normalize(decodeURIComponent(req.path)) === '/index.html';
  } catch {
    return false;
  }
}

/** index.html is the template of every page, without the configuration: its own URL goes to the home page. */
const templateToHome: RequestHandler = (req, res, next) => {
  if (!wantsPage(req) || !namesTemplate(req)) return next();
  const queryAt = req.originalUrl.indexOf('?');
  res.redirect(301, queryAt === -1 ? '/' : `/${req.originalUrl.slice(queryAt)}`);
};

export interface ClientHandler {
  router: Router;
  close(): Promise<void>;
}

/**
 * The page, revalidated on each visit (no-cache): its ETag lets an unchanged page come back as a 304. The app makes
 * no ETags itself (createApp), so the page sets its own.
 */
function sendPage(req: express.Request, res: Response, html: string) {
  res.setHeader('Cache-Control', 'no-cache');
  // Only the public pages are for search engines (public-pages.ts).
  if (!isPublicPage(req.path)) res.setHeader('X-Robots-Tag', 'noindex');
  // The page's language follows the language cookie, else Accept-Language.
  res.setHeader('Vary', 'Cookie, Accept-Language');
  res.setHeader('ETag', `W/"${createHash('sha1').update(html).digest('base64url')}"`);
  res.type('html').send(html);
}

/** Pages the app shows to visitors only: someone who may be signed in is taken to their own page. */
const VISITORS_ONLY = new Set(['/', '/login']);
/**
 * Pages whose query changes what they show (the sign-in screen's account type, invitation or a provider's refusal):
 * rendered by the server only as they are without one, the language apart.
 */
const SHAPED_BY_QUERY = new Set(['/login']);

/**
 * Whether the request is for a public page the server sends as HTML: one of the fixed public pages, named exactly as
 * the app's routes name it, not a visitors' page asked for by someone who may be signed in, and not a page its query
 * reshapes.
 */
function wantsRenderedPage(req: express.Request): boolean {
  if (!PUBLIC_PAGES.includes(req.path)) return false;
  if (VISITORS_ONLY.has(req.path) && hasSession(req)) return false;
  return !SHAPED_BY_QUERY.has(req.path) || Object.keys(req.query).every((name) => name === LANGUAGE_PARAMETER);
}

/** The console: only administrators know it exists, so to a request without a session it is not a page either. */
const CONSOLE = /^\/admin(\/|$)/i;

/** Whether the app has a page at the request's address (shared/app-routes.ts); any other is answered 404. */
const isPage = (req: express.Request) => isAppRoute(req.path) && (hasSession(req) || !CONSOLE.test(req.path));

const hasSession = (req: express.Request) => (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * Production: hashed assets cached for a year, index.html never cached (it carries the configuration). With a
 * renderer, the public pages arrive rendered in the reader's language.
 */
export function serveBuiltClient(
  dir: string,
  getConfig: () => PublicConfig,
  publicUrl: string,
  {
    renderer,
    findEmployer,
  }: {
    renderer?: PublicPageRenderer;
    /** A company by its page's address, for the head of a verified employer's page. */
    findEmployer?: (slug: string) => Promise<EmployerSummary | undefined>;
  } = {},
): ClientHandler {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run "npm run build" first.`);
  }
  const template = readFileSync(indexFile, 'utf8');
  const manifest = readClientManifest(dir);
  // Worked out once per page the renderer keeps, not on each request for it.
  const preloads = new WeakMap<RenderedPage, string[]>();
  const preloadsOf = (page: RenderedPage, path: string): string[] => {
    let files = preloads.get(page);
    if (!files) preloads.set(page, (files = manifest ? hydrationFiles(manifest, RENDERED_PAGE_MODULES[path], page.catalogues) : []));
    return files;
  };
  const besideFile = manifest?.[BESIDE_THE_APP]?.file;
  const beside = besideFile ? `/${besideFile}` : undefined;
  const metaFile = path.join(dir, 'page-meta.json');
  const meta = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as PageMeta) : undefined;
  const employerFile = path.join(dir, 'employer-meta.json');
  const employerTexts = existsSync(employerFile) ? (JSON.parse(readFileSync(employerFile, 'utf8')) as EmployerMeta) : undefined;
  const router = express.Router();
  router.use(templateToHome);
  const assetsDir = path.join(dir, 'assets');
  router.use('/assets', sendPrecompressed(assetsDir));
  router.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // The offline shell's worker (docs/decisions/0050-offline-shell.md) is revalidated, never kept for an hour: the
  // next visit after a release finds the new one.
  router.get('/sw.js', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    next();
  });
  router.use(express.static(dir, { index: false, maxAge: '1h' }));
  const page: RequestHandler = async (req, res, next) => {
    if (!wantsPage(req)) return next();
    const config = getConfig();
    const locale = pageLocale(req);
    const site = { publicUrl, productName: config.productName };
    const head = pageHead(meta, locale, req.path, site) ?? (await employerHead(req.path, locale, site, employerTexts, findEmployer));
    const found = isPage(req);
    const signedOut = !hasSession(req);
    // A visitor's not-found page arrives rendered too; someone signed in may have pages a visitor has not, so the app
    // decides theirs (the status says 404 all the same).
    const rendered = wantsRenderedPage(req) ? req.path : !found && signedOut ? NOT_FOUND_PAGE : undefined;
    const page = renderer && rendered ? await renderer.render(rendered, locale, config) : undefined;
    const preloads = page ? preloadsOf(page, rendered!) : [];
    if (!found) res.status(404);
    sendPage(req, res, renderIndexHtml(template, config, { locale, browserLanguages: browserLocales(req), head, body: page?.html, preloads, signedOut, beside }));
  };
  router.use(page);
  return { router, close: async () => {} };
}

/**
 * A script or style the build compressed with brotli's best setting (`x.js.br`, scripts/build/precompress.ts), for a
 * browser that takes brotli: about 13% smaller than what the server's own compression sends, and no compressing per
 * request. Only the files found at start are candidates, so an address never names another file.
 */
function sendPrecompressed(assetsDir: string): RequestHandler {
  const precompressed = new Set(
    existsSync(assetsDir)
      ? readdirSync(assetsDir)
          .filter((name) => name.endsWith('.br'))
          .map((name) => `/${name.slice(0, -'.br'.length)}`)
      : [],
  );
  return (req, res, next) => {
    if (!precompressed.has(req.path) || req.acceptsEncodings('br') !== 'br') return next();
    res.type(path.extname(req.path));
    // Set before the response starts, so the compression middleware leaves it as it is.
    res.setHeader('Content-Encoding', 'br');
    res.vary('Accept-Encoding');
    req.url = `${req.path}.br`;
    next();
  };
}

/** Development: Vite in middleware mode, with hot reload. */
export async function serveClientWithVite(root: string, getConfig: () => PublicConfig, publicUrl: string): Promise<ClientHandler> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  const router = express.Router();
  router.use(templateToHome);
  router.use(vite.middlewares);
  router.use(async (req, res, next) => {
    if (!wantsPage(req)) return next();
    try {
      const template = readFileSync(path.join(root, 'client/index.html'), 'utf8');
      const html = await vite.transformIndexHtml(req.originalUrl, template);
      const config = getConfig();
      const locale = pageLocale(req);
      // Read from the catalogues on each page, so an edited text shows at once.
      const meta = pageMetaFrom(readCataloguesIn(path.join(root, 'client/src/locales')));
      const head = pageHead(meta, locale, req.path, { publicUrl, productName: config.productName });
      if (!isPage(req)) res.status(404);
      sendPage(req, res, renderIndexHtml(html, config, { locale, browserLanguages: browserLocales(req), head, signedOut: !hasSession(req) }));
    } catch (err) {
      next(err);
    }
  });
  return { router, close: () => vite.close() };
}
