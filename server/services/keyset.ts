// Keyset pages for the admin console's lists: ORDER BY (time, id) DESC, the next page starts below the last row's
// (time, id) (or the other way round for the review queue, oldest first). The row comparison is one range of a
// (time, id) b-tree index, so every page costs the same.
// The cursor also carries the total counted for the first page: later pages do not count again (a count is the
// one part of a page that grows with the table), and the number does not jump while the admin pages through. It
// belongs to one list and filter set (its scope): sent with other filters, it is refused rather than miscounted.
import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Page } from '#shared/admin.ts';
import { isUuid } from '#shared/ids.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from './cursor.ts';
import { DomainError } from '../domain-error.ts';
import type { ErrorCode } from '#shared/errors.ts';

/** The sort key of a row: the instant as exact text (microseconds kept) and the row's id. */
export interface TimeKey<Id extends string | number = string> {
  at: string;
  id: Id;
}

/** What a cursor holds: where the next page starts, the total of the first page, and its scope. */
export interface PageCursor<Id extends string | number = string> extends TimeKey<Id> {
  t: number;
  f: string;
}

/** Names a list and its filters (undefined ones left out), for the cursor. */
export const pageScope = (list: string, filters: object): string =>
  createHash('sha256').update(JSON.stringify([list, filters])).digest('base64url').slice(0, 12);

/** The column's instant as exact UTC text with microseconds, for the cursor (see isExactTimestamp). */
export const exactTimestamp = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows that come after the cursor in newest-first order. */
export const olderThan = (at: AnyColumn, id: AnyColumn, key: TimeKey<string | number>): SQL =>
  sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id})`;
/** Rows that come after the cursor in oldest-first order. */
export const newerThan = (at: AnyColumn, id: AnyColumn, key: TimeKey<string | number>): SQL =>
  sql`(${at}, ${id}) > (${key.at}::timestamptz, ${key.id})`;

const isCount = (t: unknown): t is number => typeof t === 'number' && Number.isSafeInteger(t) && t >= 0;
const isPageCursor = (c: unknown, scope: string): c is PageCursor<string | number> =>
  isRecord(c) && isExactTimestamp(c.at) && isCount(c.t) && c.f === scope;

/** A cursor of a list keyed by a uuid (or a uuid-valued text id, as users.id). */
export const decodeUuidKey = (cursor: string, scope: string) =>
  decodeCursor(cursor, (c): c is PageCursor => isPageCursor(c, scope) && isUuid(c.id));
/** A cursor of a list keyed by a serial number (the audit log). */
export const decodeSerialKey = (cursor: string, scope: string) =>
  decodeCursor(cursor, (c): c is PageCursor<number> => isPageCursor(c, scope) && typeof c.id === 'number' && Number.isSafeInteger(c.id) && c.id > 0);

/** The first page counts the matching rows; later ones take the number from their cursor. */
export async function totalOf(cursor: PageCursor<string | number> | undefined, count: () => Promise<{ total: number }[]>): Promise<number> {
  if (cursor) return cursor.t;
  const [counted] = await count();
  return counted?.total ?? 0;
}

/** Turns limit + 1 rows into a page: the extra row only says there is a next one. */
export function toPage<R, T>(
  rows: R[],
  page: { limit: number; total: number; scope: string },
  view: (row: R) => T,
  key: (row: R) => TimeKey<string | number>,
): Page<T> {
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const next: PageCursor<string | number> | undefined = rows.length > page.limit && last ? { ...key(last), t: page.total, f: page.scope } : undefined;
  return { items: items.map(view), total: page.total, nextCursor: next ? encodeCursor(next) : null };
}

/** A LIKE pattern matching the text anywhere; the text's own %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Route ids: anything that is not a uuid cannot name a row, so it is "not found" (and never reaches the database). */
export function uuidParam(value: unknown, notFound: ErrorCode): string {
  if (!isUuid(value)) throw new DomainError(notFound);
  return value;
}

export const countAll = () => sql<number>`count(*)::int`;
