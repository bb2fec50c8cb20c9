// Dates and times as a language writes them, through Intl, with no word of another language in them. Kept apart
// from i18next (format.ts passes the reader's language) so they can be checked language by language.
import { intlLocale } from '#shared/locales.ts';

/** Languages written in Latin letters, whose AM and PM are their own. */
const LATIN_SCRIPT = new Set(['en', 'tl']);
const LATIN_LETTER = /[A-Za-z]/;

/** A YYYY-MM-DD date: 'November 15, 2025' (long) or 'Nov 15, 2025' (short); the calendar day, whatever the time zone. */
export function dateText(language: string, isoDate: string, style: 'long' | 'short' = 'long'): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: style === 'long' ? 'long' : 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * An instant with its time, in the reader's time zone (or `timeZone`): 'November 15, 2025 at 3:45 PM'. The
 * language's data writes AM and PM in Latin letters in some scripts ('3:45 pm' in Hindi, 'PM' in Urdu, Bengali and
 * Malayalam); those get the language's own words for the time of day instead ('दोपहर 3:45', '3:45 دوپہر').
 */
export function dateTimeText(language: string, instant: string | Date, style: 'long' | 'short' = 'long', timeZone?: string): string {
  const date = new Date(instant);
  const standard = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: style === 'long' ? 'long' : 'medium', timeStyle: 'short', timeZone }).format(date);
  if (LATIN_SCRIPT.has(language) || !LATIN_LETTER.test(standard)) return standard;
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
    timeZone,
  }).format(date);
}

/** The time of day `minuteOfDay` (UTC) in the reader's own time zone, named: '3:00 AM GMT+4'. */
export function dailyTimeText(minuteOfDay: number, language: string, timeZone?: string): string {
  const today = new Date();
  const instant = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + minuteOfDay * 60_000;
  return new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(instant);
}
