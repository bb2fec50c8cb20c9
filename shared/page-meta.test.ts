import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales.ts';
import { employerMetaFrom, PAGE_META_TEXTS, pageMetaFrom } from './page-meta.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../client/src/locales');
const readCatalogue = (locale: Locale, namespace: string) => {
  const file = path.join(LOCALES_DIR, locale, `${namespace}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

describe('the public pages’ titles and descriptions', () => {
  it('are found for every public page in every language, in its own words where the page is translated', () => {
    const meta = pageMetaFrom(readCatalogue);
    for (const locale of LOCALES) expect(Object.keys(meta[locale]).sort()).toEqual(Object.keys(PAGE_META_TEXTS).sort());
    expect(meta.en['/about']).toEqual({ title: 'About Us', description: expect.stringMatching(/^Finding work in the Gulf is hard/) });
    // The landing page is in every language; the company side in English and Arabic.
    expect(meta.ar['/']!.title).toMatch(/[\u0600-\u06FF]/);
    expect(meta.hi['/']!.description).toMatch(/[\u0900-\u097F]/);
    expect(meta.ar['/contact-sales']!.title).toMatch(/[\u0600-\u06FF]/);
    expect(meta.hi['/contact-sales']!.title).toBe(meta.en['/contact-sales']!.title);
  });

  it('has the employer pages’ texts in every language, in Arabic in its own words', () => {
    const meta = employerMetaFrom(readCatalogue);
    for (const locale of LOCALES) expect(Object.values(meta[locale]).every((text) => text.length > 0), locale).toBe(true);
    expect(meta.en.verified).toBe('Verified employer');
    expect(meta.ar.verified).toMatch(/[\u0600-\u06FF]/);
    expect(meta.en.subscribed).toContain('{{productName}}');
  });

  it('says which key is missing rather than sending an empty preview', () => {
    expect(() => pageMetaFrom(() => ({}))).toThrow(/catalogue en\/landing has no "title"/);
  });
});
