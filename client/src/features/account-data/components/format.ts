import i18n from '@/lib/i18n';

/** A file's size as the reader's language writes it: '1.2 MB', '٣٤٠ كيلوبايت'. */
export function formatSize(bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** An instant with its day and time, in the reader's language and time zone. */
export const formatInstant = (instant: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
