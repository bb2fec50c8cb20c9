// The Job Seeker Database search: plans each page (walk a sort index or find the matches, tier by tier) from what it
// keeps per process, bounded, and reads it from PostgreSQL alone (docs/decisions/0012, 0022: the layout and cost model).
import { createHash } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { CandidateSearch, CandidateSearchResult } from '#shared/candidates.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { card } from './cards.ts';
import { countOptions, countQuery, FACET_CAP, type Facet, type SearchStats } from './counts.ts';
import { filterKey, normalizeSearch, type NormalizedSearch } from './filters.ts';
import { decodeSearchCursor, resultOf, type Cursor } from './page-cursor.ts';
import { pageQuery, type PagePart, type PageRow } from './page-query.ts';
import { wordFieldsQuery } from './text-match.ts';
import { LAST_RANK, LAST_TIER, TIERS, tierPossible, type WordFields } from './words.ts';

/** Filter sets whose counts a process keeps, and for how long a count is used before it is counted again. */
const COUNT_CACHE_SIZE = 5_000;
export const COUNT_FRESH_MS = 60_000;
/** Words whose matches in the fixed lists a process keeps (see wordFields). */
const WORD_CACHE_SIZE = 10_000;
/**
 * Walk the sort's index when a page would pass at most this many index rows (its rows / the share of profiles that
 * match); with fewer matches, finding them through indexes costs less. Why this bar: the cost model in
 * docs/decisions/0022.
 */
const MAX_WALK = 20_000;
/**
 * At most this many kinds of page statements are prepared, each once on every connection of the pool (a plan takes
 * memory in each database process: docs/decisions/0022); others are planned each time. A kind is a sort, a tier,
 * which filters and values and how many words: the common searches of a product fill this quickly, the rare ones need
 * not stay.
 */
const MAX_PREPARED = 100;

/** The pool under a Db (node-postgres), for statements drizzle does not name. */
const clientOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

export interface CandidateSearchService {
  search(companyId: string, input: CandidateSearch): Promise<CandidateSearchResult>;
  /** The filters' option counts (see countOptions in counts.ts), skipped at once when the search's count says they are too many. */
  optionCounts(input: CandidateSearch): Promise<Record<Facet, Record<string, number> | null>>;
}

export interface CandidateSearchOptions {
  /** What the search reads the time from (count lifetimes). */
  clock?: Clock;
  /** See COUNT_FRESH_MS. */
  countFreshMs?: number;
  countCacheSize?: number;
  /** See MAX_WALK; 0 always reads the matches through indexes and sorts them, Infinity always walks. */
  maxWalk?: number;
  /** See MAX_PREPARED. */
  maxPrepared?: number;
  /** See FACET_CAP in counts.ts. */
  facetCap?: number;
}

/** A count kept for a filter set, and the recount under way, if any. */
interface KeptCount {
  stats?: SearchStats;
  countedAt: number;
  recount?: Promise<SearchStats>;
}

/**
 * The search, reading from `db` (a read replica's, when one is configured). It keeps, per process and bounded, the
 * counts of recent filter sets (for COUNT_FRESH_MS; a count up to five times older is still used while it is counted
 * again) and what recent words match in the fixed lists. Neither grows with the number of profiles.
 */
