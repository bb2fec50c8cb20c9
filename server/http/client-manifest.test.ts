import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrationFiles, staticImportsOf, type ClientManifest } from './client-manifest.ts';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, RENDERED_PAGE_MODULES } from './public-pages.ts';

// As the build writes it: the entry (index.html) with its imports, pages loaded on demand, catalogues as chunks.
const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-2.js', '_i18n-3.js'] },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_i18n-3.js': { file: 'assets/i18n-3.js', imports: ['_react-2.js'] },
  'src/app/pages/login.tsx': { file: 'assets/login-4.js', imports: ['_react-2.js', '_form-5.js', 'index.html'] },
  '_form-5.js': { file: 'assets/form-5.js', imports: ['_zod-6.js'] },
  '_zod-6.js': { file: 'assets/zod-6.js' },
  'src/locales/ar/auth.json': { file: 'assets/auth-7.js' },
  'src/locales/en/auth.json': { file: 'assets/auth-8.js' },
  'src/styles.css': { file: 'assets/styles-9.css' },
};

describe('the files a rendered page loads to hydrate', () => {
  it('are its module with what it imports, and its catalogues, less what the app already names', () => {
    expect(hydrationFiles(manifest, 'src/app/pages/login.tsx', ['src/locales/ar/auth.json', 'src/locales/en/auth.json', 'src/locales/en/common.json'])).toEqual([
      '/assets/login-4.js',
      '/assets/form-5.js',
      '/assets/zod-6.js',
      '/assets/auth-7.js',
      '/assets/auth-8.js',
    ]);
    expect(hydrationFiles(manifest, undefined, [])).toEqual([]);
  });

  it('follow static imports only, each once, and only scripts', () => {
    expect([...staticImportsOf(manifest, 'src/app/pages/login.tsx')]).toEqual(['assets/login-4.js', 'assets/react-2.js', 'assets/form-5.js', 'assets/zod-6.js', 'assets/index-1.js', 'assets/i18n-3.js']);
    expect([...staticImportsOf(manifest, 'src/styles.css')]).toEqual([]);
    expect(() => staticImportsOf(manifest, 'src/gone.tsx')).toThrow(/no chunk for src\/gone\.tsx/);
  });

  it('start from the module the app loads for each page the server renders', () => {
    const app = readFileSync(path.join(import.meta.dirname, '../../client/src/app/App.tsx'), 'utf8');
    for (const page of [...PUBLIC_PAGES, NOT_FOUND_PAGE]) {
      const module = RENDERED_PAGE_MODULES[page];
      expect(module, page).toMatch(/^src\/app\/pages\/[a-z-]+\.tsx$/);
      expect(app, page).toContain(`import('./pages/${path.basename(module!, '.tsx')}')`);
    }
  });
});
