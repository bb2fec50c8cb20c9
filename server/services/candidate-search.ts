// The Job Seeker Database search (SPEC 2, DESIGN 4): filters, full text with relevance, three sorts, keyset pages and
// the count behind 'Showing N job seekers'. Only approved, visible profiles of job seekers ever come out.
//
// Pages come from an in-memory index of the listed profiles, kept to the profiles' version (candidate-index.ts,
// docs/decisions/0014), which gives exactly the pages the SQL below gives. The SQL answers what the index cannot (a
// word PostgreSQL reads as several lexemes), and is what the index is tested against.
//
// How the SQL stays fast at 100,000 profiles (docs/decisions/0012):
// - Every query reads job_seeker_profiles alone, through partial indexes that hold only listed, visible profiles
//   (`listed` mirrors the owner's approval, kept by triggers; migration 0003_candidate_search). The page's rows are
//   joined to users once more, so a profile is shown only while its account really is an approved job seeker.
// - A page never costs in proportion to the matches. Relevance is an order an index can give: where the words are
//   found (the name, then the industries, then languages and place, then only the bio: four tiers, each a text query
//   with weights), newest first within a tier. So every page is a keyset page in the order of one of two indexes,
//   (created_at, id) or (years, id), which also carry a bounded text vector (search_head) and the filtered columns
//   (INCLUDE, migration 0005): a page walks the index until it has its rows, without reading the table (but for a
//   bio longer than the head). When the matches are few, walking would pass many rows for each one found; then the
//   text index finds them all and they are sorted (still few). Walks are prepared statements, planned once.
// - Which of the two is cheaper depends on how many rows match; that number is the count, which is known before the
//   page: counting is the only work proportional to the matches, so it is kept per filter set together with the
//   version of the profiles it was counted at (candidate_search_version, raised at the commit of every change to the
//   profiles) and reused while that version is current. A page reads the version in the same snapshot as its rows; a
//   count of another version is counted again (and the page read again when its tiers were skipped by that count).
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { CandidateCard, CandidateDetail, CandidateSearch, CandidateSearchResult, CandidateSort } from '#shared/candidates.ts';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from '../http/cursor.ts';
import { HttpError } from '../http/errors.ts';
import { createCandidateIndex } from './candidate-index.ts';

export const SUMMARY_LENGTH = 160;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 32;
const MIN_PREFIX = 3;
const COUNT_CACHE_SIZE = 5_000;
/**
 * Walk the sort's index when a page would pass at most this many index rows (its rows / the share of profiles that
 * match): at most about 9 ms, at 0.45 µs a row (2 cores). Finding the matches through the text index costs in
 * proportion to how common each word is, filters aside: 10-35 ms for common words at 100,000 profiles, so walking
 * wins until the matches are very few (a name), and then the text index costs little.
 */
const MAX_WALK = 20_000;
/**
 * At most this many kinds of walk statements are prepared, each once on every connection of the pool (a plan is some
 * tens of kilobytes in each database process); others are planned each time. A kind is a sort, a tier, which filters
 * and values and how many words: the common searches of a product fill this quickly, the rare ones need not stay.
 */
const MAX_PREPARED = 100;

/** Words that carry no meaning for a search: dropped unless the text has nothing else. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'of', 'on', 'or', 'the', 'to', 'with']);
const SUFFIXES = ['ings', 'ing', 'ers', 'er', 'ies', 'ied', 'ed', 'es', 's'];

/**
 * The words of the search text: letters and digits of any script, lower case. Nothing else survives, so quotes,
 * operators and punctuation can never change the meaning of the query (and all of it is sent as bound parameters).
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = [...new Set(q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [])].map((w) =>
    w.slice(0, MAX_WORD_LENGTH),
  );
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_WORDS);
}

/** A shorter prefix for words with a common English ending: 'cleaner' also finds 'Cleaning Services', 'drivers' finds 'driving'. */
export function wordStem(word: string): string | undefined {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return undefined;
  const suffix = SUFFIXES.find((s) => word.endsWith(s) && word.length - s.length >= 3);
  return suffix ? word.slice(0, -suffix.length) : undefined;
}

