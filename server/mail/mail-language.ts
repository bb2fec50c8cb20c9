// E-mails are written in the recipient's language, the account's locale. The texts live in
// server/mail/locales/<locale>/emails.json (docs/i18n.md). English is the source and fills any text a language does
// not have: the languages of the job seeker's journey carry the e-mails to job seekers, and company e-mails reach
// them in English. The support team's own e-mails stay English.
import { existsSync, readFileSync } from 'node:fs';
import { FILS_PER_AED, formatAed } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, RTL_LOCALES, type Locale } from '#shared/locales.ts';

type Catalogue = { [key: string]: string | Catalogue };
type Values = Record<string, string | number | undefined>;

const catalogues = new Map<Locale, Catalogue>();
function catalogue(locale: Locale): Catalogue {
  let found = catalogues.get(locale);
  if (!found) {
    const file = new URL(`./locales/${locale}/emails.json`, import.meta.url);
    found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {};
    catalogues.set(locale, found);
  }
  return found;
}

function lookup(tree: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Unicode's first-strong isolate: a name or an amount keeps its own direction inside right-to-left text. */
const isolate = (text: string) => `\u2068${text}\u2069`;

export interface MailLanguage {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** The text of a key in this language (else English), its {{values}} filled in; `count` picks the plural form. */
  t(key: string, values?: Values): string;
  /** A YYYY-MM-DD date as the language writes it: '28 February 2026', '28 فبراير 2026'. */
  date(isoDate: string): string;
  /** An amount of dirhams in fils: 'AED 1,417.50' in English, with the language's own order and signs elsewhere. */
  money(fils: number): string;
}

export function mailLanguage(locale: string | null | undefined): MailLanguage {
  const chosen: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const rightToLeft = RTL_LOCALES.includes(chosen);
  const numbers = new Intl.NumberFormat(chosen);
  const plurals = new Intl.PluralRules(chosen);
  const englishPlurals = new Intl.PluralRules(DEFAULT_LOCALE);

  const text = (key: string, count: number | undefined): string => {
    if (count !== undefined) {
      const own = lookup(catalogue(chosen), `${key}_${plurals.select(count)}`);
      if (own !== undefined) return own;
      const english = lookup(catalogue(DEFAULT_LOCALE), `${key}_${englishPlurals.select(count)}`);
      if (english !== undefined) return english;
    }
    const found = lookup(catalogue(chosen), key) ?? lookup(catalogue(DEFAULT_LOCALE), key);
    if (found === undefined) throw new Error(`No e-mail text "${key}"`);
    return found;
  };

  return {
    locale: chosen,
    dir: rightToLeft ? 'rtl' : 'ltr',
    t(key, values = {}) {
      const count = typeof values.count === 'number' ? values.count : undefined;
      return text(key, count).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`E-mail text "${key}" needs {{${name}}}`);
        const shown = typeof value === 'number' ? numbers.format(value) : value;
        return rightToLeft ? isolate(shown) : shown;
      });
    },
    date(isoDate) {
      // English as written in the Gulf (day month year); the others in their own way.
      return new Intl.DateTimeFormat(chosen === DEFAULT_LOCALE ? 'en-GB' : chosen, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${isoDate}T00:00:00Z`));
    },
    money(fils) {
      if (chosen === DEFAULT_LOCALE) return `AED ${formatAed(fils)}`;
      const amount = fils / FILS_PER_AED;
      return new Intl.NumberFormat(chosen, {
        style: 'currency',
        currency: 'AED',
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(amount);
    },
  };
}
