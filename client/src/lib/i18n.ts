// All user-facing text goes through i18next. Each feature has its own namespace file under
// locales/<language>/, loaded when a page first needs it, so the landing page does not carry the legal texts.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { errorCatalogue } from '#shared/errors.ts';
import common from '../locales/en/common.json';
import { publicConfig } from './public-config';

// The common catalogue is bundled (imported above), every other one is its own chunk.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/en/common.json']);

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const RTL_LANGUAGES = new Set(['ar', 'ur']);

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    // The common texts (top bar, footer, loading) ship with the app so the first paint needs no request; so do the
    // English texts of the server's errors, which are the table the server answers from.
    resources: { en: { common, errors: errorCatalogue() } },
    partialBundledLanguages: true,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: {
      escapeValue: false, // React escapes
      defaultVariables: { productName: publicConfig.productName, supportEmail: publicConfig.supportEmail },
    },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  document.documentElement.dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
});

export default i18n;
