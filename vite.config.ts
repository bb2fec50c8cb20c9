import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

import { pageMetaFrom, readCataloguesIn } from './shared/page-meta.ts';
import { offlineShell } from './client/build/offline-shell-plugin.ts';

/** The public pages' titles and descriptions in every language, for the server to put in each page's head. */
function pageMeta(): Plugin {
  return {
    name: 'wazifa-page-meta',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle() {
      const meta = pageMetaFrom(readCataloguesIn(path.resolve(import.meta.dirname, 'client/src/locales')));
      this.emitFile({ type: 'asset', fileName: 'page-meta.json', source: JSON.stringify(meta) });
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [react(), tailwindcss(), pageMeta(), offlineShell()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'client/src') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    // Read by the JavaScript budget (scripts/build/initial-javascript.ts); not served (a dot directory).
    manifest: true,
    emptyOutDir: true,
  },
  server: {
    port: 5173,
  },
});