/**
 * The relevance tiers, best first, as the weights of the search vector (migration 0002): A the name, B the
 * industries, C the languages and the place, D the bio. A profile is in the first tier whose fields hold every word.
 */
export const TIERS = ['A', 'AB', 'ABC', 'ABCD'] as const;
const LAST_TIER = TIERS.length - 1;

/**
 * Each word must match (AND), within the given weights. A word of three letters or more matches as a prefix: of a
 * lexeme as written ('simple', as names, industries, languages and places are indexed), through its shorter stem when
 * it has one ('cleaner' as 'clean:*'), or through its English stem (the bio is indexed in English: 'delivery' is
 * 'deliveri' there). Words hold letters, marks and digits only (searchWords), so the labels cannot be escaped.
 */
export function textQuery(words: string[], weights: string = 'ABCD'): SQL {
  return sql.join(
    words.map((word) => {
      const { simple, english } = wordQueryTexts(word, weights);
      return sql`(to_tsquery('simple', ${simple}) || to_tsquery('english', ${english}))`;
    }),
    sql` && `,
  );
}

/** One word's query texts for to_tsquery, in 'simple' and in 'english' (see textQuery), within `weights` if given. */
export function wordQueryTexts(word: string, weights = ''): { simple: string; english: string } {
  // A word of one or two letters is taken whole: as a prefix it would match nearly every profile.
  if (word.length < MIN_PREFIX) {
    const whole = weights ? `${word}:${weights}` : word;
    return { simple: whole, english: whole };
  }
  return { simple: `${wordStem(word) ?? word}:*${weights}`, english: `${word}:*${weights}` };
}

/** The search after its defaults: what the SQL is made from. */
export interface NormalizedSearch {
  words: string[];
  industries: string[];
  languages: string[];
  locations: string[];
  minYears: number | undefined;
  maxYears: number | undefined;
  hasVideo: boolean | undefined;
  sort: CandidateSort;
  limit: number;
}

export function normalizeSearch(input: CandidateSearch): NormalizedSearch {
  const words = searchWords(input.q);
  const list = (values: string[] | undefined) => [...new Set(values ?? [])].sort();
  // Relevance needs words to rank by; without them the newest come first.
  const sort = words.length === 0 && (input.sort === undefined || input.sort === 'relevance') ? 'newest' : (input.sort ?? 'relevance');
  return {
    words,
    industries: list(input.industries),
    languages: list(input.languages),
    locations: list(input.locations),
    minYears: input.minYears,
    maxYears: input.maxYears,
    hasVideo: input.hasVideo,
    sort,
    limit: input.limit,
  };
}

/** Identifies the filtered set (not its order): the key of the count. */
export function filterKey(s: NormalizedSearch): string {
  return JSON.stringify([s.words, s.industries, s.languages, s.locations, s.minYears ?? null, s.maxYears ?? null, s.hasVideo ?? null]);
}

// Filter values are written into the statement as literals, not parameters: a walk is a prepared statement (see
// `read`), and PostgreSQL plans a prepared statement once only when its parameters cannot change the plan's cost:
// filters as parameters kept it planning every time. The values are safe to write: industries, languages and places
// come from the lists of SPEC 3 (candidateSearchSchema refuses anything else), years are whole numbers, and each
// literal is quoted as PostgreSQL reads it (standard_conforming_strings, on since 9.1).
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
const wholeNumber = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
};
const textArray = (values: string[]) => sql`array[${sql.join(values.map(literal), sql`, `)}]::text[]`;

const LISTED = sql`p.listed and p.visibility = 'visible'`;

/** Unknown years (null, read as -1) are left out as soon as a range is asked for. */
const yearsRange = (s: NormalizedSearch, apartFromSortIndex = false): SQL[] =>
  s.minYears === undefined && s.maxYears === undefined
    ? []
    : [
        sql`${apartFromSortIndex ? sql`coalesce(p.years_of_experience, -1) + 0` : sql`coalesce(p.years_of_experience, -1)`} between ${wholeNumber(s.minYears ?? 0)} and ${wholeNumber(s.maxYears ?? 1000)}`,
      ];

