import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/locales.ts';
import { PREVIEW_DIR, PREVIEW_TEXTS_FILE, previewTexts } from './make-preview-images.ts';

/** A JPEG's width and height, from its frame header. */
function jpegSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 2).toString('hex')).toBe('ffd8');
  let at = 2;
  while (at < file.length) {
    const marker = file[at + 1]!;
    const length = file.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: file.readUInt16BE(at + 5), width: file.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no frame header');
}

describe('the link preview pictures', () => {
  it('exist for every language at the size link previews use', () => {
    for (const locale of LOCALES) {
      const file = readFileSync(path.join(PREVIEW_DIR, `${locale}.jpg`));
      expect(jpegSize(file), locale).toEqual({ width: 1200, height: 630 });
      expect(file.length, locale).toBeLessThan(100_000);
    }
  });

  it('show the landing page’s texts as they are now (else: npm run previews)', () => {
    const drawn = JSON.parse(readFileSync(PREVIEW_TEXTS_FILE, 'utf8'));
    for (const locale of LOCALES) expect(drawn[locale], locale).toEqual(previewTexts(locale));
  });
});