export function createCandidateSearch(db: Db, options: CandidateSearchOptions = {}): CandidateSearchService {
  const clock = options.clock ?? systemClock;
  const freshMs = options.countFreshMs ?? COUNT_FRESH_MS;
  const maxCounts = options.countCacheSize ?? COUNT_CACHE_SIZE;
  const maxWalk = options.maxWalk ?? MAX_WALK;
  const maxPrepared = options.maxPrepared ?? MAX_PREPARED;
  const facetCap = options.facetCap ?? FACET_CAP;
  const counts = new Map<string, KeptCount>();
  const wordCache = new Map<string, WordFields>();
  const dialect = new PgDialect();
  /** The walks prepared so far: their texts vary only with which filters and how many words a search has. */
  const prepared = new Set<string>();

  /** Keeps the newest `max` entries of a map (insertion order is age). */
  const keep = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > max) map.delete(map.keys().next().value!);
  };

  async function wordFields(words: string[]): Promise<Map<string, WordFields>> {
    const missing = words.filter((word) => !wordCache.has(word));
    if (missing.length > 0) {
      const { rows } = await db.execute<{ word: string; industries: string[]; languages: string[]; locations: string[] }>(wordFieldsQuery(missing));
      for (const { word, ...fields } of rows) keep(wordCache, word, fields, WORD_CACHE_SIZE);
    }
    return new Map(words.map((word) => [word, wordCache.get(word)!]));
  }

  async function count(s: NormalizedSearch): Promise<SearchStats> {
    const { rows } = await db.execute<{ total: number; listed: number }>(countQuery(s));
    const row = rows[0]!;
    // Statistics not gathered yet (a new database): the matches are then all there is to go by.
    return { total: row.total, listed: Math.max(row.listed, row.total), largeTiers: new Set() };
  }

  /** The kept count while fresh (or a little stale while it is counted again), else a new one; one count at a time per filter set. */
  function statsFor(s: NormalizedSearch): Promise<SearchStats> {
    const key = filterKey(s);
    const now = clock.now().getTime();
    const kept = counts.get(key);
    const age = kept?.stats ? now - kept.countedAt : Number.POSITIVE_INFINITY;
    if (kept?.stats && age < freshMs) return Promise.resolve(kept.stats);
    let recount = kept?.recount;
    if (!recount) {
      const entry: KeptCount = { stats: kept?.stats, countedAt: kept?.countedAt ?? 0 };
      recount = count(s).then(
        (stats) => {
          if (counts.get(key) === entry) keep(counts, key, { stats, countedAt: clock.now().getTime() }, maxCounts);
          return stats;
        },
        (err: unknown) => {
          if (counts.get(key) === entry) counts.delete(key);
          throw err;
        },
      );
      entry.recount = recount;
      keep(counts, key, entry, maxCounts);
    }
    // A stale count still plans this page well enough; the next pages get the new one. A failed recount in the
    // background is forgotten (the next search counts again).
    if (kept?.stats && age < freshMs * 5) {
      recount.catch(() => undefined);
      return Promise.resolve(kept.stats);
    }
    return recount;
  }

  /** Walking passes about listed / matches index rows for each row it keeps. */
  const walks = (stats: SearchStats, matches: number, limit: number) => matches > 0 && (limit * stats.listed) / matches <= maxWalk;

  async function read(s: NormalizedSearch, companyId: string, part: PagePart) {
    const query = pageQuery(s, companyId, part);
    // A walk's plan is the same whatever its values (the index, in order), and so is the plan of a text search's
    // matches found through indexes (its words reach the plan only through the tq CTE, which the planner cannot see
    // into): such statements are prepared once per connection and planned once, as planning cost as much as running
    // them. A filter-only search found through indexes is planned each time, for its cursor's values.
    if (!part.walk && s.words.length === 0) return (await db.execute<PageRow>(query)).rows;
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `candidate_${part.walk ? 'walk' : 'find'}_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (!prepared.has(name)) {
      if (prepared.size >= maxPrepared) return (await clientOf(db).query<PageRow>({ text, values: params })).rows;
      prepared.add(name);
    }
    return (await clientOf(db).query<PageRow>({ name, text, values: params })).rows;
  }

  /**
   * The rows of a text search's page (limit + 1, to know whether another follows), planned with `stats`. A better tier
   * (name, industries, languages and place) is read through indexes when it has few matches: the statement finds at
   * most as many as walking would pass rows for the page's need, and when it finds more, the tier is walked instead
   * (and kept as large with the count, so the next pages walk at once). The bio's tier is walked unless all the
   * matches are few.
   */
  async function textPage(s: NormalizedSearch, companyId: string, stats: SearchStats, fields: Map<string, WordFields>, cursor: Cursor | undefined) {
    const need = s.limit + 1;
    if (s.sort !== 'relevance') {
      return read(s, companyId, {
        order: s.sort,
        walk: walks(stats, stats.total, need),
        after: cursor && { k: cursor.k as string | number, id: cursor.id },
        limit: need,
      });
    }
    const [fromRank, fromKey] = cursor ? (cursor.k as [number, string]) : [0, undefined];
    const rows: PageRow[] = [];
    // The fresh first, every tier, then the others; with the filter on, only the fresh.
    const lastRank = s.fresh ? LAST_TIER : LAST_RANK;
    for (let rank = fromRank; rank <= lastRank && rows.length < need; rank++) {
      const tier = rank % TIERS.length;
      if (!tierPossible(s.words, fields, tier)) continue;
      const part: PagePart = {
        order: 'newest',
        tier,
        band: rank < TIERS.length ? 'fresh' : 'stale',
        rank,
        walk: false,
        after: rank === fromRank && fromKey !== undefined ? { k: fromKey, id: cursor!.id } : undefined,
        limit: need - rows.length,
        fields,
      };
      if (tier === LAST_TIER) {
        part.walk = walks(stats, stats.total, part.limit);
      } else if (maxWalk === Number.POSITIVE_INFINITY || stats.largeTiers.has(rank)) {
        part.walk = maxWalk > 0;
      } else {
        part.cap = maxWalk === 0 ? undefined : Math.max(part.limit, Math.ceil((part.limit * stats.listed) / maxWalk));
      }
      let found = await read(s, companyId, part);
      if (part.cap !== undefined && (found[0]?.found ?? 0) > part.cap) {
        stats.largeTiers.add(rank);
        found = await read(s, companyId, { ...part, walk: true, cap: undefined });
      }
      rows.push(...found);
    }
    return rows;
  }

  return {
    async search(companyId, input) {
      const s = normalizeSearch(input);
      const cursor = input.cursor ? decodeSearchCursor(input.cursor, s) : undefined;
      let rows: PageRow[];
      let stats: SearchStats | undefined;
      if (s.words.length === 0) {
        // Filters only: the page comes first (one not full is the count). It walks the sort's index when a count
        // kept from before says that is cheap; otherwise the planner picks between that and the filters' indexes.
        const order = s.sort === 'experience' ? 'experience' : 'newest';
        const known = counts.get(filterKey(s))?.stats;
        rows = await read(s, companyId, {
          order,
          walk: known !== undefined && walks(known, known.total, s.limit + 1),
          after: cursor && { k: cursor.k as string | number, id: cursor.id },
          limit: s.limit + 1,
        });
        if (!cursor && rows.length > s.limit) stats = await statsFor(s);
      } else {
        const [fields, counted] = await Promise.all([wordFields(s.words), statsFor(s)]);
        stats = counted;
        rows = await textPage(s, companyId, stats, fields, cursor);
      }
      // A first page that holds every match is its own count, newer than any kept one.
      const counted = cursor ? cursor.t : rows.length <= s.limit ? rows.length : stats!.total;
      const keyed = rows.map((row) => ({ card: card(row), key: s.sort === 'relevance' ? ([row.tier, row.sort_key] as [number, string]) : row.sort_key }));
      return resultOf(s, keyed, counted);
    },

    async optionCounts(input) {
      // The count the page's own search just kept, as a rule: more matches than the cap, and every list's would be
      // more too (leaving a list's choice out only adds matches).
      if ((await statsFor(normalizeSearch(input))).total > facetCap) return { industries: null, locations: null, languages: null };
      return countOptions(db, input, facetCap);
    },
  };
}
