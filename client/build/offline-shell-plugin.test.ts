import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CACHE_PREFIX, offlineShellFiles, offlineShellWorker, type OfflineShellFiles } from './offline-shell-plugin.ts';

const WORKER_SOURCE = readFileSync(path.resolve(import.meta.dirname, 'offline-shell-worker.js'), 'utf8');
const SRC = '/repo/client/src';

const chunk = (fileName: string, more: { isEntry?: boolean; imports?: string[]; css?: string[]; module?: string } = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: more.isEntry ?? false,
  imports: more.imports ?? [],
  facadeModuleId: more.module ?? null,
  viteMetadata: { importedCss: new Set(more.css ?? []) },
});
const asset = (fileName: string) => ({ type: 'asset' as const, fileName });

/** A build as Rollup hands it over: an entry, what it imports, page chunks, catalogues, fonts. */
function build(entryName = 'assets/index-A1.js') {
  const files = [
    chunk(entryName, { isEntry: true, imports: ['assets/runtime-B2.js', 'assets/vendor-C3.js'], css: ['assets/index-D4.css'], module: `${SRC}/main.tsx` }),
    chunk('assets/runtime-B2.js'),
    chunk('assets/vendor-C3.js', { imports: ['assets/runtime-B2.js'] }),
    chunk('assets/careers-E5.js', { imports: ['assets/vendor-C3.js'], css: ['assets/careers-F6.css'], module: `${SRC}/app/pages/careers.tsx` }),
    chunk('assets/common-G7.js', { imports: ['assets/runtime-B2.js'], module: `${SRC}/locales/ar/common.json` }),
    chunk('assets/errors-H8.js', { module: `${SRC}/locales/ar/errors.json` }),
    chunk('assets/validation-I9.js', { module: `${SRC}/locales/ar/validation.json` }),
    chunk('assets/careers-J0.js', { module: `${SRC}/locales/ar/careers.json` }),
    chunk('assets/common-K1.js', { module: `${SRC}/locales/hi/common.json` }),
    asset('assets/index-D4.css'),
    asset('assets/careers-F6.css'),
    asset('assets/400-L2.css'),
    asset('index.html'),
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

describe('the files the offline shell keeps', () => {
  it('are the entry with what it imports and its styles, and per language the texts loaded with it', () => {
    const files = offlineShellFiles(build(), WORKER_SOURCE);
    expect(files.shell).toEqual(['/assets/index-A1.js', '/assets/index-D4.css', '/assets/runtime-B2.js', '/assets/vendor-C3.js']);
    // A page's own code and texts (careers), and fonts, wait for the network.
    expect(files.texts).toEqual({
      en: [],
      ar: ['/assets/common-G7.js', '/assets/errors-H8.js', '/assets/validation-I9.js'],
      hi: ['/assets/common-K1.js'],
      ur: [],
      bn: [],
      ne: [],
      tl: [],
      ml: [],
    });
    expect(files.cacheName).toMatch(new RegExp(`^${CACHE_PREFIX}[0-9a-f]{16}$`));
  });

  it('are kept under a name that changes with any of their names and with the worker, and only then', () => {
    const name = offlineShellFiles(build(), WORKER_SOURCE).cacheName;
    expect(offlineShellFiles(build(), WORKER_SOURCE).cacheName).toBe(name);
    expect(offlineShellFiles(build('assets/index-Z9.js'), WORKER_SOURCE).cacheName).not.toBe(name);
    const textChanged = build();
    textChanged['assets/errors-H8.js']!.fileName = 'assets/errors-X7.js';
    expect(offlineShellFiles(textChanged, WORKER_SOURCE).cacheName).not.toBe(name);
    expect(offlineShellFiles(build(), `${WORKER_SOURCE}\n// changed`).cacheName).not.toBe(name);
  });

  it('cannot be found in a build without an entry', () => {
    const { 'assets/index-A1.js': _entry, ...rest } = build();
    expect(() => offlineShellFiles(rest, WORKER_SOURCE)).toThrow(/no entry/);
  });
});

// The worker as built, run against a browser's parts made small: caches, fetch and the events.
const ORIGIN = 'https://wazifa.example';
const ARABIC_PAGE = '<!doctype html><html lang="ar" dir="rtl"><head><script type="application/json" id="public-config">{}</script></head></html>';

type Handler = (event: FakeEvent) => void;
interface FakeEvent {
  request?: { url: string; method: string; mode: string };
  answer?: Promise<Response>;
  pending: Promise<unknown>[];
  respondWith(answer: Promise<Response>): void;
  waitUntil(promise: Promise<unknown>): void;
}

function page(html: string, init: { status?: number; headers?: Record<string, string>; type?: string } = {}): Response {
  const response = new Response(html, { status: init.status ?? 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } });
  // A same-origin answer, as the browser's fetch types it.
  Object.defineProperty(response, 'type', { value: init.type ?? 'basic' });
  return response;
}

/** The Cache API, over Maps; addAll fetches as the browser's does. */
function fakeCaches(fetch: (path: string) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (request: string) => store.get(key(request))?.clone(),
      put: async (request: string, response: Response) => void store.set(key(request), response),
      addAll: async (paths: string[]) => {
        const responses = await Promise.all(paths.map((path) => fetch(path)));
        paths.forEach((path, i) => store.set(key(path), responses[i]!));
      },
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

function startWorker(files: OfflineShellFiles, network: { online: boolean; answer: (url: string) => Response }) {
  const handlers = new Map<string, Handler>();
  const fetched: string[] = [];
  const fetch = async (request: string | { url: string }) => {
    const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
    fetched.push(url);
    if (!network.online) throw new TypeError('Failed to fetch');
    return network.answer(url);
  };
  const caches = fakeCaches(fetch);
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => {},
  };
  vm.runInNewContext(offlineShellWorker(files, WORKER_SOURCE), { self, caches: caches.api, fetch, Response, URL });
  const dispatch = async (type: string, request?: FakeEvent['request']) => {
    const event: FakeEvent = {
      request,
      pending: [],
      respondWith(answer) {
        this.answer = answer;
      },
      waitUntil(promise) {
        this.pending.push(promise);
      },
    };
    handlers.get(type)!(event);
    const response = await event.answer;
    // Whatever the answer asked to finish too (keeping a page), as the browser waits for it.
    for (let done = 0; done < event.pending.length; done++) await event.pending[done];
    return { answered: Boolean(event.answer), response };
  };
  const get = (path: string, mode = 'cors', method = 'GET') => dispatch('fetch', { url: `${ORIGIN}${path}`, method, mode });
  const kept = async (path: string) => (await (await caches.api.open(files.cacheName)).match(path))?.text();
  return { caches, fetched, dispatch, get, kept };
}

describe('the offline shell worker', () => {
  const files = offlineShellFiles(build(), WORKER_SOURCE);
  const online = (overrides: Record<string, () => Response> = {}) => ({
    online: true,
    answer: (url: string) => {
      const { pathname } = new URL(url);
      return overrides[pathname]?.() ?? (pathname.startsWith('/assets/') ? new Response(`/* ${pathname} */`) : page(ARABIC_PAGE));
    },
  });

  it('keeps at install the shell, the page template in the reader\'s language and that language\'s texts', async () => {
    const worker = startWorker(files, online());
    await worker.dispatch('install');
    const cache = worker.caches.stores.get(files.cacheName)!;
    expect([...cache.keys()].map((url) => new URL(url).pathname).sort()).toEqual(
      [...files.shell, ...files.texts.ar!, '/offline-shell.html'].sort(),
    );
    expect(await worker.kept('/offline-shell.html')).toBe(ARABIC_PAGE);
  });

  it('answers no request but pages and the kept files: not the API, files, uploads, videos, other sites or a POST', async () => {
    const worker = startWorker(files, online());
    await worker.dispatch('install');
    for (const [path, mode, method] of [
      ['/api/auth/user', 'cors', 'GET'],
      ['/api/videos/tus/abc', 'cors', 'PATCH'],
      ['/api/uploads/token-1', 'cors', 'PUT'],
      ['/objects/videos/7', 'no-cors', 'GET'],
      ['/objects/cvs/7', 'navigate', 'GET'], // a CV opened in a tab
      ['/api/account/export', 'navigate', 'GET'], // a download
      ['/uploads/token-1', 'navigate', 'GET'],
      ['/careers', 'navigate', 'POST'],
      ['/assets/careers-E5.js', 'cors', 'GET'], // a page's own code: not kept
      ['/assets/400-L2.css', 'no-cors', 'GET'],
      ['/favicon.svg', 'no-cors', 'GET'],
    ] as const) {
      expect((await worker.get(path, mode, method)).answered, `${method} ${path} (${mode})`).toBe(false);
    }
    expect((await worker.dispatch('fetch', { url: 'https://player.vimeo.com/video/1', method: 'GET', mode: 'navigate' })).answered).toBe(false);
    expect((await worker.get('/assets/index-A1.js', 'cors')).answered).toBe(true);
    expect((await worker.get('/careers', 'navigate')).answered).toBe(true);
  });

  it('answers a page from the network while there is one, and keeps the last page that came as the shell', async () => {
    const network = online({ '/careers': () => page(ARABIC_PAGE.replace('lang="ar" dir="rtl"', 'lang="hi" dir="ltr"')) });
    const worker = startWorker(files, network);
    await worker.dispatch('install');
    worker.fetched.length = 0;
    const { response } = await worker.get('/careers', 'navigate');
    expect(await response!.text()).toContain('lang="hi"');
    expect(worker.fetched).toEqual([`${ORIGIN}/careers`, `${ORIGIN}/assets/common-K1.js`]);
    expect(await worker.kept('/offline-shell.html')).toContain('lang="hi"');
    // Its language's texts are kept beside it; the first language's stay until the next build.
    expect(await worker.kept('/assets/common-K1.js')).toBeDefined();
  });

  it('keeps a page the server rendered without its content, the files it named to hydrate it, and its note of a visitor with no session', async () => {
    const rendered =
      '<!doctype html><html lang="ar" dir="rtl" data-signed-out><head><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/about-1.js">\n  </head><body>\n    <div id="root"><!--$--><div><h1>من نحن</h1></div><!--/$--></div>\n  </body></html>';
    const worker = startWorker(files, online({ '/about': () => page(rendered) }));
    await worker.dispatch('install');
    await worker.get('/about', 'navigate');
    expect(await worker.kept('/offline-shell.html')).toBe('<!doctype html><html lang="ar" dir="rtl"><head></head><body>\n    <div id="root"></div>\n  </body></html>');
  });

  it('keeps no answer that is not a page as the server sends every page', async () => {
    const answers: Record<string, () => Response> = {
      '/missing': () => page('<html lang="en">not found</html>', { status: 404 }),
      '/robots.txt': () => new Response('User-agent: *', { headers: { 'Content-Type': 'text/plain' } }),
      '/private': () => page('<html lang="en">private</html>', { headers: { 'Cache-Control': 'private, no-store' } }),
      '/elsewhere': () => page('<html lang="en">opaque</html>', { type: 'opaqueredirect', status: 0 }),
    };
    const worker = startWorker(files, online(answers));
    await worker.dispatch('install');
    for (const path of Object.keys(answers)) {
      expect((await worker.get(path, 'navigate')).answered).toBe(true);
      expect(await worker.kept('/offline-shell.html'), path).toBe(ARABIC_PAGE);
    }
  });

  it('answers a page opened offline with the kept shell, and the kept files from the cache', async () => {
    const network = online();
    const worker = startWorker(files, network);
    await worker.dispatch('install');
    network.online = false;
    const { response } = await worker.get('/profile/edit', 'navigate');
    expect(response!.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await response!.text()).toBe(ARABIC_PAGE);
    expect(await (await worker.get('/assets/common-G7.js')).response!.text()).toBe('/* /assets/common-G7.js */');
  });

  it('lets an offline page fail as before when no shell is kept yet', async () => {
    const worker = startWorker(files, { online: false, answer: () => page(ARABIC_PAGE) });
    await expect(worker.get('/careers', 'navigate')).rejects.toThrow(/Failed to fetch/);
  });

  it('deletes the caches of older builds on activation, and no cache of anything else', async () => {
    const worker = startWorker(files, online());
    for (const name of [`${CACHE_PREFIX}0123456789abcdef`, 'kept-video', files.cacheName]) await worker.caches.api.open(name);
    await worker.dispatch('activate');
    expect([...worker.caches.stores.keys()].sort()).toEqual(['kept-video', files.cacheName].sort());
  });
});
