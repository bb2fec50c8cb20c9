import { FILS_PER_AED, formatAed } from '#shared/constants.ts';
import { intlLocale } from '#shared/locales.ts';
import { dateText, dateTimeText } from './date-text';
import i18n from './i18n';

/** A YYYY-MM-DD date as people read it: 'November 15, 2025' (long) or 'Nov 15, 2025' (short). */
export const formatDate = (isoDate: string, style: 'long' | 'short' = 'long') => dateText(i18n.language, isoDate, style);

/** An instant with its time, in the reader's time zone: 'November 15, 2025 at 3:45 PM', 'दोपहर 3:45 बजे' in Hindi. */
export const formatDateTime = (instant: string | Date, style: 'long' | 'short' = 'long') => dateTimeText(i18n.language, instant, style);

/** Whole days from an instant to now, as the reader's language says them: 'today', 'yesterday', '5 days ago'. */
export function formatDaysAgo(instant: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - new Date(instant).getTime()) / (24 * 60 * 60 * 1000)));
  return new Intl.RelativeTimeFormat(intlLocale(i18n.language), { numeric: 'auto' }).format(-days, 'day');
}

/** A whole number in the reader's language and digits (Bengali and Nepali have their own). */
export const formatNumber = (value: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(value);

/** An amount in fils as a number in the reader's language, whole amounts without decimals: '1,350' or '12.50'. */
export const formatAmount = (fils: number) => formatAed(fils, intlLocale(i18n.language));

/** An amount with its currency as the reader's language writes it: 'AED 1,350' in English, '1,350 د.إ.' in Arabic. */
export function formatMoney(fils: number, currency = 'AED'): string {
  const amount = fils / FILS_PER_AED;
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(amount);
}

/** From one YYYY-MM-DD date to another, both included: 'Dec 7, 2026 – Mar 6, 2027' (short) in English. */
export const formatDateRange = (start: string, end: string, style: 'long' | 'short' = 'short') => `${formatDate(start, style)} – ${formatDate(end, style)}`;
