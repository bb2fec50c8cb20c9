// The Job Seeker Database search: filters, full text with relevance, three sorts, keyset pages and
// the count behind 'Showing N job seekers'. Only approved, visible profiles of job seekers ever come out. PostgreSQL
// answers every search; the app keeps nothing that grows with the profiles (docs/decisions/0015).
//
// How it stays fast at a million profiles (docs/decisions/0012, 0015):
// - Every query reads job_seeker_profiles alone, through partial indexes that hold only listed, visible profiles
//   (`listed` mirrors the owner's approval, kept by triggers; migration 0003_candidate_search). The page's rows are
//   joined to users once more, so a profile is shown only while its account really is an approved job seeker.
// - A page never costs in proportion to the matches. Relevance is an order an index can give: where the words are
//   found (the name, then the industries, then languages and place, then only the bio: four tiers), the most
//   recently active first within a tier (looking_confirmed_at: when the job seeker last said they are still looking).
//   So every page is a keyset page in the order of one of two indexes, (looking_confirmed_at, id) or (years, id),
//   which also carry a bounded text vector (search_head) and the filtered columns (INCLUDE, migrations 0005, 0017): a page
//   walks the index until it has its rows, without reading the table (but for a bio longer than the head).
// - When a tier's matches are few, walking would pass many rows for each one found; then its matches are found
//   through indexes and sorted (still few). The three better tiers are about the name and the fixed lists of shared/constants.ts:
//   which industries, languages and places a word matches is known before the search (wordFields), so those tiers are
//   a name index and the filters' own indexes. The bio tier is the text index.
// - Which way is cheaper depends on how many rows match. Counting is the only work proportional to the matches, so
//   counts stop at TOTAL_CAP + 1 ('10,000+') and are kept per filter set for COUNT_FRESH_MS in each process. A page
//   never depends on a count for what it shows, only for how it reads: the better tiers are always read.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { FRESH_DAYS, SEARCH_TOTAL_CAP, type CandidateCard, type CandidateDetail, type CandidateSearch, type CandidateSearchResult, type CandidateSort } from '#shared/candidates.ts';
import type pg from 'pg';
import { systemClock, type Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { INDUSTRIES, LANGUAGES, LOCATIONS } from '#shared/constants.ts';
import { VERIFIABLE_FACTS, type HiringFacts } from '#shared/hiring-facts.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from './cursor.ts';
import { DomainError } from '../domain-error.ts';

export const SUMMARY_LENGTH = 160;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 32;
const MIN_PREFIX = 3;
/** Counts are exact up to this; beyond it the answer says 'more than' (counting stops at TOTAL_CAP + 1). */
const TOTAL_CAP = SEARCH_TOTAL_CAP;
/** Filter sets whose counts a process keeps, and for how long a count is used before it is counted again. */
const COUNT_CACHE_SIZE = 5_000;
export const COUNT_FRESH_MS = 60_000;
/** Words whose matches in the fixed lists a process keeps (see wordFields). */
const WORD_CACHE_SIZE = 10_000;
/**
 * Walk the sort's index when a page would pass at most this many index rows (its rows / the share of profiles that
 * match): at most about 9 ms, at 0.45 µs a row (2 cores). Finding the matches through the text index costs in
 * proportion to how common each word is, filters aside: 10-35 ms for common words at 100,000 profiles, so walking
 * wins until the matches are very few (a name), and then the text index costs little.
 */
const MAX_WALK = 20_000;
/**
 * At most this many kinds of page statements are prepared, each once on every connection of the pool (a plan is some
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
 * Relevance ranks the fresh (who said they are still looking within FRESH_DAYS) before the others: every tier of the
 * fresh, then every tier of the rest. A rank is the tier, plus TIERS.length for the rest; cursors carry the rank.
 */
const LAST_RANK = 2 * TIERS.length - 1;
const FRESH_SINCE = sql.raw(`now() - interval '${FRESH_DAYS} days'`);
const inBand = (band: 'fresh' | 'stale') => (band === 'fresh' ? sql`p.looking_confirmed_at > ${FRESH_SINCE}` : sql`p.looking_confirmed_at <= ${FRESH_SINCE}`);

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

/** One word's text query, any weight (as textQuery). */
function wordQuery(word: string): SQL {
  const { simple, english } = wordQueryTexts(word);
  return sql`(to_tsquery('simple', ${simple}) || to_tsquery('english', ${english}))`;
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
  fresh: boolean;
  nationalities: string[];
  inCountries: string[];
  visaStatuses: string[];
  availableWithin: number | undefined;
  licences: string[];
  /** Expected pay at most `amount` a month in `currency` (the lower end of the job seeker's range). */
  salary: { amount: number; currency: string } | undefined;
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
    fresh: input.fresh === true,
    nationalities: list(input.nationalities),
    inCountries: list(input.inCountries),
    visaStatuses: list(input.visaStatuses),
    availableWithin: input.availableWithin,
    licences: list(input.licences),
    salary: input.maxSalary !== undefined && input.salaryCurrency ? { amount: input.maxSalary, currency: input.salaryCurrency } : undefined,
    sort,
    limit: input.limit,
  };
}