/**
 * The filters other than the text (and other than LISTED), on columns the sort indexes carry. `apartFromSortIndex`
 * writes the years so that they are not a range of the experience index: where the matches are to be found through
 * the text index, the planner would otherwise read every row of a wide years range from that index instead.
 */
function fieldFilters(s: NormalizedSearch, apartFromSortIndex = false): SQL[] {
  const conditions: SQL[] = [];
  if (s.industries.length > 0) conditions.push(sql`p.industries && ${textArray(s.industries)}`);
  if (s.languages.length > 0) conditions.push(sql`p.languages && ${textArray(s.languages)}`);
  if (s.locations.length > 0) conditions.push(sql`p.location = any(${textArray(s.locations)})`);
  conditions.push(...yearsRange(s, apartFromSortIndex));
  if (s.hasVideo !== undefined) conditions.push(s.hasVideo ? sql`p.video_url is not null` : sql`p.video_url is null`);
  return conditions;
}

/**
 * The text query, and one per tier, computed once per statement in a materialized CTE (tq). The planner cannot see
 * their values and takes a match as selective: it reads the text index and visits the matching rows only. Used where
 * that is what we want (counting; pages of few matches). Shown the value, its estimates for prefix queries are poor.
 */
const textQueries = (s: NormalizedSearch) =>
  sql`with tq as materialized (select ${sql.join(
    TIERS.map((weights, tier) => sql`${textQuery(s.words, weights)} as ${sql.raw(`t${tier}`)}`),
    sql`, `,
  )}) `;
/** The query of a tier in tq. */
const tierQuery = (tier: number) => sql.raw(`tq.t${tier}`);

/** The version of the profiles, as text, read in the statement's snapshot. */
const VERSION = sql`(select version from candidate_search_version where id = 1)::text`;

/**
 * The text condition: every word anywhere, or (relevance) in tier `tier` exactly: every word within its weights, and
 * not every word within the better tier's. `matches` tests one query against a row.
 */
const matchText = (tier: number | undefined, q: (tier: number) => SQL, matches: (q: SQL, tier: number) => SQL) =>
  tier === undefined
    ? matches(q(LAST_TIER), LAST_TIER)
    : tier === 0
      ? matches(q(0), 0)
      : sql`${matches(q(tier), tier)} and not ${matches(q(tier - 1), tier - 1)}`;

/** A match on the table's row: its whole search vector. */
const inVector = (q: SQL) => sql`p.search_vector @@ ${q}`;

/**
 * A match on a row of a sort index: its search_head, which holds the name, industries, languages and place whole, so
 * it decides alone for the better tiers (weights A to C). Only the bio may be longer than the head: then the whole
 * vector in the table decides (search_complete, migration 0005).
 */
const inHead = (q: SQL, tier: number) =>
  tier < LAST_TIER
    ? sql`p.search_head @@ ${q}`
    : sql`(p.search_head @@ ${q} or (not p.search_complete and exists (select 1 from job_seeker_profiles f where f.id = p.id and f.search_vector @@ ${q})))`;

// ---- Cursors: base64url JSON of the last row's sort key and id, the count, and a fingerprint of the search (filters
// and sort), so a cursor only ever continues the search it came from. Anything else in one is refused with a 400.

interface Cursor {
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
  Array.isArray(k) && k.length === 2 && Number.isInteger(k[0]) && k[0] >= 0 && k[0] <= LAST_TIER && isExactTimestamp(k[1]);

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
      c.f === fingerprint(s) &&
      (s.sort === 'newest'
        ? isExactTimestamp(c.k)
        : s.sort === 'experience'
          ? typeof c.k === 'number' && Number.isInteger(c.k) && c.k >= -1 && c.k <= 1000
          : isTierKey(c.k)),
  );
}

// ---- The SQL.

