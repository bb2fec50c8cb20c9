// The language of a request: the one the visitor chose (the language cookie), else their browser's (Accept-Language),
// among the product's languages (shared/locales.ts).
import type { IncomingMessage } from 'node:http';
import { acceptedLanguages, DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, localesOf, pickLocale, type Locale } from '#shared/locales.ts';

/** The language the visitor chose with the language switch, if any. */
export function chosenLocale(req: IncomingMessage): Locale | undefined {
  const cookies = req.headers.cookie ?? '';
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

export function requestLocale(req: IncomingMessage): Locale {
  return chosenLocale(req) ?? (req.headers['accept-language'] ? pickLocale(acceptedLanguages(req.headers['accept-language'])) : DEFAULT_LOCALE);
}

/**
 * The product's languages the browser asks for (Accept-Language), best first, when the visitor has not chosen one:
 * the page offers the others than its own ('हिन्दी में देखें?'). Empty once a language is chosen.
 */
export function browserLocales(req: IncomingMessage): Locale[] {
  return chosenLocale(req) ? [] : localesOf(acceptedLanguages(req.headers['accept-language']));
}