/** Identifies the filtered set (not its order): the key of the count. */
export function filterKey(s: NormalizedSearch): string {
  const facts = [s.nationalities, s.inCountries, s.visaStatuses, s.availableWithin ?? null, s.licences, s.salary ?? null];
  // Searches without the hiring facts keep the keys (and cursors) they had before those existed.
  const base = [s.words, s.industries, s.languages, s.locations, s.minYears ?? null, s.maxYears ?? null, s.hasVideo ?? null, s.fresh];
  return JSON.stringify(facts.some((f) => f !== null && !(Array.isArray(f) && f.length === 0)) ? [...base, ...facts] : base);
}

// Filter values are written into the statement as literals, not parameters: a walk is a prepared statement (see
// `read`), and PostgreSQL plans a prepared statement once only when its parameters cannot change the plan's cost:
// filters as parameters kept it planning every time. The values are safe to write: industries, languages and places
// come from the lists of shared/constants.ts, countries, visa statuses, licences and currencies from those of
// shared/hiring-facts.ts (candidateSearchSchema refuses anything else), years and amounts are whole numbers, and each
// literal is quoted as PostgreSQL reads it (standard_conforming_strings, on since 9.1).
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
const wholeNumber = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
};
const textArray = (values: string[]) => sql`array[${sql.join(values.map(literal), sql`, `)}]::text[]`;

const LISTED = sql`p.listed and p.visibility = 'visible'`;
/**
 * The profiles that blocked the company are not there for it (services/company-blocks.ts). Uncorrelated, so
 * PostgreSQL reads the company's blocks once per statement into a hash and tests each row against it: a company
 * with a hundred blocks pays a hash probe per row read, not a lookup.
 */
const notBlocked = (companyId: string) => sql`p.id not in (select b.profile_id from company_blocks b where b.company_id = ${companyId})`;

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
  if (s.fresh) conditions.push(inBand('fresh'));
  if (s.nationalities.length > 0) conditions.push(sql`p.nationality = any(${textArray(s.nationalities)})`);
  if (s.inCountries.length > 0) conditions.push(sql`p.current_country = any(${textArray(s.inCountries)})`);
  if (s.visaStatuses.length > 0) conditions.push(sql`p.visa_status = any(${textArray(s.visaStatuses)})`);
  // Today as the database has it: a prepared walk reads it at each run.
  if (s.availableWithin !== undefined) conditions.push(sql`p.available_from <= current_date + ${wholeNumber(s.availableWithin)}`);
  if (s.licences.length > 0) conditions.push(sql`p.driving_licences && ${textArray(s.licences)}`);
  if (s.salary) conditions.push(sql`p.salary_currency = ${literal(s.salary.currency)} and p.salary_min <= ${wholeNumber(s.salary.amount)}`);
  return conditions;
}

