// Fonts for the scripts system fonts may lack, self-hosted and loaded only for the language in use: English needs
// none. Each stylesheet holds @font-face rules (font-display: optional, set by the build, but Urdu's swap);
// the browser then fetches only the files of the glyphs on the page. The family is set for the language in index.css
// (:lang()). Urdu is written in Nastaliq, not in the Naskh of Arabic: its font is cut down to Urdu's letters
// (scripts/subset-urdu-font.ts), regular weight only.
import arabic400 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?url';
import arabic700 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2?url';
import arabicLatin400 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-400-normal.woff2?url';
import arabicLatin700 from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-latin-700-normal.woff2?url';
import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import malayalam400 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2?url';
import malayalam700 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff2?url';
import arabicCss400 from '@fontsource/noto-sans-arabic/400.css?url';
import arabicCss700 from '@fontsource/noto-sans-arabic/700.css?url';
import bengaliCss400 from '@fontsource/noto-sans-bengali/400.css?url';
import bengaliCss700 from '@fontsource/noto-sans-bengali/700.css?url';
import devanagariCss400 from '@fontsource/noto-sans-devanagari/400.css?url';
import devanagariCss700 from '@fontsource/noto-sans-devanagari/700.css?url';
import malayalamCss400 from '@fontsource/noto-sans-malayalam/400.css?url';
import malayalamCss700 from '@fontsource/noto-sans-malayalam/700.css?url';
import nastaliqCss from '../fonts/noto-nastaliq-urdu.css?url';
import { whenPageShown } from './page-shown';
import { pageArrivedRendered } from './server-rendered';

const STYLESHEETS: Record<string, string[]> = {
  ar: [arabicCss400, arabicCss700],
  ur: [nastaliqCss],
  hi: [devanagariCss400, devanagariCss700],
  ne: [devanagariCss400, devanagariCss700],
  bn: [bengaliCss400, bengaliCss700],
  ml: [malayalamCss400, malayalamCss700],
};

// The files of those rules that a page's text in the language uses (Arabic's family covers its Latin letters too).
const FILES: Record<string, string[]> = {
  ar: [arabic400, arabic700, arabicLatin400, arabicLatin700],
  hi: [devanagari400, devanagari700],
  ne: [devanagari400, devanagari700],
  bn: [bengali400, bengali700],
  ml: [malayalam400, malayalam700],
};

// Font files this browser has fetched for later pages, kept across visits: their names change with their content.
const FETCHED_KEY = 'wazifa.fonts-fetched';

// Urdu's Nastaliq replaces the phone's font as soon as it arrives (its look is why it is there): it is asked for at
// once.
const USED_ON_ARRIVAL = new Set(['ur']);
const applied = new Set<string>();
const fetching = new Set<string>();
// The language whose fonts the first page fetched: the next page takes them, the app's own navigation included.
let fetchedForNextPage: string | null = null;
let chosen: string | null = null;
// The language of the page the server rendered, until another is chosen ('' once one is, or on a page the browser
// renders itself). i18n may name it more than once as it starts.
let arrivalLanguage: string | null = pageArrivedRendered ? null : '';

/**
 * Loads the fonts of `language`. The first page the server rendered keeps the phone's font: it is painted in it, and
 * a font's rules taking effect after that would lay the whole page out again on the phone's processor for text it
 * would not redraw (font-display: optional). So its fonts wait until it is on the screen: taken then if an earlier
 * visit fetched them (from the cache), else only fetched, for the pages after it (docs/decisions/0053). The storage
 * that says so is read then too, not while the page is taking shape. A page the browser renders itself, a language
 * chosen later and Urdu take their fonts at once.
 */
export function loadFontsFor(language: string): void {
  chosen = language;
  if (arrivalLanguage === null) arrivalLanguage = language;
  else if (language !== arrivalLanguage) arrivalLanguage = '';
  // English and the other languages the phone's fonts cover.
  if (!STYLESHEETS[language]) return;
  if (language !== arrivalLanguage || USED_ON_ARRIVAL.has(language)) applyFonts(language);
  // A language chosen meanwhile is the one whose fonts the page needs.
  else whenPageShown(() => chosen === language && (fetchedBefore(language) ? applyFonts(language) : fetchForLaterPages(language)));
}

function applyFonts(language: string) {
  const stylesheets = STYLESHEETS[language];
  if (!stylesheets || applied.has(language)) return;
  applied.add(language);
  // A stylesheet or font that fails to load leaves the system's font: the text still shows.
  for (const href of stylesheets) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

/** The stylesheets and font files a page in `language` uses. */
const filesOf = (language: string) => [...(STYLESHEETS[language] ?? []), ...(FILES[language] ?? [])];

function fetchedFiles(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(FETCHED_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    // Storage refused (a private window) or spoilt: as if nothing was fetched.
    return [];
  }
}

function fetchedBefore(language: string): boolean {
  const fetched = fetchedFiles();
  return filesOf(language).every((file) => fetched.includes(file));
}

function fetchForLaterPages(language: string) {
  if (!FILES[language] || fetching.has(language)) return;
  fetching.add(language);
  const files = filesOf(language);
  // Into the browser's cache (the files are immutable), at the lowest priority: nothing on this page waits for them.
  void Promise.all(
    files.map(async (file) => {
      const response = await fetch(file, { priority: 'low' });
      if (!response.ok) throw new Error(`font ${file}: ${response.status}`);
      await response.arrayBuffer();
    }),
  )
    .then(() => {
      // Only names of files that exist today are kept, so the list does not grow with each release.
      const known = new Set(Object.keys(STYLESHEETS).flatMap(filesOf));
      const fetched = [...new Set([...fetchedFiles(), ...files])].filter((file) => known.has(file));
      fetchedForNextPage = language;
      localStorage.setItem(FETCHED_KEY, JSON.stringify(fetched));
    })
    .catch(() => {
      // Offline, or storage refused: the next page tries again.
    });
}

/**
 * Another page of the app is being shown: it is laid out anew anyway, so the fonts the first page only fetched take
 * effect now, from the cache, instead of waiting for a page the server sends (a journey inside the app may never
 * load one, and a phone without a font for the script would show boxes all along it).
 */
export function takeFetchedFonts(): void {
  if (fetchedForNextPage && fetchedForNextPage === chosen) applyFonts(fetchedForNextPage);
}
