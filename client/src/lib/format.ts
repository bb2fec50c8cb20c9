import i18n from './i18n';

/** A YYYY-MM-DD date as people read it: 'November 15, 2025' (long) or 'Nov 15, 2025' (short). */
export function formatDate(isoDate: string, style: 'long' | 'short' = 'long'): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: style === 'long' ? 'long' : 'medium', timeZone: 'UTC' }).format(
    date,
  );
}
