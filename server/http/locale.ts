// The language of a request: the one the visitor chose (the language cookie), else their browser's (Accept-Language),
// among the product's languages (shared/locales.ts).
import type { IncomingMessage } from 'node:http';
import { acceptedLanguages, DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, LANGUAGE_PARAMETER, localesOf, pickLocale, type Locale } from '#shared/locales.ts';

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

/**
 * The language of a page: the one its address names (`?lang=ar`, each language's own address of a public page),
 * else the request's. Naming it in the address does not choose it for the next pages: the cookie does that.
 */
export function pageLocale(req: IncomingMessage): Locale {
  const named = new URL(req.url ?? '/', 'http://page').searchParams.get(LANGUAGE_PARAMETER);
  return isLocale(named) ? named : requestLocale(req);
}
