// What a public page says about itself before any script runs: its title and description in each language, for link
// previews (WhatsApp, LinkedIn) and search engines. The texts are the page's own, read from the client's catalogues
// when the client is built (vite.config.ts), so a preview says what the page says.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

type Text = readonly [namespace: string, key: string];

/** Each public page's title and description, as keys of the catalogues (the title as the page sets it). */
export const PAGE_META_TEXTS: Record<string, { title: Text; description: Text }> = {
  '/': { title: ['landing', 'title'], description: ['landing', 'hero.subline'] },
  '/about': { title: ['about', 'title'], description: ['about', 'lead'] },
  '/careers': { title: ['careers', 'title'], description: ['careers', 'lead'] },
  '/get-started': { title: ['get-started', 'title'], description: ['landing', 'hero.subline'] },
  '/get-started/company': { title: ['get-started', 'title'], description: ['get-started', 'welcome.companyIntro'] },
  '/contact-sales': { title: ['contact-sales', 'title'], description: ['landing', 'pricing.intro'] },
  '/privacy-policy': { title: ['legal', 'privacy.title'], description: ['legal', 'privacy.intro'] },
  '/terms-of-service': { title: ['legal', 'terms.title'], description: ['legal', 'terms.intro'] },
  '/login': { title: ['auth', 'signIn.title'], description: ['auth', 'signIn.subheading'] },
};

/** Reads the catalogues' files (`<locale>/<namespace>.json` under `localesDir`); undefined for one a language lacks. */
export const readCataloguesIn = (localesDir: string) => (locale: Locale, namespace: string): unknown => {
  const file = path.join(localesDir, locale, `${namespace}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

export type PageMeta = Record<Locale, Record<string, { title: string; description: string }>>;

function lookUp(catalogue: unknown, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
  return typeof found === 'string' ? found : undefined;
}

/** A text in a language, else in English (as the page itself falls back); an error names a key English lacks. */
const textIn =
  (readCatalogue: (locale: Locale, namespace: string) => unknown) =>
  (locale: Locale, [namespace, key]: Text): string => {
    const found = lookUp(readCatalogue(locale, namespace), key) ?? lookUp(readCatalogue(DEFAULT_LOCALE, namespace), key);
    if (found === undefined) throw new Error(`The catalogue ${DEFAULT_LOCALE}/${namespace} has no "${key}"`);
    return found;
  };

/**
 * Every public page's texts in every language, English where a language lacks one (as the page itself falls back).
 * `{{productName}}` stays for the server to fill in.
 */
export function pageMetaFrom(readCatalogue: (locale: Locale, namespace: string) => unknown): PageMeta {
  const text = textIn(readCatalogue);
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        Object.entries(PAGE_META_TEXTS).map(([path, texts]) => [path, { title: text(locale, texts.title), description: text(locale, texts.description) }]),
      ),
    ]),
  ) as PageMeta;
}

/** What a verified employer's page says about the company in its head, as keys of the trust catalogue. */
export const EMPLOYER_META_TEXTS = {
  verified: ['trust', 'employer.verifiedTitle'],
  subscribed: ['trust', 'employer.subscribed'],
  notSubscribed: ['trust', 'employer.notSubscribed'],
  suspended: ['trust', 'employer.suspended'],
} as const satisfies Record<string, Text>;

export type EmployerMeta = Record<Locale, Record<keyof typeof EMPLOYER_META_TEXTS, string>>;

/** The employer pages' texts in every language, English where a language lacks them; `{{productName}}` stays. */
export function employerMetaFrom(readCatalogue: (locale: Locale, namespace: string) => unknown): EmployerMeta {
  const text = textIn(readCatalogue);
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, Object.fromEntries(Object.entries(EMPLOYER_META_TEXTS).map(([name, key]) => [name, text(locale, key)]))]),
  ) as EmployerMeta;
}

/** A public page as the server's renderer gives it (client/src/render-public-page.tsx). */
export interface RenderedPage {
  /** The inside of <div id="root">. */
  html: string;
  /**
   * The catalogues its texts came from (`src/locales/ar/auth.json`), each language's and the fallback's: the browser
   * loads them to hydrate, so the server names them in the head and they come with the page's code, not after it.
   */
  catalogues: string[];
}