const EXACT_CREATED_AT = sql`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The pool under a Db (node-postgres), for statements drizzle does not name. */
const clientOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** The two orders, each written exactly as its index is (migration 0005), so a page is a range of the index. */
const ORDERS = {
  newest: {
    index: sql`p.created_at desc nulls last, p.id desc nulls last`,
    outer: sql`c.created_at desc, c.id desc`,
    key: EXACT_CREATED_AT,
    after: (k: string, id: string) => sql`(p.created_at, p.id) < (${k}::timestamptz, ${id}::uuid)`,
  },
  experience: {
    index: sql`coalesce(p.years_of_experience, -1) desc, p.id desc nulls last`,
    outer: sql`coalesce(c.years_of_experience, -1) desc, c.id desc`,
    key: sql`coalesce(c.years_of_experience, -1)`,
    after: (k: number, id: string) => sql`(coalesce(p.years_of_experience, -1), p.id) < (${k}::int, ${id}::uuid)`,
  },
} as const;

/** What one statement of a page reads: the rows after a cursor, in one tier (relevance) or all matches. */
export interface PagePart {
  /** newest for relevance (within a tier) */
  order: 'newest' | 'experience';
  /** The relevance tier, or undefined when the text is a filter only. */
  tier?: number;
  /** Walk the sort's index (many matches), or find the matches through the text index and sort them (few). */
  walk: boolean;
  after?: { k: string | number; id: string };
  limit: number;
}

/**
 * One statement of a page: up to `limit` rows of the search in the part's order, with the company's shortlist marks,
 * and the version of the profiles it was read at.
 */
export function pageQuery(s: NormalizedSearch, companyId: string, part: PagePart): SQL {
  const order = ORDERS[part.order];
  const text = s.words.length > 0;
  const tier = part.tier ?? LAST_TIER;
  const after = part.after ? [order.after(part.after.k as never, part.after.id)] : [];
  let matches: SQL;
  let head = sql``;
  if (part.walk) {
    // The sort's index in order, read alone (offset 0 keeps the other conditions out of its plan, so it cannot pick
    // another index), filtered on the columns the index carries, until `limit` rows pass. The rows come in the
    // subquery's order; no second ORDER BY here, so the planner knows only the first rows are wanted and plans the
    // subquery for a fast start (with one, it planned the whole ordered read, and could take a full scan and a sort).
    // The page is sorted once more below.
    const q = (t: number) => sql`(select ${textQuery(s.words, TIERS[t]!)})`;
    const conditions = [...fieldFilters(s), ...(text ? [matchText(part.tier, q, inHead)] : [])];
    matches = sql`select p.id, ${tier}::int as walked_tier from (
        select p.id, p.search_head, p.search_complete, p.industries, p.languages, p.location, p.years_of_experience, p.video_url
        from job_seeker_profiles p
        where ${sql.join([LISTED, ...after, ...(part.order === 'experience' ? yearsRange(s) : [])], sql` and `)}
        order by ${order.index}
        offset 0
      ) p
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      limit ${wholeNumber(part.limit)}`;
  } else {
    if (text) head = textQueries(s);
    const conditions = [LISTED, ...fieldFilters(s, text), ...(text ? [matchText(part.tier, tierQuery, inVector)] : []), ...after];
    matches = sql`select p.id, ${tier}::int as walked_tier from job_seeker_profiles p${text ? sql`, tq` : sql``}
      where ${sql.join(conditions, sql` and `)}
      order by ${order.index}
      limit ${wholeNumber(part.limit)}`;
  }
  return sql`${head}select c.id, c.full_name, c.location, c.years_of_experience, c.industries, c.languages,
      left(c.bio, ${SUMMARY_LENGTH + 1}) as bio, c.video_url is not null as has_video, ${order.key} as sort_key,
      m.walked_tier as tier, s.profile_id is not null as shortlisted, ${VERSION} as version
    from (${matches}) m
    join job_seeker_profiles c on c.id = m.id
    join users u on u.id = c.user_id and u.status = 'active' and u.role = 'job_seeker'
    left join shortlists s on s.company_id = ${companyId} and s.profile_id = c.id
    order by ${order.outer}`;
}

/** What a page is planned with: the count, by tier for a text search, at a version of the profiles. */
interface SearchStats {
  total: number;
  /** Profiles in each tier, best first (text searches only). */
  tiers?: number[];
  /** Listed profiles in all (the statistics of the index): how far a walk goes for each match. */
  listed: number;
  version: string;
}

/** The count of the whole filtered set (and of each tier for text), with the version of the profiles it was counted at. */
export function countQuery(s: NormalizedSearch): SQL {
  const text = s.words.length > 0;
  const cumulative = TIERS.slice(0, LAST_TIER).map(
    (_, tier) => sql`, count(*) filter (where ${inVector(tierQuery(tier))})::int as ${sql.raw(`t${tier}`)}`,
  );
  const conditions = [LISTED, ...fieldFilters(s), ...(text ? [inVector(tierQuery(LAST_TIER))] : [])];
  return sql`${text ? textQueries(s) : sql``}select count(*)::int as total${text ? sql.join(cumulative, sql``) : sql``},
      ${VERSION} as version,
      (select reltuples from pg_class where oid = 'job_seeker_profiles_listed_newest_idx'::regclass)::float8 as listed
    from job_seeker_profiles p${text ? sql`, tq` : sql``}
    where ${sql.join(conditions, sql` and `)}`;
}

/** The columns a candidate card is made from, as the search and the shortlist select them. */
export interface CardRow extends Record<string, unknown> {
  id: string;
  full_name: string;
  location: string;
  years_of_experience: number | null;
  industries: string[];
  languages: string[];
  bio: string | null;
  has_video: boolean;
}

interface PageRow extends CardRow {
  sort_key: string | number;
  tier: number;
  shortlisted: boolean;
  version: string;
}

/** The start of the bio for a card: at most SUMMARY_LENGTH characters, cut at a word. */
export function summaryOf(bio: string | null): string | null {
  const text = bio?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUMMARY_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

export function card(row: CardRow & { shortlisted: boolean }): CandidateCard {
  return {
    id: row.id,
    fullName: row.full_name,
    location: row.location,
    yearsOfExperience: row.years_of_experience,
    industries: row.industries,
    languages: row.languages,
    summary: summaryOf(row.bio),
    hasVideo: row.has_video,
    avatarUrl: null,
    shortlisted: row.shortlisted,
  };
}

/** The answer from up to limit + 1 rows (one more tells that another page follows) and their sort keys. */
function resultOf(s: NormalizedSearch, rows: { card: CandidateCard; key: Cursor['k'] }[], total: number): CandidateSearchResult {
  const last = rows.length > s.limit ? rows[s.limit - 1] : undefined;
  return {
    items: rows.slice(0, s.limit).map((row) => row.card),
    total,
    nextCursor: last ? encodeCursor({ k: last.key, id: last.card.id, t: total, f: fingerprint(s) }) : null,
  };
}

export interface CandidateSearchService {
  search(companyId: string, input: CandidateSearch): Promise<CandidateSearchResult>;
}

export interface CandidateSearchOptions {
  countCacheSize?: number;
  /** See MAX_WALK; 0 always reads a text search's matches through the text index, Infinity always walks. */
  maxWalk?: number;
  /** See MAX_PREPARED. */
  maxPrepared?: number;
  /** Answer from the in-memory index of the listed profiles where it can (candidate-index.ts); false: SQL only. */
  inMemory?: boolean;
}

export function createCandidateSearch(db: Db, options: CandidateSearchOptions = {}): CandidateSearchService {
  const maxCounts = options.countCacheSize ?? COUNT_CACHE_SIZE;
  const maxWalk = options.maxWalk ?? MAX_WALK;
  const maxPrepared = options.maxPrepared ?? MAX_PREPARED;
  const counts = new Map<string, SearchStats>();
  const dialect = new PgDialect();
  /** The walks prepared so far: their texts vary only with which filters and how many words a search has. */
  const prepared = new Set<string>();
  const index =
    options.inMemory === false
      ? undefined
      : createCandidateIndex(db);

  async function count(s: NormalizedSearch): Promise<SearchStats> {
    const { rows } = await db.execute<{ total: number; t0?: number; t1?: number; t2?: number; version: string; listed: number }>(countQuery(s));
    const row = rows[0]!;
    const cumulative = row.t0 === undefined ? undefined : [row.t0, row.t1!, row.t2!, row.total];
    const stats: SearchStats = {
      total: row.total,
      tiers: cumulative?.map((n, tier) => n - (tier > 0 ? cumulative[tier - 1]! : 0)),
      // Statistics not gathered yet (a new database): the matches are then all there is to go by.
      listed: Math.max(row.listed, row.total),
      version: row.version,
    };
    const key = filterKey(s);
    counts.delete(key);
    counts.set(key, stats);
    if (counts.size > maxCounts) counts.delete(counts.keys().next().value!);
    return stats;
  }

  /** Walking passes about listed / matches index rows for each row it keeps. */
  const walks = (stats: SearchStats, matches: number, limit: number) => matches > 0 && (limit * stats.listed) / matches <= maxWalk;

  async function currentVersion(): Promise<string> {
    const { rows } = await db.execute<{ version: string }>(sql`select ${VERSION} as version`);
    return rows[0]!.version;
  }

  async function read(s: NormalizedSearch, companyId: string, part: PagePart) {
    const query = pageQuery(s, companyId, part);
    if (!part.walk) return (await db.execute<PageRow>(query)).rows;
    // A walk's plan is the same whatever its values (the index, in order), so it is prepared once per connection
    // and planned once: planning cost as much as running it.
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `candidate_walk_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (!prepared.has(name)) {
      if (prepared.size >= maxPrepared) return (await clientOf(db).query<PageRow>({ text, values: params })).rows;
      prepared.add(name);
    }
    return (await clientOf(db).query<PageRow>({ name, text, values: params })).rows;
  }

  /** The rows of a text search's page (limit + 1, to know whether another follows), planned with `stats`. */
  async function textPage(s: NormalizedSearch, companyId: string, stats: SearchStats, cursor: Cursor | undefined) {
    const need = s.limit + 1;
    if (s.sort !== 'relevance') {
      const rows = await read(s, companyId, {
        order: s.sort,
        walk: walks(stats, stats.total, need),
        after: cursor && { k: cursor.k as string | number, id: cursor.id },
        limit: need,
      });
      return { rows, dependsOnCount: false };
    }
    // Tier after tier from the cursor's, skipping the tiers the count found empty.
    const [fromTier, fromKey] = cursor ? (cursor.k as [number, string]) : [0, undefined];
    const rows: PageRow[] = [];
    for (let tier = fromTier; tier <= LAST_TIER && rows.length < need; tier++) {
      const inTier = stats.tiers![tier]!;
      if (inTier === 0) continue;
      const part = await read(s, companyId, {
        order: 'newest',
        tier,
        walk: walks(stats, inTier, need - rows.length),
        after: tier === fromTier && fromKey !== undefined ? { k: fromKey, id: cursor!.id } : undefined,
        limit: need - rows.length,
      });
      rows.push(...part);
    }
    return { rows, dependsOnCount: true };
  }

  return {
    async search(companyId, input) {
      const s = normalizeSearch(input);
      const cursor = input.cursor ? decodeSearchCursor(input.cursor, s) : undefined;
      const fromIndex = index && (await index.page(s, cursor, companyId));
      if (fromIndex) return resultOf(s, fromIndex.rows, cursor ? cursor.t : fromIndex.total);
      let rows: PageRow[];
      let total: number;
      if (s.words.length === 0) {
        // Filters only: the page comes first (one not full is the count). It walks the sort's index when a count
        // kept from before says that is cheap; otherwise the planner picks between that and the filters' indexes.
        const order = s.sort === 'experience' ? 'experience' : 'newest';
        const known = counts.get(filterKey(s));
        rows = await read(s, companyId, {
          order,
          walk: known !== undefined && walks(known, known.total, s.limit + 1),
          after: cursor && { k: cursor.k as string | number, id: cursor.id },
          limit: s.limit + 1,
        });
        const version = rows[0]?.version;
        total = cursor ? cursor.t : rows.length <= s.limit ? rows.length : known && known.version === version ? known.total : (await count(s)).total;
      } else {
        let stats = counts.get(filterKey(s)) ?? (await count(s));
        let page = await textPage(s, companyId, stats, cursor);
        // A count of another version of the profiles than the page's (a profile changed since it was counted) is
        // counted again, and the page read again when the count decided which tiers it read.
        for (let tries = 0; tries < 3; tries++) {
          const versions = new Set(page.rows.map((row: PageRow) => row.version));
          if (versions.size === 0) versions.add(await currentVersion());
          if (versions.size === 1 && versions.has(stats.version)) break;
          stats = await count(s);
          if (page.dependsOnCount) page = await textPage(s, companyId, stats, cursor);
          else if (versions.has(stats.version) && versions.size === 1) break;
        }
        rows = page.rows;
        total = cursor ? cursor.t : stats.total;
      }
      const keyed = rows.map((row) => ({ card: card(row), key: s.sort === 'relevance' ? ([row.tier, row.sort_key] as [number, string]) : row.sort_key }));
      return resultOf(s, keyed, total);
    },
  };
}

