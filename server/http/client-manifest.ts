// The client build's manifest (dist/client/.vite/manifest.json, written by `npm run build`): which files each module of
// the client became. A rendered page names in its head the code and texts it will load to hydrate, so that they come
// with the page rather than one round trip after another (docs/decisions/0051).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

/** The small script every page loads beside the app's entry, as the manifest names it (client/src/warm-intl.ts). */
export const BESIDE_THE_APP = 'src/warm-intl.ts';

/** The manifest of the client built into `clientDir`, or undefined for a build without one. */
export function readClientManifest(clientDir: string): ClientManifest | undefined {
  const file = path.join(clientDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClientManifest) : undefined;
}

/** The JavaScript files a module needs before it runs: its own and those it imports statically, transitively. */
export function staticImportsOf(manifest: ClientManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The client's build has no chunk for ${key}`);
  if (!chunk.file.endsWith('.js') || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticImportsOf(manifest, imported, into);
  return into;
}

/**
 * The files a page rendered from `pageModule` with texts from `catalogues` loads to hydrate, less those the app's
 * shell already names (the entry and its imports), as `/assets/…` paths. Modules the build does not have as a file of
 * their own (a catalogue bundled into the entry, a language without one) are left out.
 */
export function hydrationFiles(manifest: ClientManifest, pageModule: string | undefined, catalogues: string[]): string[] {
  const named = staticImportsOf(manifest, 'index.html');
  const files = new Set<string>();
  for (const key of [pageModule, ...catalogues]) {
    if (key && manifest[key]) staticImportsOf(manifest, key, files);
  }
  return [...files].filter((file) => !named.has(file)).map((file) => `/${file}`);
}
