// The client's two builds, from one definition: the browser's bundle (dist/client), and the renderer of the public
// pages (dist/page-renderer): the same components under Preact's server renderer, which the server runs to send those
// pages as HTML in the reader's language (docs/decisions/0051-public-pages-rendered-by-the-server.md).
import path from 'node:path';
import { build, type LogLevel } from 'vite';
import { checkLandingBudget } from './initial-javascript.ts';
import { precompressAssets } from './precompress.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const PAGE_RENDERER_DIR = path.join(root, 'dist/page-renderer');

export async function buildClient({ logLevel = 'info' }: { logLevel?: LogLevel } = {}): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle the libraries' development builds.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const configFile = path.join(root, 'vite.config.ts');
    await build({ configFile, logLevel, mode: 'production' });
    const budget = checkLandingBudget(path.join(root, 'dist/client'));
    if (logLevel === 'info') console.log(budget);
    const precompressed = await precompressAssets(path.join(root, 'dist/client/assets'));
    if (logLevel === 'info') console.log(`Compressed ${precompressed} scripts and styles with brotli`);
    await build({
      configFile,
      logLevel,
      mode: 'production',
      build: { ssr: 'src/render-public-page.tsx', outDir: PAGE_RENDERER_DIR, emptyOutDir: true, copyPublicDir: false },
      // Self-contained: the server imports one file tree and needs no client library in its own dependencies.
      ssr: { noExternal: true, target: 'node' },
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
