// The search's cursors: base64url JSON of the last row's sort key and id, the count, and a fingerprint of the search
// (filters and sort), so a cursor only ever continues the search it came from. Anything else in one is refused with a 400.
import { createHash } from 'node:crypto';
import type { CandidateCard, CandidateSearchResult } from '#shared/candidates.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from '../cursor.ts';
import { COUNTED_UP_TO, TOTAL_CAP } from './counts.ts';
import { filterKey, type NormalizedSearch } from './filters.ts';
import { LAST_RANK } from './words.ts';

export interface Cursor {
  /** The sort key of the last row: a timestamp (newest), whole years (experience), or tier and timestamp (relevance). */
  k: string | number | [number, string];
  id: string;
  /** The count at the first page. */
  t: number;
  /** Which search (filters and sort) the cursor belongs to. */
  f: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isTierKey = (k: unknown): k is [number, string] =>
  Array.isArray(k) && k.length === 2 && Number.isInteger(k[0]) && k[0] >= 0 && k[0] <= LAST_RANK && isExactTimestamp(k[1]);

function fingerprint(s: NormalizedSearch): string {
  return createHash('sha256').update(`${s.sort}\n${filterKey(s)}`).digest('base64url').slice(0, 16);
}

export function decodeSearchCursor(value: string, s: NormalizedSearch): Cursor {
  return decodeCursor(
    value,
    (c): c is Cursor =>
      isRecord(c) &&
      typeof c.id === 'string' &&
      UUID.test(c.id) &&
      typeof c.t === 'number' &&
      Number.isSafeInteger(c.t) &&
      c.t >= 0 &&
      c.t <= COUNTED_UP_TO &&
      c.f === fingerprint(s) &&
      (s.sort === 'newest'
        ? isExactTimestamp(c.k)
        : s.sort === 'experience'
          ? typeof c.k === 'number' && Number.isInteger(c.k) && c.k >= -1 && c.k <= 1000
          : isTierKey(c.k)),
  );
}

/**
 * The answer from up to limit + 1 rows (one more tells that another page follows) and their sort keys. `counted` is
 * the count as it stopped (COUNTED_UP_TO means more than TOTAL_CAP).
 */
export function resultOf(s: NormalizedSearch, rows: { card: CandidateCard; key: Cursor['k'] }[], counted: number): CandidateSearchResult {
  const last = rows.length > s.limit ? rows[s.limit - 1] : undefined;
  return {
    items: rows.slice(0, s.limit).map((row) => row.card),
    total: Math.min(counted, TOTAL_CAP),
    totalExact: counted <= TOTAL_CAP,
    nextCursor: last ? encodeCursor({ k: last.key, id: last.card.id, t: counted, f: fingerprint(s) }) : null,
  };
}
