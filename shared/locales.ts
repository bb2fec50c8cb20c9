// The languages of the product. English is the source of every text (the product's own wording) and the fallback of every other
// language. Arabic covers every screen; the languages of the Gulf's workforce cover the job seeker's journey, and
// the company side and the admin console fall back to English in them.

export const LOCALES = ['en', 'ar', 'hi', 'ur', 'bn', 'ne', 'tl', 'ml'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar', 'ur'];

/** Each language named in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  hi: 'हिन्दी',
  ur: 'اردو',
  bn: 'বাংলা',
  ne: 'नेपाली',
  tl: 'Tagalog',
  ml: 'മലയാളം',
};

/** Languages with every screen; the others have the job seeker's journey (JOB_SEEKER_NAMESPACES) and e-mails to job seekers. */
export const FULL_LOCALES: readonly Locale[] = ['en', 'ar'];

/** The client's catalogue namespaces (client/src/locales/<locale>/<namespace>.json) of the job seeker's journey. */
export const JOB_SEEKER_NAMESPACES = ['common', 'landing', 'get-started', 'auth', 'profile', 'pending', 'validation', 'errors', 'options', 'uploader', 'trust', 'account-data', 'language-suggestion'] as const;

/**
 * The namespaces loaded with the language on every page: forms and the server's errors can speak at any moment. The
 * offline shell keeps them, in the reader's language, beside the app's first script (client/build/offline-shell-plugin.ts).
 */
export const LANGUAGE_NAMESPACES = ['common', 'errors', 'validation'] as const;

/**
 * The one-line offer of each language in itself ('हिन्दी में देखें?'): bundled for every language, as a visitor is
 * offered a language whose other texts the page has not loaded.
 */
export const SUGGESTION_NAMESPACE = 'language-suggestion';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best supported language for a list of preferred ones, best first (navigator.languages, or Accept-Language
 * parsed): an exact match of the primary subtag ('ar-AE' is 'ar', 'fil' is Tagalog), else English.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  return localesOf(preferred)[0] ?? DEFAULT_LOCALE;
}

/** Every supported language among preferred ones, best first, each once ('en-US', 'en-GB', 'hi' are en, hi). */
export function localesOf(preferred: readonly string[]): Locale[] {
  const found: Locale[] = [];
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const locale = primary === 'fil' ? 'tl' : primary;
    if (isLocale(locale) && !found.includes(locale)) found.push(locale);
  }
  return found;
}

/**
 * The locale Intl formats a language's numbers and dates with. Chromium's ICU data, and so most phones' browsers, has
 * nothing for Nepali: it fell back to the browser's own locale ('2026 M11 26', Latin digits), and differed from the
 * server's renderer, which has it. Nepali is written with Hindi's data in Devanagari digits everywhere instead: the
 * same script and digits, in every browser and on the server (docs/decisions/0051).
 */
export const intlLocale = (language: string): string => (language === 'ne' ? 'hi-u-nu-deva' : language);

/** The query parameter that names a public page's language in its address (`/about?lang=ar`), for links and search engines. */
export const LANGUAGE_PARAMETER = 'lang';

/** The cookie that keeps a visitor's chosen language (set by the language switch, read by the server for the page). */
export const LANGUAGE_COOKIE = 'wazifa.lang';

/** The languages of an Accept-Language header, best first (by q, then order); q=0 ones left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: (tag ?? '').trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((entry) => entry.tag);
}
