// The landing page's initial JavaScript: what a phone downloads and runs before the page works, measured on the built
// client's manifest. `npm run build` fails when a language's total is over the budget (docs/decisions/0051).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGUAGE_NAMESPACES, type Locale } from '#shared/locales.ts';
import { BESIDE_THE_APP, readClientManifest, staticImportsOf } from '../../server/http/client-manifest.ts';

/**
 * Gzipped bytes the landing page may load as JavaScript, per language measured: 100 KB, what a phone on a slow
 * connection can take before the page works. The app runs on Preact for it (docs/decisions/0053): 72 KB in English and
 * 80 KB in Arabic when it moved, of which i18next with its bindings is 19 KB and Preact 10.
 */
export const LANDING_BUDGET_BYTES: Partial<Record<Locale, number>> = { en: 100 * 1024, ar: 100 * 1024 };

/** Fails with the figures when the landing page's JavaScript is over its budget in a language. */
export function checkLandingBudget(clientDir: string): string {
  const lines: string[] = [];
  const over: string[] = [];
  for (const [locale, budget] of Object.entries(LANDING_BUDGET_BYTES) as [Locale, number][]) {
    const { gzipBytes } = landingInitialJavaScript(clientDir, locale);
    const line = `${locale}: ${(gzipBytes / 1024).toFixed(1)} KB gzip of ${(budget / 1024).toFixed(0)} KB`;
    lines.push(line);
    if (gzipBytes > budget) over.push(line);
  }
  if (over.length > 0) throw new Error(`The landing page's initial JavaScript is over its budget: ${over.join('; ')}`);
  return `The landing page's initial JavaScript: ${lines.join(', ')}`;
}

export interface InitialJavaScript {
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The landing page in `locale`: the entry and its imports, the script beside it, the page's chunk and its imports, and
 * the catalogues the page loads at once (the language's own and the landing's; English's common texts are in the entry).
 */
export function landingInitialJavaScript(clientDir: string, locale: Locale): InitialJavaScript {
  const manifest = readClientManifest(clientDir);
  if (!manifest) throw new Error(`The client in ${clientDir} was built without its manifest`);
  const files = staticImportsOf(manifest, 'index.html');
  staticImportsOf(manifest, BESIDE_THE_APP, files);
  staticImportsOf(manifest, 'src/app/pages/landing.tsx', files);
  for (const namespace of [...LANGUAGE_NAMESPACES, 'landing']) {
    const key = `src/locales/${locale}/${namespace}.json`;
    if (manifest[key]) staticImportsOf(manifest, key, files);
  }
  const measured = [...files].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(clientDir, file))).length }));
  return { files: measured.sort((a, b) => b.gzipBytes - a.gzipBytes), gzipBytes: measured.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
}