/**
 * The text query, and one per tier, computed once per statement in a materialized CTE (tq). The planner cannot see
 * their values and takes a match as selective: it reads the text index and visits the matching rows only. Used where
 * that is what we want (counting; pages of few matches). Shown the value, its estimates for prefix queries are poor.
 */
const textQueries = (s: NormalizedSearch) =>
  sql`with tq as materialized (select ${sql.join(
    [
      ...TIERS.map((weights, tier) => sql`${textQuery(s.words, weights)} as ${sql.raw(`t${tier}`)}`),
      // Each word alone, any weight: for the name's text index (inName).
      ...s.words.map((word, i) => sql`${wordQuery(word)} as ${sql.raw(`w${i}`)}`),
    ],
    sql`, `,
  )}) `;
/** The query of a tier in tq. */
const tierQuery = (tier: number) => sql.raw(`tq.t${tier}`);

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

// ---- The better tiers through indexes. The name, industries, languages and place are the fixed part of the search
// vector (weights A to C): a word is in the industries (B) exactly when the row has one of the industries of shared/constants.ts the
// word matches, and in languages and place (C) likewise, so these tiers are conditions on the name's text index and
// on the filters' own indexes, which find few matches at the cost of few.

/** The values of the fixed lists a word matches, as the search vector's B and C parts would match it. */
export interface WordFields {
  industries: string[];
  languages: string[];
  locations: string[];
}

/** Word `i` of the search in the name's part of the search vector, as its own text index has it (migration 0007). */
const inName = (i: number) => sql`to_tsvector('simple', p.full_name) @@ ${sql.raw(`tq.w${i}`)}`;

/**
 * Every word within the weights of `tier` (0 to 2): in the name, or in a matching industry, language or place. Reads the
 * words' queries from tq (textQueries): the planner cannot see them and takes a name match as rare, so it reads the
 * name's index first; shown a prefix query, it overrated the matches and read every row of an industry instead.
 */
function inFixedFields(words: string[], fields: Map<string, WordFields>, tier: number): SQL {
  return sql.join(
    words.map((word, i) => {
      const f = fields.get(word)!;
      const anyOf = [inName(i)];
      if (tier >= 1 && f.industries.length > 0) anyOf.push(sql`p.industries && ${textArray(f.industries)}`);
      if (tier >= 2 && f.languages.length > 0) anyOf.push(sql`p.languages && ${textArray(f.languages)}`);
      if (tier >= 2 && f.locations.length > 0) anyOf.push(sql`p.location = any(${textArray(f.locations)})`);
      return anyOf.length === 1 ? anyOf[0]! : sql`(${sql.join(anyOf, sql` or `)})`;
    }),
    sql` and `,
  );
}

/**
 * Whether tier `tier` can hold anyone at all: the industries' tier only when a word matches an industry, the tier of
 * languages and place only when a word matches one of them. Known from the words alone, so an impossible tier costs
 * nothing (the name's tier always can: names are free text).
 */
export function tierPossible(words: string[], fields: Map<string, WordFields>, tier: number): boolean {
  const has = (pick: (f: WordFields) => string[]) => words.some((word) => pick(fields.get(word)!).length > 0);
  if (tier === 1) return has((f) => f.industries);
  if (tier === 2) return has((f) => f.languages) || has((f) => f.locations);
  return true;
}

/** The statement that finds which values of the fixed lists each word matches. */
function wordFieldsQuery(words: string[]): SQL {
  const texts = words.map((word) => wordQueryTexts(word));
  const matching = (values: readonly string[]) =>
    sql`array(select v from unnest(${sql.param([...values])}::text[]) v
      where to_tsvector('simple', v) @@ (to_tsquery('simple', w.simple) || to_tsquery('english', w.english)))`;
  return sql`select w.word, ${matching(INDUSTRIES)} as industries, ${matching(LANGUAGES)} as languages, ${matching(LOCATIONS)} as locations
    from unnest(${sql.param(words)}::text[], ${sql.param(texts.map((t) => t.simple))}::text[], ${sql.param(texts.map((t) => t.english))}::text[])
      as w(word, simple, english)`;
}

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

