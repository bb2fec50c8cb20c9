// Draws the link preview of the public pages (Open Graph, 1200x630), one per language, in its own script:
// `npm run previews` writes client/public/previews/<locale>.jpg, committed with the texts they show. Run it again
// when the landing page's title or trust line changes (scripts/preview-images.test.ts compares the texts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { LOCALES, RTL_LOCALES, type Locale } from '../shared/locales.ts';
import { escapeMarkup } from '../shared/markup.ts';
import { readCataloguesIn } from '../shared/page-meta.ts';

const root = path.resolve(import.meta.dirname, '..');
export const PREVIEW_DIR = path.join(root, 'client/public/previews');
export const PREVIEW_TEXTS_FILE = path.join(PREVIEW_DIR, 'texts.json');

/** The texts a language's preview shows: the landing page's title and its trust line. */
export function previewTexts(locale: Locale): { title: string; trust: string } {
  const read = readCataloguesIn(path.join(root, 'client/src/locales'));
  const own = read(locale, 'landing') as { title?: string; hero?: { trust?: string } } | undefined;
  const english = read('en', 'landing') as { title: string; hero: { trust: string } };
  return { title: own?.title ?? english.title, trust: own?.hero?.trust ?? english.hero.trust };
}

const FONTS: Partial<Record<Locale, { family: string; file: string }>> = {
  ar: { family: 'Noto Sans Arabic', file: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2' },
  ur: { family: 'Noto Nastaliq Urdu', file: '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-700-normal.woff2' },
  hi: { family: 'Noto Sans Devanagari', file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2' },
  ne: { family: 'Noto Sans Devanagari', file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2' },
  bn: { family: 'Noto Sans Bengali', file: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2' },
  ml: { family: 'Noto Sans Malayalam', file: '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff2' },
};

function page(locale: Locale, productName: string): string {
  const { title, trust } = previewTexts(locale);
  const font = FONTS[locale];
  const face = font
    ? `@font-face { font-family: '${font.family}'; font-weight: 700; src: url(data:font/woff2;base64,${readFileSync(path.join(root, 'node_modules', font.file)).toString('base64')}) format('woff2'); }`
    : '';
  const family = font ? `'${font.family}', 'DejaVu Sans', sans-serif` : `'DejaVu Sans', sans-serif`;
  const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><style>
    ${face}
    * { box-sizing: border-box; margin: 0; }
    body { width: 1200px; height: 630px; overflow: hidden; background: #064e3b; color: #fff; font-family: ${family}; font-weight: 700;
      display: flex; align-items: center; gap: 64px; padding: 0 88px; }
    .text { flex: 1; display: flex; flex-direction: column; gap: 36px; }
    .name { font-family: 'DejaVu Sans', sans-serif; font-size: 44px; color: #6ee7b7; letter-spacing: 1px; }
    h1 { font-size: ${locale === 'ur' ? 58 : 64}px; line-height: ${locale === 'ur' ? 1.9 : 1.25}; }
    p { font-size: 30px; color: #d1fae5; line-height: ${locale === 'ur' ? 2 : 1.4}; }
    .phone { width: 270px; height: 470px; border-radius: 40px; background: #ecfdf5; padding: 18px; flex: none; }
    .screen { height: 100%; border-radius: 26px; background: linear-gradient(160deg, #10b981, #047857); position: relative; }
    .play { position: absolute; inset: 0; margin: auto; width: 110px; height: 110px; border-radius: 50%; background: rgba(255,255,255,.92); }
    .play::after { content: ''; position: absolute; top: 33px; left: 43px; border-style: solid; border-width: 22px 0 22px 36px; border-color: transparent transparent transparent #047857; }
    .card { position: absolute; left: 18px; right: 18px; bottom: 22px; height: 64px; border-radius: 16px; background: rgba(255,255,255,.9); }
  </style></head><body>
    <div class="text"><div class="name">${escapeMarkup(productName)}</div><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(trust)}</p></div>
    <div class="phone" aria-hidden="true"><div class="screen"><div class="play"></div><div class="card"></div></div></div>
  </body></html>`;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 630 } });
    const tab = await context.newPage();
    const texts: Record<string, { title: string; trust: string }> = {};
    for (const locale of LOCALES) {
      await tab.setContent(page(locale, 'Wazifa'));
      await tab.evaluate(() => document.fonts.ready);
      writeFileSync(path.join(PREVIEW_DIR, `${locale}.jpg`), await tab.screenshot({ type: 'jpeg', quality: 82 }));
      texts[locale] = previewTexts(locale);
      console.log(`previews/${locale}.jpg`);
    }
    writeFileSync(PREVIEW_TEXTS_FILE, `${JSON.stringify(texts, null, 2)}\n`);
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
