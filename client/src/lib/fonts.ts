// Fonts for the scripts system fonts may lack, self-hosted and loaded only for the language in use: English needs
// none. Each import is a CSS chunk of @font-face rules (font-display: optional, set by the build, but Urdu's swap);
// the browser then fetches only the files of the glyphs on the page. The family is set for the language in index.css
// (:lang()). Urdu is written in Nastaliq, not in the Naskh of Arabic: its font is cut down to Urdu's letters
// (scripts/subset-urdu-font.ts), regular weight only.
import { pageArrivedRendered } from './server-rendered';

const FONTS: Record<string, () => Promise<unknown>[]> = {
  ar: () => [import('@fontsource/noto-sans-arabic/400.css'), import('@fontsource/noto-sans-arabic/700.css')],
  ur: () => [import('../fonts/noto-nastaliq-urdu.css')],
  hi: () => [import('@fontsource/noto-sans-devanagari/400.css'), import('@fontsource/noto-sans-devanagari/700.css')],
  ne: () => [import('@fontsource/noto-sans-devanagari/400.css'), import('@fontsource/noto-sans-devanagari/700.css')],
  bn: () => [import('@fontsource/noto-sans-bengali/400.css'), import('@fontsource/noto-sans-bengali/700.css')],
  ml: () => [import('@fontsource/noto-sans-malayalam/400.css'), import('@fontsource/noto-sans-malayalam/700.css')],
};

const loaded = new Set<string>();
// On a page the server rendered, most fonts wait for it to be on the screen with its texts. It is painted in the
// phone's own font and keeps it (font-display: optional, docs/decisions/0051), so they serve later pages; asked for
// sooner, they took a slow connection's bandwidth (about 120 KB for Arabic) from the code and texts the page needs to
// work. A page the browser renders itself asks for them at once, before its first render, as before. Urdu's Nastaliq
// replaces the phone's font as soon as it arrives (its look is why it is there): it is asked for at once.
const USED_ON_ARRIVAL = new Set(['ur']);
let pageShown = !pageArrivedRendered;
let waiting: string | null = null;

/** Loads the fonts of `language`: Urdu's at once, the others once a page has been shown. */
export function loadFontsFor(language: string): void {
  const load = FONTS[language];
  if (!load || loaded.has(language)) {
    // A language chosen since, whose fonts are loaded or which needs none, is what the page shows now.
    if (!pageShown) waiting = null;
    return;
  }
  if (!pageShown && !USED_ON_ARRIVAL.has(language)) {
    waiting = language;
    return;
  }
  loaded.add(language);
  // A font that fails to load leaves the system's: the text still shows.
  void Promise.allSettled(load());
}

/** Called once a page is on the screen with its texts (every page sets its title then). */
export function startLoadingFonts(): void {
  if (pageShown) return;
  pageShown = true;
  if (waiting) loadFontsFor(waiting);
}
