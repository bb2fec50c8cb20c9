import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

import { employerMetaFrom, pageMetaFrom, readCataloguesIn } from './shared/page-meta.ts';
import { offlineShell } from './client/build/offline-shell-plugin.ts';

/** The public pages' titles and descriptions, and the employer pages' texts, in every language, for the server to put in each page's head. */
function pageMeta(): Plugin {
  return {
    name: 'wazifa-page-meta',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle() {
      const catalogues = readCataloguesIn(path.resolve(import.meta.dirname, 'client/src/locales'));
      this.emitFile({ type: 'asset', fileName: 'page-meta.json', source: JSON.stringify(pageMetaFrom(catalogues)) });
      this.emitFile({ type: 'asset', fileName: 'employer-meta.json', source: JSON.stringify(employerMetaFrom(catalogues)) });
    },
  };
}

/**
 * The self-hosted Noto fonts (Arabic, Devanagari, Bengali, Malayalam) show only if they have arrived by the first
 * paint (`font-display: optional`), else the phone's own font stays for that page: a font swapping in later moved
 * the whole page (a layout shift of 0.3 on Arabic pages). They are kept for the next page. Urdu's Nastaliq keeps
 * `swap` (client/src/fonts): its look is the reason it is there. `lib/fonts.ts` imports the stylesheets for their
 * address (`?url`), which Vite processes under the id `?transform-only`.
 */
function fontsWithoutShift(): Plugin {
  return {
    name: 'wazifa-fonts-without-shift',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/][^?]+\.css(\?(url|transform-only))?$/.test(id)) return undefined;
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  // The JSX of the `react` names, which are Preact's (docs/decisions/0053). React's Fast Refresh is off: it updates
  // React's components only, so an edited component would stay as it was; `npm run dev` reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), fontsWithoutShift(), pageMeta(), offlineShell()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'client/src') },
      // zod, told first not to try `new Function`, which the page's policy forbids (client/src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'client/src/lib/zod-jitless.ts') },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    // Read by the JavaScript budget (scripts/build/initial-javascript.ts); not served (a dot directory).
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'client/index.html'),
        // Loaded beside the app by every page the server sends (client/src/warm-intl.ts).
        'warm-intl': path.resolve(import.meta.dirname, 'client/src/warm-intl.ts'),
      },
      output: {
        // Preact with its JSX runtime and its React names (`react` and `react-dom` are Preact's compatibility layer,
        // docs/decisions/0053), and the list of languages, in one chunk: the sign-in forms' checks, loaded apart
        // (client/src/features/auth/lib/auth-form-checks.ts), share them with the app's entry, and left alone the
        // bundler gave each a file of its own, more requests on every page. Its runtime helpers (0.4 KB) still get
        // one: a group cannot take them.
        codeSplitting: { groups: [{ name: 'preact', test: /node_modules[\\/](preact|react|react-dom)[\\/]|shared[\\/]locales\.ts/ }] },
      },
    },
  },
  server: {
    port: 5173,
  },
});
