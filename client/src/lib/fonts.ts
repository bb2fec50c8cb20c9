// Fonts for the scripts system fonts may lack, self-hosted and loaded only for the language in use: English needs
// none. Each import is a CSS chunk of @font-face rules (font-display: optional, set by the build, but Urdu's swap);
// the browser then fetches only the files of the glyphs on the page. The family is set for the language in index.css
// (:lang()). Urdu is written in Nastaliq, not in the Naskh of Arabic: its font is cut down to Urdu's letters
// (scripts/subset-urdu-font.ts), regular weight only.
import { whenPageShown } from './page-shown';
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
// On a page the server rendered, most fonts wait for it to be on the screen with its texts: it is painted in the
// phone's own font and keeps it (font-display: optional, docs/decisions/0051), so they serve later pages. A page the
// browser renders itself asks for them at once, before its first render. Urdu's Nastaliq replaces the phone's font as
// soon as it arrives (its look is why it is there): it is asked for at once.
const USED_ON_ARRIVAL = new Set(['ur']);
let chosen: string | null = null;

/** Loads the fonts of `language`: at once, or once the page the server rendered is on the screen. */
export function loadFontsFor(language: string): void {
  chosen = language;
  if (!pageArrivedRendered || USED_ON_ARRIVAL.has(language)) fetchFonts(language);
  // A language chosen meanwhile is the one whose fonts the page needs.
  else whenPageShown(() => chosen === language && fetchFonts(language));
}

function fetchFonts(language: string) {
  const load = FONTS[language];
  if (!load || loaded.has(language)) return;
  loaded.add(language);
  // A font that fails to load leaves the system's: the text still shows.
  void Promise.allSettled(load());
}
