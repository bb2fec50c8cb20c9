import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

import { pageMetaFrom } from './shared/page-meta.ts';

/** The public pages' titles and descriptions in every language, for the server to put in each page's head. */
function pageMeta(): Plugin {
  return {
    name: 'wazifa-page-meta',
    apply: 'build',
    generateBundle() {
      const locales = path.resolve(import.meta.dirname, 'client/src/locales');
      const meta = pageMetaFrom((locale, namespace) => {
        const file = path.join(locales, locale, `${namespace}.json`);
        return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
      });
      this.emitFile({ type: 'asset', fileName: 'page-meta.json', source: JSON.stringify(meta) });
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [react(), tailwindcss(), pageMeta()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'client/src') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
  },
});
