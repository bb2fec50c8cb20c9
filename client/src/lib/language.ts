// The reader's language: applied at once, remembered in a cookie (the server renders the next page in it).
import { LANGUAGE_COOKIE, type Locale } from '#shared/locales.ts';
import i18n from './i18n';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export async function applyLanguage(locale: Locale): Promise<void> {
  rememberLanguage(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}
