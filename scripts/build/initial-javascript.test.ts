import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLandingBudget, LANDING_BUDGET_BYTES, landingInitialJavaScript } from './initial-javascript.ts';

// A built client in miniature: its manifest and files of known sizes (random bytes do not compress).
const dir = mkdtempSync(path.join(tmpdir(), 'initial-javascript-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(sizes: Record<string, number>, manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>) {
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [file, size] of Object.entries(sizes)) {
    writeFileSync(path.join(dir, file), randomBytes(size));
  }
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/warm-intl.ts': { file: 'assets/warm-intl.js', isEntry: true },
  'src/app/pages/landing.tsx': { file: 'assets/landing.js', imports: ['_shared.js', '_icons.js'] },
  '_icons.js': { file: 'assets/icons.js' },
  'src/app/pages/admin.tsx': { file: 'assets/admin.js' },
  'src/locales/ar/common.json': { file: 'assets/common-ar.js' },
  'src/locales/ar/landing.json': { file: 'assets/landing-ar.js' },
  'src/locales/ar/profile.json': { file: 'assets/profile-ar.js' },
  'src/locales/en/landing.json': { file: 'assets/landing-en.js' },
};
const files = {
  'assets/index.js': 30_000,
  'assets/shared.js': 5_000,
  'assets/warm-intl.js': 100,
  'assets/landing.js': 4_000,
  'assets/icons.js': 1_000,
  'assets/admin.js': 50_000,
  'assets/common-ar.js': 2_000,
  'assets/landing-ar.js': 2_000,
  'assets/profile-ar.js': 9_000,
  'assets/landing-en.js': 2_000,
};

describe("the landing page's initial JavaScript", () => {
  it('counts the entry, the script beside it, the page and what they import once each, and the language’s catalogues it loads at once', () => {
    build(files, manifest);
    const arabic = landingInitialJavaScript(dir, 'ar').files.map(({ file }) => file).sort();
    expect(arabic).toEqual(['assets/common-ar.js', 'assets/icons.js', 'assets/index.js', 'assets/landing-ar.js', 'assets/landing.js', 'assets/shared.js', 'assets/warm-intl.js']);
    const english = landingInitialJavaScript(dir, 'en');
    expect(english.files.map(({ file }) => file)).not.toContain('assets/admin.js');
    expect(english.gzipBytes).toBe(english.files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0));
    expect(english.gzipBytes).toBeGreaterThan(40_000);
  });

  it('fails the build with the figures when a language is over its budget, and passes it otherwise', () => {
    build(files, manifest);
    expect(checkLandingBudget(dir)).toMatch(/^The landing page's initial JavaScript: en: [\d.]+ KB gzip of \d+ KB, ar: /);
    build({ ...files, 'assets/index.js': LANDING_BUDGET_BYTES.en! + 1 }, manifest);
    expect(() => checkLandingBudget(dir)).toThrow(/over its budget: en: [\d.]+ KB gzip of 100 KB; ar: /);
  });
});
