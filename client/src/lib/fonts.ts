// Fonts for the scripts system fonts may lack, self-hosted and loaded only for the language in use: English needs
// none. Each import is a CSS chunk of @font-face rules (font-display: swap); the browser then fetches only the files
// of the glyphs on the page. The family is set for the language in index.css (:lang()). Urdu is written in Nastaliq,
// not in the Naskh of Arabic: its font is cut down to Urdu's letters (scripts/subset-urdu-font.ts), regular weight only.
const FONTS: Record<string, () => Promise<unknown>[]> = {
  ar: () => [import('@fontsource/noto-sans-arabic/400.css'), import('@fontsource/noto-sans-arabic/700.css')],
  ur: () => [import('../fonts/noto-nastaliq-urdu.css')],
  hi: () => [import('@fontsource/noto-sans-devanagari/400.css'), import('@fontsource/noto-sans-devanagari/700.css')],
  ne: () => [import('@fontsource/noto-sans-devanagari/400.css'), import('@fontsource/noto-sans-devanagari/700.css')],
  bn: () => [import('@fontsource/noto-sans-bengali/400.css'), import('@fontsource/noto-sans-bengali/700.css')],
  ml: () => [import('@fontsource/noto-sans-malayalam/400.css'), import('@fontsource/noto-sans-malayalam/700.css')],
};

const loaded = new Set<string>();

export function loadFontsFor(language: string): void {
  const load = FONTS[language];
  if (!load || loaded.has(language)) return;
  loaded.add(language);
  // A font that fails to load leaves the system's: the text still shows.
  void Promise.allSettled(load());
}
