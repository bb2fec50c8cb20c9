// The reader's language: applied at once, remembered in a cookie (the server renders the next page in it).
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_PARAMETER, localesOf, type Locale } from '#shared/locales.ts';
import i18n from './i18n';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export async function applyLanguage(locale: Locale): Promise<void> {
  rememberLanguage(locale);
  // An address that names a language (`/about?lang=ar`, a public page's address in a language) would bring it back
  // on reload: the chosen language replaces it.
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_PARAMETER)) {
    url.searchParams.delete(LANGUAGE_PARAMETER);
    window.history.replaceState(window.history.state, '', url);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The language chosen on this device (the switch, or the offer of another language answered), if any. */
export function chosenLanguage(): Locale | undefined {
  for (const pair of document.cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/**
 * The product's languages the browser asks for, best first: those of Accept-Language, which the server wrote into
 * the page (a browser may send fewer than it has), then navigator.languages.
 */
export function browserLanguages(): Locale[] {
  const fromServer = document.documentElement.dataset.browserLanguages?.split(' ') ?? [];
  return localesOf([...fromServer, ...(navigator.languages ?? [navigator.language])]);
}
