// All user-facing text goes through i18next. Each feature has its own namespace file under
// locales/<language>/, loaded when a page first needs it, so the landing page does not carry the legal texts.
// English is the source and the fallback of every key; Arabic has every namespace, the languages of the Gulf's
// workforce the job seeker's (shared/locales.ts), and anything missing shows in English, never as a key.
import i18n, { type BackendModule, type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FULL_LOCALES, intlLocale, isLocale, JOB_SEEKER_NAMESPACES, LANGUAGE_NAMESPACES, LOCALES, pickLocale, RTL_LOCALES, SUGGESTION_NAMESPACE, type Locale } from '#shared/locales.ts';
import common from '../locales/en/common.json';
import { loadFontsFor } from './fonts';
import { publicConfig } from './public-config';

// The common catalogue is bundled (imported above), and so is each language's offer of itself (a line each, shown
// before the language is loaded); every other one is its own chunk.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/*/language-suggestion.json',
]);
const suggestions = import.meta.glob<Record<string, string>>('../locales/*/language-suggestion.json', { eager: true, import: 'default' });
const bundled: Record<string, Record<string, Record<string, unknown>>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, { [SUGGESTION_NAMESPACE]: suggestions[`../locales/${locale}/${SUGGESTION_NAMESPACE}.json`]! }]),
);
bundled.en!.common = common;

/**
 * The catalogue file a language's namespace is read from, under client/src. A namespace a language does not have (the
 * company side in Hindi, say) is the English one there. Not an empty one with English as the fallback: an empty
 * catalogue counts as loaded at once, and a page rendered before the fallback's arrived showed keys (or failed on a
 * list) instead of the English texts.
 */
export function catalogueFile(language: string, namespace: string): string {
  const covered = FULL_LOCALES.includes(language as Locale) || (JOB_SEEKER_NAMESPACES as readonly string[]).includes(namespace);
  return `locales/${covered ? language : 'en'}/${namespace}.json`;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../${catalogueFile(language, namespace)}`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const isRightToLeft = (language: string) => RTL_LOCALES.includes(language as Locale);

const RIGHT_TO_LEFT_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
/** Unicode's first-strong isolate: the value keeps its own direction and does not reorder the sentence around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

// Made once per language: making an Intl formatter costs far more than using one (about 0.1 ms on a slow phone),
// and a page's texts ask for one per number they show.
const numberFormats = new Map<string, Intl.NumberFormat>();
function formatNumberIn(language: string, value: number): string {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(intlLocale(language))));
  return format.format(value);
}

// Values put into texts are written for the reader: numbers ({{count}}, {{hours}}) in the language's digits, and
// names, e-mails, phone numbers and amounts isolated from the sentence's direction (docs/i18n.md): in a right-to-left
// text every value, in a left-to-right text a value in a right-to-left script (an Arabic name in English).
const valuesForTheReader: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value, _format, language) => {
    const text = typeof value === 'number' ? formatNumberIn(language ?? 'en', value) : value;
    if (typeof text !== 'string' || !text) return text;
    return isRightToLeft(language ?? '') || RIGHT_TO_LEFT_SCRIPT.test(text) ? isolate(text) : text;
  },
};

/** The page's language as the server chose it (the language cookie, else the browser's), else the browser's. */
function initialLanguage(): Locale {
  // The server's renderer sets the language of each page it renders (render-public-page.tsx).
  if (typeof document === 'undefined') return 'en';
  const fromPage = document.documentElement.lang;
  return isLocale(fromPage) ? fromPage : pickLocale(navigator.languages ?? [navigator.language]);
}

function applyLanguage(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  loadFontsFor(language);
}

void i18n
  .use(lazyCatalogues)
  .use(valuesForTheReader)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    // The common texts (top bar, footer, loading) ship with the app so the first paint needs no request. English
    // has no errors catalogue to load: an error answer's `message` is its English text (describe-error.ts), and
    // texts of codes the client shows itself carry the English as their default (shared/errors.ts).
    resources: bundled,
    partialBundledLanguages: true,
    // Loaded with the language: forms and the server's errors can speak at any moment on any page.
    ns: [...LANGUAGE_NAMESPACES],
    defaultNS: 'common',
    interpolation: {
      escapeValue: false, // React escapes
      alwaysFormat: true,
      // Read at each text: the server's renderer sets the configuration for each page it renders.
      defaultVariables: {
        get productName() {
          return publicConfig.productName;
        },
        get supportEmail() {
          return publicConfig.supportEmail;
        },
      },
    },
    react: { useSuspense: true },
  });

applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export default i18n;
