// Writes the offline shell's service worker (sw.js) at build, with the build's own file names in it: the files the
// first paint needs and the texts loaded with each language. Why only these: docs/decisions/0050-offline-shell.md.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_NAMESPACES, LOCALES } from '../../shared/locales.ts';

const WORKER_SOURCE = path.resolve(import.meta.dirname, 'offline-shell-worker.js');
/** Every cache of the worker is named so, and only its own older ones are deleted (not another part's caches). */
export const CACHE_PREFIX = 'offline-shell-';

/** The parts of a file of the build (Rollup's output) the shell is found from. */
interface BuiltFile {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: readonly string[];
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

export interface OfflineShellFiles {
  /** Changes with any file's name (their names carry their contents' hashes) and with the worker's code. */
  cacheName: string;
  cachePrefix: string;
  /** The entry's script, the scripts it imports and their styles: what the page loads before its first paint. */
  shell: string[];
  /** Per language, the catalogues loaded with it on every page (the English common texts are in the entry). */
  texts: Record<string, string[]>;
}

const CATALOGUE = /\/locales\/([^/]+)\/([^/]+)\.json$/;
const TOASTER = '/client/src/components/ui/toaster.tsx';

export function offlineShellFiles(bundle: Record<string, BuiltFile>, workerSource: string): OfflineShellFiles {
  const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry);
  if (entries.length === 0) throw new Error('The build has no entry script for the offline shell');
  /** The file and, for a script, what it imports statically (the code it cannot run without) and its styles. */
  const withImports = (fileName: string, into: Set<string>) => {
    const file = bundle[fileName];
    if (!file || into.has(`/${fileName}`)) return;
    into.add(`/${fileName}`);
    for (const imported of file.imports ?? []) withImports(imported, into);
    for (const css of file.viteMetadata?.importedCss ?? []) into.add(`/${css}`);
  };
  const shell = new Set<string>();
  for (const entry of entries) withImports(entry.fileName, shell);
  // The toasts' region, which every page loads once idle (components/ui/toast-host.tsx): a page opened offline can
  // still say what failed.
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk' && file.facadeModuleId?.replaceAll('\\', '/').endsWith(TOASTER)) withImports(file.fileName, shell);
  }

  const texts: Record<string, Set<string>> = Object.fromEntries(LOCALES.map((locale) => [locale, new Set<string>()]));
  for (const file of Object.values(bundle)) {
    const [, language, namespace] = CATALOGUE.exec(file.facadeModuleId?.replaceAll('\\', '/') ?? '') ?? [];
    if (!language || !texts[language] || !(LANGUAGE_NAMESPACES as readonly string[]).includes(namespace!)) continue;
    const files = new Set<string>();
    withImports(file.fileName, files);
    for (const name of files) if (!shell.has(name)) texts[language].add(name);
  }

  const sorted = {
    shell: [...shell].sort(),
    texts: Object.fromEntries(Object.entries(texts).map(([language, files]) => [language, [...files].sort()])),
  };
  const version = createHash('sha256').update(JSON.stringify(sorted)).update(workerSource).digest('hex').slice(0, 16);
  return { cacheName: `${CACHE_PREFIX}${version}`, cachePrefix: CACHE_PREFIX, ...sorted };
}

/** The worker as served: its files, then its code. */
export function offlineShellWorker(files: OfflineShellFiles, workerSource: string): string {
  return `// Made by the build from client/build/offline-shell-worker.js.\nconst OFFLINE_SHELL = ${JSON.stringify(files)};\n\n${workerSource}`;
}

/** Emits sw.js beside index.html; only in the production build (the dev server never registers it). */
export function offlineShell(): Plugin {
  return {
    name: 'wazifa-offline-shell',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const source = readFileSync(WORKER_SOURCE, 'utf8');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: offlineShellWorker(offlineShellFiles(bundle, source), source) });
    },
  };
}
