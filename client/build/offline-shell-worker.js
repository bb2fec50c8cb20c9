// The offline shell (docs/decisions/0050-offline-shell.md): a page opened without a connection opens the app, which
// then says in the reader's language that it could not load, with Try again. Besides pages it answers only the build's
// files it keeps: requests to the API, files, uploads and videos, and anything but a GET, go to the network as if there
// were no worker. The build (client/build/offline-shell-plugin.ts) writes this code out as sw.js, after the constant
// OFFLINE_SHELL: the cache's name and the build's files to keep.
/* global OFFLINE_SHELL */

const { cacheName, cachePrefix, shell, texts } = OFFLINE_SHELL;

/** Where the page template is kept: the last page the server sent, with the reader's language and the public
 *  configuration in it. A key only: no request ever asks for this address. */
const SHELL_KEY = '/offline-shell.html';
/** The build's hashed files kept here, answered from here (they never change under their name). */
const kept = new Set([...shell, ...Object.values(texts).flat()]);
/** Paths that are never a page of the app, even opened in a tab: the API (uploads too), files and videos. */
const NOT_A_PAGE = /^\/(api|objects|uploads)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // Most of these come from the browser's own cache: the page that registered the worker has just loaded them.
      await cache.addAll(shell);
      const page = await fetch('/');
      if (!isShell(page)) throw new Error(`The home page answered ${page.status}: no shell to keep`);
      await keepShell(cache, page);
      // Safe at once: the pages already open asked for their files, and nothing they ask for later is answered here.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!NOT_A_PAGE.test(url.pathname)) event.respondWith(openPage(event));
    return;
  }
  if (kept.has(url.pathname)) event.respondWith(keptFile(request, url.pathname));
});

/** The network first, always; the kept shell only when the network cannot be reached at all. */
async function openPage(event) {
  try {
    const response = await fetch(event.request);
    if (isShell(response)) event.waitUntil(caches.open(cacheName).then((cache) => keepShell(cache, response.clone())));
    return response;
  } catch (error) {
    const cache = await caches.open(cacheName);
    const page = await cache.match(SHELL_KEY);
    if (page) return page;
    throw error;
  }
}

async function keptFile(request, path) {
  const cache = await caches.open(cacheName);
  return (await cache.match(path, { ignoreVary: true })) ?? fetch(request);
}

/** A page as the server sends every page: the template, with no one's data (the user is fetched by the app). */
function isShell(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
    !/no-store|private/.test(response.headers.get('Cache-Control') ?? '')
  );
}

/**
 * A page as the shell of any other: without the public page the server may have rendered into it (the app would take
 * it over as the page opened) and the files it named to hydrate that page (marked low priority; not kept, so offline
 * they would only fail), and without its note that its request had no session (it may have one by now).
 */
function shellOf(html) {
  return html
    .replace(/(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/, '$1$2')
    .replace(/<link rel="modulepreload"[^>]* fetchpriority="low"[^>]*>\s*/g, '')
    .replace(/ data-signed-out(="")?(?=[ >])/, '');
}

/** Keeps the page's text as the shell (no cookies, validators or other headers), and the texts of its language. */
async function keepShell(cache, response) {
  const html = shellOf(await response.text());
  await cache.put(SHELL_KEY, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  const language = /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? '';
  const missing = [];
  for (const path of texts[language] ?? []) {
    if (!(await cache.match(path))) missing.push(path);
  }
  await cache.addAll(missing);
}