// ---- The SQL.

const EXACT_CONFIRMED_AT = sql`to_char(c.looking_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The pool under a Db (node-postgres), for statements drizzle does not name. */
const clientOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** The two orders, each written exactly as its index is (migration 0005), so a page is a range of the index. */
const ORDERS = {
  newest: {
    index: sql`p.looking_confirmed_at desc nulls last, p.id desc nulls last`,
    outer: sql`c.looking_confirmed_at desc, c.id desc`,
    key: EXACT_CONFIRMED_AT,
    after: (k: string, id: string) => sql`(p.looking_confirmed_at, p.id) < (${k}::timestamptz, ${id}::uuid)`,
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
  /** Relevance: the fresh or the others (see LAST_RANK), and the rank that names this part in cursors. */
  band?: 'fresh' | 'stale';
  rank?: number;
  /** Walk the sort's index (many matches), or find the matches through indexes and sort them (few). */
  walk: boolean;
  after?: { k: string | number; id: string };
  limit: number;
  /** What the words match in the fixed lists: needed to read a better tier's matches without walking. */
  fields?: Map<string, WordFields>;
  /**
   * Not walking: find at most this many matches + 1; each row then says how many were found (`found`), and more
   * than `cap` means the part is too large to read this way (the rows are then not all of it).
   */
  cap?: number;
}

/** One statement of a page: up to `limit` rows of the search in the part's order, with the company's shortlist marks. */
export function pageQuery(s: NormalizedSearch, companyId: string, part: PagePart): SQL {
  const order = ORDERS[part.order];
  const text = s.words.length > 0;
  const tier = part.rank ?? part.tier ?? LAST_TIER;
  const after = part.after ? [order.after(part.after.k as never, part.after.id)] : [];
  // On the newest index's own key: a range of it.
  const band = part.band ? [inBand(part.band)] : [];
  let matches: SQL;
  let head = sql``;
  if (part.walk) {
    // The sort's index in order, read alone (offset 0 keeps the other conditions out of its plan, so it cannot pick
    // another index), filtered on the columns the index carries, until `limit` rows pass. The rows come in the
    // subquery's order; no second ORDER BY here, so the planner knows only the first rows are wanted and plans the
    // subquery for a fast start (with one, it planned the whole ordered read, and could take a full scan and a sort).
    // The page is sorted once more below.
    const q = (t: number) => sql`(select ${textQuery(s.words, TIERS[t]!)})`;
    const conditions = [...fieldFilters(s), ...(text ? [matchText(part.tier, q, inHead)] : []), notBlocked(companyId)];
    matches = sql`select p.id, ${tier}::int as walked_tier, null::int as found from (
        select p.id, p.search_head, p.search_complete, p.industries, p.languages, p.location, p.years_of_experience, p.video_url, p.looking_confirmed_at,
          p.nationality, p.current_country, p.visa_status, p.available_from, p.driving_licences, p.salary_min, p.salary_currency
        from job_seeker_profiles p
        where ${sql.join([LISTED, ...band, ...after, ...(part.order === 'experience' ? yearsRange(s) : [])], sql` and `)}
        order by ${order.index}
        offset 0
      ) p
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      limit ${wholeNumber(part.limit)}`;
  } else {
    // A text search's matches all first (offset 0, or the cap's limit, keeps the order and the page's limit out of
    // this part of the plan, so the planner cannot walk the sort index instead, which it would do when it overrates
    // the matches), then sorted. Chosen only when the matches are few, or to find out whether they are (cap).
    let conditions: SQL[];
    const usesTextQueries = text;
    if (text) head = textQueries(s);
    if (text && part.tier !== undefined && part.tier < LAST_TIER) {
      // A better tier's matches, through the name's text index and the filters' indexes (see inFixedFields).
      const fields = part.fields!;
      conditions = [
        LISTED,
        notBlocked(companyId),
        ...fieldFilters(s, true),
        inFixedFields(s.words, fields, part.tier),
        ...(part.tier > 0 ? [sql`not (${inFixedFields(s.words, fields, part.tier - 1)})`] : []),
        ...band,
        ...after,
      ];
    } else {
      conditions = [LISTED, notBlocked(companyId), ...fieldFilters(s, text), ...(text ? [matchText(part.tier, tierQuery, inVector)] : []), ...band, ...after];
    }
    const from = usesTextQueries ? sql`job_seeker_profiles p, tq` : sql`job_seeker_profiles p`;
    if (!text) {
      // Filters only, with no count to go by yet: the planner picks between walking the sort index and the filters'
      // indexes, as it knows the filters' values and their statistics.
      matches = sql`select p.id, ${tier}::int as walked_tier, null::int as found from ${from}
        where ${sql.join(conditions, sql` and `)}
        order by ${order.index}
        limit ${wholeNumber(part.limit)}`;
    } else {
      matches = sql`select p.id, ${tier}::int as walked_tier, ${part.cap === undefined ? sql`null::int` : sql`count(*) over ()::int`} as found from (
          select p.id, p.looking_confirmed_at, p.years_of_experience from ${from}
          where ${sql.join(conditions, sql` and `)}
          ${part.cap === undefined ? sql`offset 0` : sql`limit ${wholeNumber(part.cap + 1)}`}
        ) p
        order by ${order.index}
        limit ${wholeNumber(part.limit)}`;
    }
  }
  // The account check is a lookup by key for each of the page's rows, planned on its own (offset 0): several rare
  // filters make the planner expect a single row here, and it then joined users by reading the whole table once per
  // row found (200 ms at 100,000 profiles).
  return sql`${head}select c.id, c.full_name, c.location, c.years_of_experience, c.industries, c.languages,
      left(c.bio, ${SUMMARY_LENGTH + 1}) as bio, c.video_url is not null as has_video, c.video_url,
      ${posterKeyOfProfile(sql`c`)} as poster_key, c.looking_confirmed_at, ${factColumns(sql`c`)}, ${order.key} as sort_key,
      m.walked_tier as tier, m.found, s.profile_id is not null as shortlisted
    from (${matches}) m
    join job_seeker_profiles c on c.id = m.id
    cross join lateral (select 1 from users u where u.id = c.user_id and u.status = 'active' and u.role = 'job_seeker' offset 0) u
    left join shortlists s on s.company_id = ${companyId} and s.profile_id = c.id
    order by ${order.outer}`;
}

/**
 * The profiles matching a search that were approved in (since, until]: what a saved search's alert lists, newest
 * approval first, at most `limit`, and how many there are in all (up to COUNTED_UP_TO). The few approvals of a day
 * are found through the filters' and text indexes, like a count.
 */
export function newMatchesQuery(s: NormalizedSearch, companyId: string, since: Date, until: Date, limit: number): SQL {
  const text = s.words.length > 0;
  const conditions = [
    LISTED,
    notBlocked(companyId),
    ...fieldFilters(s, text),
    ...(text ? [inVector(tierQuery(LAST_TIER))] : []),
    sql`p.reviewed_at > ${since.toISOString()}::timestamptz`,
    sql`p.reviewed_at <= ${until.toISOString()}::timestamptz`,
  ];
  return sql`${text ? textQueries(s) : sql``}select p.id, p.full_name, p.location, p.years_of_experience, p.industries, p.languages,
      left(p.bio, ${SUMMARY_LENGTH + 1}) as bio, p.video_url is not null as has_video, p.video_url,
      ${posterKeyOfProfile(sql`p`)} as poster_key, p.looking_confirmed_at, ${factColumns(sql`p`)}, false as shortlisted, count(*) over ()::int as found
    from job_seeker_profiles p${text ? sql`, tq` : sql``}
    where ${sql.join(conditions, sql` and `)}
    order by p.reviewed_at desc, p.id desc
    limit ${wholeNumber(limit)}`;
}

/** The new matches of a search (see newMatchesQuery), as cards, and how many in all. */
export async function findNewMatches(
  db: Pick<Db, 'execute'>,
  companyId: string,
  input: CandidateSearch,
  since: Date,
  until: Date,
  limit: number,
): Promise<{ items: CandidateCard[]; total: number }> {
  const { rows } = await db.execute<CardRow & { shortlisted: boolean; found: number }>(newMatchesQuery(normalizeSearch(input), companyId, since, until, limit));
  return { items: rows.map(card), total: rows[0]?.found ?? 0 };
}

/** The option lists whose options show how many job seekers each would find. */
export const FACETS = ['industries', 'locations', 'languages'] as const;
export type Facet = (typeof FACETS)[number];
/** Options are counted only among this many matches: beyond, counting costs in proportion and says little. */
export const FACET_CAP = 500;

/**
 * How many of the matches hold each option of each list, the list's own choice left out (so each option says what
 * ticking it would add), in one statement: the lists whose matches are the same set (no choice made in them) share
 * one read of at most `cap` + 1 matches; `matched` says when a set had more, and its counts are then not used.
 */
export function facetQuery(s: NormalizedSearch, cap: number): SQL {
  const text = s.words.length > 0;
  const sets = new Map<string, { search: NormalizedSearch; facets: Facet[] }>();
  for (const facet of FACETS) {
    const others = { ...s, [facet]: [] };
    const key = filterKey(others);
    const set = sets.get(key) ?? { search: others, facets: [] };
    set.facets.push(facet);
    sets.set(key, set);
  }
  const reads = [...sets.values()].map(({ search }, i) => {
    const conditions = [LISTED, ...fieldFilters(search, text), ...(text ? [inVector(tierQuery(LAST_TIER))] : [])];
    return sql`${sql.raw(`m${i}`)} as (select p.industries, p.languages, p.location from job_seeker_profiles p${text ? sql`, tq` : sql``}
      where ${sql.join(conditions, sql` and `)} limit ${wholeNumber(cap + 1)})`;
  });
  const values: Record<Facet, SQL> = { industries: sql`unnest(m.industries)`, languages: sql`unnest(m.languages)`, locations: sql`m.location` };
  const counts = [...sets.values()].flatMap(({ facets }, i) =>
    facets.map(
      (facet) => sql`select ${facet}::text as facet, (select count(*) from ${sql.raw(`m${i}`)})::int as matched, v::text as value, count(*)::int as n
        from (select ${values[facet]} as v from ${sql.raw(`m${i}`)} m) x group by v`,
    ),
  );
  return sql`${text ? sql`${textQueries(s)}, ` : sql`with `}${sql.join(reads, sql`, `)} ${sql.join(counts, sql` union all `)}`;
}

/** Per list, the count of each option among the matches (see facetQuery), or null where the matches are too many. */
export async function countOptions(db: Pick<Db, 'execute'>, input: CandidateSearch, cap = FACET_CAP): Promise<Record<Facet, Record<string, number> | null>> {
  const { rows } = await db.execute<{ facet: Facet; matched: number; value: string; n: number }>(facetQuery(normalizeSearch(input), cap));
  const result = Object.fromEntries(FACETS.map((facet) => [facet, {}])) as Record<Facet, Record<string, number> | null>;
  for (const row of rows) {
    if (row.matched > cap) result[row.facet] = null;
    else if (result[row.facet]) result[row.facet]![row.value] = row.n;
  }
  return result;
}

/** What a page is planned with. */
export interface SearchStats {
  /** How many match, counted up to TOTAL_CAP + 1. */
  total: number;
  /** Listed profiles in all (the statistics of the index): how far a walk goes for each match. */
  listed: number;
  /** The better tiers found too large to read through indexes while this count is kept (see textPage). */
  largeTiers: Set<number>;
}

const COUNTED_UP_TO = TOTAL_CAP + 1;

/** How many match, counted up to COUNTED_UP_TO, and the listed profiles in all (see SearchStats). */
export function countQuery(s: NormalizedSearch): SQL {
  const text = s.words.length > 0;
  const conditions = [LISTED, ...fieldFilters(s, text), ...(text ? [inVector(tierQuery(LAST_TIER))] : [])];
  return sql`${text ? textQueries(s) : sql``}select (select count(*)::int from (
        select 1 from job_seeker_profiles p${text ? sql`, tq` : sql``} where ${sql.join(conditions, sql` and `)} limit ${COUNTED_UP_TO}
      ) x) as total,
      (select reltuples from pg_class where oid = 'job_seeker_profiles_listed_newest_idx'::regclass)::float8 as listed`;
}

/** The hiring facts of a card, selected from the profile `alias` (a date as text, not a Date in local time). */
export const factColumns = (alias: SQL) =>
  sql`${alias}.nationality, ${alias}.current_country, ${alias}.visa_status, ${alias}.available_from::text as available_from,
    ${alias}.driving_licences, ${alias}.licence_country, ${alias}.salary_min, ${alias}.salary_max, ${alias}.salary_currency, ${alias}.fact_verifications`;

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
  video_url: string | null;
  poster_key: string | null;
  looking_confirmed_at: Date | string;
  nationality: string | null;
  current_country: string | null;
  visa_status: string | null;
  available_from: string | null;
  driving_licences: string[] | null;
  licence_country: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  fact_verifications: Record<string, unknown> | null;
}

/** The poster of a profile's video once the app has made it (videos it keeps as /objects/video/<id>). */
const posterKeyOfProfile = (profile: ReturnType<typeof sql>) =>
  sql`(select o.poster_key from objects o where o.key = substr(${profile}.video_url, ${'/objects/'.length + 1}))`;

interface PageRow extends CardRow {
  sort_key: string | number;
  tier: number;
  found: number | null;
  shortlisted: boolean;
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
    videoUrl: row.video_url,
    posterUrl: row.poster_key ? `/objects/${row.poster_key}` : null,
    avatarUrl: null,
    shortlisted: row.shortlisted,
    lookingConfirmedAt: new Date(row.looking_confirmed_at).toISOString(),
    nationality: row.nationality,
    currentCountry: row.current_country,
    visaStatus: row.visa_status as HiringFacts['visaStatus'],
    availableFrom: row.available_from,
    drivingLicences: row.driving_licences as HiringFacts['drivingLicences'],
    licenceCountry: row.licence_country,
    salaryMin: row.salary_min,
    salaryMax: row.salary_max,
    salaryCurrency: row.salary_currency as HiringFacts['salaryCurrency'],
    verifiedFacts: VERIFIABLE_FACTS.filter((fact) => row.fact_verifications?.[fact] !== undefined),
  };
}

/**
 * The answer from up to limit + 1 rows (one more tells that another page follows) and their sort keys. `counted` is
 * the count as it stopped (COUNTED_UP_TO means more than TOTAL_CAP).
 */
function resultOf(s: NormalizedSearch, rows: { card: CandidateCard; key: Cursor['k'] }[], counted: number): CandidateSearchResult {
  const last = rows.length > s.limit ? rows[s.limit - 1] : undefined;
  return {
    items: rows.slice(0, s.limit).map((row) => row.card),
    total: Math.min(counted, TOTAL_CAP),
    totalExact: counted <= TOTAL_CAP,
    nextCursor: last ? encodeCursor({ k: last.key, id: last.card.id, t: counted, f: fingerprint(s) }) : null,
  };
}

export interface CandidateSearchService {
  search(companyId: string, input: CandidateSearch): Promise<CandidateSearchResult>;
  /** The filters' option counts (see countOptions), skipped at once when the search's count says they are too many. */
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
  /** See FACET_CAP. */
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

// ---- One candidate: the page of a profile, and the events a company leaves on it.

/**
 * The one test of whether a company may see a profile, by id: approved job seeker, visible, and not blocking this
 * company. Read from users itself (not the `listed` copy). Hidden, pending, rejected, suspended, blocking and
 * unknown profiles all look the same: absent.
 */
export const visibleProfile = (profileId: string | SQL, companyId: string) => sql`
  p.id = ${profileId} and p.visibility = 'visible'
  and exists (select 1 from users u where u.id = p.user_id and u.status = 'active' and u.role = 'job_seeker')
  and not exists (select 1 from company_blocks b where b.profile_id = p.id and b.company_id = ${companyId})`;

export const notFound = () => new DomainError('candidate.not_found');

interface DetailRow extends CardRow {
  phone: string;
  email: string | null;
  video_url: string | null;
  cv_url: string | null;
  note: string | null;
  note_by: string | null;
  saved_at: string | null;
}

/** The whole profile for a subscribed company, and a `view` event by the person of the company who opened it. */
export async function viewCandidate(db: Db, companyId: string, profileId: string, userId: string): Promise<CandidateDetail> {
  const { rows } = await db.execute<DetailRow>(sql`
    with shown as (
      select p.id, p.full_name, p.location, p.years_of_experience, p.industries, p.languages, p.bio, p.phone,
        p.video_url, p.video_url is not null as has_video, ${posterKeyOfProfile(sql`p`)} as poster_key, p.looking_confirmed_at, p.cv_url,
        ${factColumns(sql`p`)},
        (select email from users where id = p.user_id) as email
      from job_seeker_profiles p
      where ${visibleProfile(profileId, companyId)}
    ), viewed as (
      insert into candidate_events (company_id, profile_id, type, user_id) select ${companyId}, id, 'view', ${userId} from shown
    )
    select shown.*, s.note, ${noteAuthor(sql`s`)} as note_by,
      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as saved_at
    from shown left join shortlists s on s.company_id = ${companyId} and s.profile_id = shown.id`);
  const row = rows[0];
  if (!row) throw notFound();
  return {
    ...card({ ...row, shortlisted: row.saved_at !== null }),
    phone: row.phone,
    email: row.email,
    bio: row.bio,
    cvUrl: row.cv_url,
    shortlist: row.saved_at !== null ? { note: row.note, noteBy: row.note_by, savedAt: row.saved_at } : null,
  };
}

/** Who of the team wrote a shortlist row's note: their name, else their e-mail. */
export const noteAuthor = (shortlist: SQL) =>
  sql`(select coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), a.email) from users a where a.id = ${shortlist}.note_author_id)`;

/** A company contacted a job seeker (e-mail or WhatsApp link opened): recorded, for a profile it may see. */
export async function recordCandidateEvent(
  db: Db,
  companyId: string,
  profileId: string,
  event: { type: 'contact' | 'cv_download' | 'view'; channel?: string; userId: string },
): Promise<void> {
  const { rows } = await db.execute(sql`
    insert into candidate_events (company_id, profile_id, type, channel, user_id)
    select ${companyId}, p.id, ${event.type}, ${event.channel ?? null}, ${event.userId}
    from job_seeker_profiles p
    where ${visibleProfile(profileId, companyId)}
    returning id`);
  if (rows.length === 0) throw notFound();
}

/**
 * The profile whose CV or video this file is, when a company may see that profile (active companies get the
 * files of approved, visible profiles). The file must also belong to the profile's owner.
 */
export async function profileShowingFile(
  db: Db,
  file: { key: string; kind: string; ownerId: string | null },
  companyId: string,
): Promise<string | undefined> {
  if ((file.kind !== 'cv' && file.kind !== 'video') || !file.ownerId) return undefined;
  const path = `/objects/${file.key}`;
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id from job_seeker_profiles p
    where ${file.kind === 'cv' ? sql`p.cv_url = ${path}` : sql`p.video_url = ${path}`} and p.user_id = ${file.ownerId}
      and ${visibleProfile(sql`p.id`, companyId)}
    limit 1`);
  return rows[0]?.id;
}