// ---- One candidate: the page of a profile, and the events a company leaves on it.

/**
 * The one test of whether a company may see a profile, by id: approved job seeker, visible. Read from users itself
 * (not the `listed` copy). Hidden, pending, rejected, suspended and unknown profiles all look the same: absent.
 */
export const visibleProfile = (profileId: string | SQL) => sql`
  p.id = ${profileId} and p.visibility = 'visible'
  and exists (select 1 from users u where u.id = p.user_id and u.status = 'active' and u.role = 'job_seeker')`;

export const NOT_FOUND = 'This job seeker is not available';
export const notFound = () => new HttpError(404, NOT_FOUND);

interface DetailRow extends CardRow {
  phone: string;
  email: string | null;
  video_url: string | null;
  cv_url: string | null;
  note: string | null;
  saved_at: string | null;
}

/** The whole profile for a subscribed company, and a `view` event. */
export async function viewCandidate(db: Db, companyId: string, profileId: string): Promise<CandidateDetail> {
  const { rows } = await db.execute<DetailRow>(sql`
    with shown as (
      select p.id, p.full_name, p.location, p.years_of_experience, p.industries, p.languages, p.bio, p.phone,
        p.video_url, p.video_url is not null as has_video, p.cv_url, (select email from users where id = p.user_id) as email
      from job_seeker_profiles p
      where ${visibleProfile(profileId)}
    ), viewed as (
      insert into candidate_events (company_id, profile_id, type) select ${companyId}, id, 'view' from shown
    )
    select shown.*, s.note,
      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as saved_at
    from shown left join shortlists s on s.company_id = ${companyId} and s.profile_id = shown.id`);
  const row = rows[0];
  if (!row) throw notFound();
  return {
    ...card({ ...row, shortlisted: row.saved_at !== null }),
    phone: row.phone,
    email: row.email,
    bio: row.bio,
    videoUrl: row.video_url,
    cvUrl: row.cv_url,
    shortlist: row.saved_at !== null ? { note: row.note, savedAt: row.saved_at } : null,
  };
}

