// Keyset page cursors: the sort key of a page's last row, as base64url JSON. The client passes it back unchanged;
// anything that does not decode to what the list expects is a 400, never a database error.
import { DomainError } from '../domain-error.ts';


export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor and checks its shape with `isValid` (which gets any JSON value, null included). */
export function decodeCursor<T>(value: string, isValid: (decoded: unknown) => decoded is T): T {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw new DomainError('common.invalid_cursor');
  }
  if (!isValid(decoded)) throw new DomainError('common.invalid_cursor');
  return decoded;
}

/** A plain JSON object (not null, not an array), for validators to look into. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An instant as the database's exact text in UTC, `2026-01-31T08:00:00.123456Z` (see `exactTimestamp` in the
 * services). Cursors keep it rather than a JS Date, which would drop the microseconds and skip rows on the next page.
 * The check is strict (real calendar dates of years 1 to 9999, which PostgreSQL and this exact form both hold), so
 * a forged cursor is a 400 here rather than a database error.
 */
const EXACT_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
export function isExactTimestamp(value: unknown): value is string {
  const m = typeof value === 'string' ? EXACT_UTC.exec(value) : null;
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}