/** A company contacted a job seeker (e-mail or WhatsApp link opened): recorded, for a profile it may see. */
export async function recordCandidateEvent(
  db: Db,
  companyId: string,
  profileId: string,
  event: { type: 'contact' | 'cv_download' | 'view'; channel?: string },
): Promise<void> {
  const { rows } = await db.execute(sql`
    insert into candidate_events (company_id, profile_id, type, channel)
    select ${companyId}, p.id, ${event.type}, ${event.channel ?? null}
    from job_seeker_profiles p
    where ${visibleProfile(profileId)}
    returning id`);
  if (rows.length === 0) throw notFound();
}

/**
 * The profile whose CV or video this file is, when a company may see that profile (DESIGN 5: active companies get the
 * files of approved, visible profiles). The file must also belong to the profile's owner.
 */
export async function profileShowingFile(
  db: Db,
  file: { key: string; kind: string; ownerId: string | null },
): Promise<string | undefined> {
  if ((file.kind !== 'cv' && file.kind !== 'video') || !file.ownerId) return undefined;
  const path = `/objects/${file.key}`;
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id from job_seeker_profiles p
    where ${file.kind === 'cv' ? sql`p.cv_url = ${path}` : sql`p.video_url = ${path}`} and p.user_id = ${file.ownerId}
      and ${visibleProfile(sql`p.id`)}
    limit 1`);
  return rows[0]?.id;
}
