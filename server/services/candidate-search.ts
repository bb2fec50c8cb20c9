// The Job Seeker Database search (SPEC 2, DESIGN 4): filters, full text with ranking, three sorts, keyset pages and
// the count behind 'Showing N job seekers'. Only approved, visible profiles of job seekers ever come out.
//
// How it stays fast at 100,000 profiles (numbers in the note of `npm run bench`):
// - Every query reads job_seeker_profiles alone, through partial indexes that hold only listed, visible profiles
//   (`listed` mirrors the owner's approval, kept by triggers; migration 0003_candidate_search). The page's rows are
//   joined to users once more, so a profile is shown only while its account really is an approved job seeker.
// - Pages are keyset pages on the sort's own index: (created_at, id), (years, id), or (rank, id) for relevance, where
//   every match is ranked (ts_rank) and the best are kept (a top-N sort).
// - The count is exact, but counting tens of thousands of rows on every request is the most expensive thing a search
//   does. So: a first page that is not full already is the count; later pages carry the first page's count in their
//   cursor (the number does not jump while paging); and otherwise the count is kept per filter set together with
//   the version of the profiles it was counted at (candidate_search_version, raised at the commit of every change to
//   the profiles), and reused only while that version is current. The version comes with the page's rows, in the
//   same snapshot, so a reused count is the count the database would give at that moment.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { CandidateCard, CandidateDetail, CandidateSearch, CandidateSearchResult, CandidateSort } from '#shared/candidates.ts';
import type { Db } from '../db/client.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from '../http/cursor.ts';
import { HttpError } from '../http/errors.ts';

export const SUMMARY_LENGTH = 160;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 32;
const MIN_PREFIX = 3;
const COUNT_CACHE_SIZE = 5_000;

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
 * Each word must match (AND). A word of three letters or more matches as a prefix: of a lexeme as written ('simple',
 * as names, industries, languages and places are indexed), through its shorter stem when it has one ('cleaner' as
 * 'clean:*'), or through its English stem (the bio is indexed in English: 'delivery' is 'deliveri' there).
 */
export function textQuery(words: string[]): SQL {
  return sql.join(
    words.map((word) =>
      // A word of one or two letters is taken whole: as a prefix it would match nearly every profile.
      word.length < MIN_PREFIX
        ? sql`(to_tsquery('simple', ${word}) || to_tsquery('english', ${word}))`
        : sql`(to_tsquery('simple', ${`${wordStem(word) ?? word}:*`}) || to_tsquery('english', ${`${word}:*`}))`,
    ),
    sql` && `,
  );
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
function filterKey(s: NormalizedSearch): string {
  return JSON.stringify([s.words, s.industries, s.languages, s.locations, s.minYears ?? null, s.maxYears ?? null, s.hasVideo ?? null]);
}

const textArray = (values: string[]) => sql`array[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

const LISTED = sql`p.listed and p.visibility = 'visible'`;

/**
 * The text query of a statement, computed once in a materialized CTE (tq). The planner then cannot see its value and
 * takes the match as selective: it reads the text index and visits the matching rows only, so a search with words
 * costs in proportion to its matches. Shown the value, its estimates for prefix queries are poor and its default
 * costs (made for disks) lead it to read the whole table for a common word, or to walk a sort's index past tens of
 * thousands of rows for a rare one: 40-60 ms instead of 5-15 ms at 100,000 profiles (EXPLAIN ANALYZE, 2 cores).
 */
const textSource = (s: NormalizedSearch) =>
  s.words.length === 0
    ? { with: sql``, from: sql``, query: sql`` }
    : { with: sql`with tq as materialized (select ${textQuery(s.words)} as q) `, from: sql`, tq`, query: sql`tq.q` };

function filters(s: NormalizedSearch, text: SQL): SQL {
  const conditions: SQL[] = [LISTED];
  if (s.industries.length > 0) conditions.push(sql`p.industries && ${textArray(s.industries)}`);
  if (s.languages.length > 0) conditions.push(sql`p.languages && ${textArray(s.languages)}`);
  if (s.locations.length > 0) conditions.push(sql`p.location = any(${textArray(s.locations)})`);
  // Unknown years (null, read as -1) are left out as soon as a range is asked for.
  if (s.minYears !== undefined || s.maxYears !== undefined) {
    conditions.push(sql`coalesce(p.years_of_experience, -1) between ${s.minYears ?? 0} and ${s.maxYears ?? 1000}`);
  }
  if (s.hasVideo !== undefined) conditions.push(s.hasVideo ? sql`p.video_url is not null` : sql`p.video_url is null`);
  if (s.words.length > 0) conditions.push(sql`p.search_vector @@ ${text}`);
  return sql.join(conditions, sql` and `);
}

// ---- Cursors: base64url JSON of the last row's sort key and id, the count, and a fingerprint of the search (filters
// and sort), so a cursor only ever continues the search it came from. Anything else in one is refused with a 400.

interface Cursor {
  /** The sort key of the last row: a timestamp (newest), whole years (experience) or a rank (relevance). */
  k: string | number;
  id: string;
  /** The count at the first page. */
  t: number;
  /** Which search (filters and sort) the cursor belongs to. */
  f: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A rank as PostgreSQL prints a real (never negative), within what a real holds.
const RANK = /^(?:\d+(?:\.\d+)?(?:e-?\d+)?)$/;
const isRank = (k: unknown) => typeof k === 'string' && RANK.test(k) && (k === '0' || (Number(k) >= 1e-30 && Number(k) <= 1e30));

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
          : isRank(c.k)),
  );
}

// ---- The SQL.

function order(s: NormalizedSearch, text: SQL) {
  // ts_rank, not ts_rank_cd: both weigh where a word is found (name, industries, languages and place, bio); cover
  // density also rewards words close together, which says little in a profile of a few lines, and it costs three times
  // as much on a common word (18 ms against 5 ms for 11,000 matches of 'driver' on the 2-core machine).
  const rank = sql`ts_rank(p.search_vector, ${text})`;
  // `rank` is computed once per match, in a subquery the cursor's condition cannot be pushed into (offset 0), so a
  // later page does not rank every match twice; `key` is the cursor's value, computed on the page's rows only.
  switch (s.sort) {
    case 'newest':
      // Written as the index is: (created_at desc nulls last, id desc nulls last).
      return {
        rank: undefined,
        key: sql`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        inner: sql`p.created_at desc nulls last, p.id desc nulls last`,
        outer: sql`c.created_at desc, c.id desc`,
        after: (c: Cursor) => sql`(p.created_at, p.id) < (${c.k}::timestamptz, ${c.id}::uuid)`,
      };
    case 'experience':
      return {
        rank: undefined,
        key: sql`coalesce(c.years_of_experience, -1)`,
        inner: sql`coalesce(p.years_of_experience, -1) desc, p.id desc nulls last`,
        outer: sql`coalesce(c.years_of_experience, -1) desc, c.id desc`,
        after: (c: Cursor) => sql`(coalesce(p.years_of_experience, -1), p.id) < (${c.k}::int, ${c.id}::uuid)`,
      };
    case 'relevance':
      return {
        rank,
        // The rank as text: a real prints exactly, so it comes back in the cursor as the same value.
        key: sql`c.rank::text`,
        inner: sql`p.rank desc, p.id desc`,
        outer: sql`c.rank desc, c.id desc`,
        after: (c: Cursor) => sql`(p.rank, p.id) < (${c.k}::real, ${c.id}::uuid)`,
      };
  }
}

/**
 * One page (limit + 1 rows, to know whether another follows) with the company's shortlist marks, and the version
 * of the profiles it was read at.
 */
export function pageQuery(s: NormalizedSearch, companyId: string, cursor?: Cursor): SQL {
  const text = textSource(s);
  const o = order(s, text.query);
  const columns = sql`p.id, p.user_id, p.full_name, p.location, p.years_of_experience, p.industries, p.languages, p.bio, p.video_url, p.created_at`;
  const matches = o.rank
    ? sql`(select ${columns}, ${o.rank} as rank from job_seeker_profiles p${text.from} where ${filters(s, text.query)} offset 0) p`
    : sql`job_seeker_profiles p${text.from}`;
  const conditions = [...(o.rank ? [] : [filters(s, text.query)]), ...(cursor ? [o.after(cursor)] : [])];
  return sql`${text.with}
    select c.id, c.full_name, c.location, c.years_of_experience, c.industries, c.languages,
      left(c.bio, ${SUMMARY_LENGTH + 1}) as bio, c.video_url is not null as has_video, ${o.key} as sort_key,
      s.profile_id is not null as shortlisted, (select version from candidate_search_version where id = 1)::text as version
    from (
      select ${columns}, ${o.rank ? sql`p.rank` : sql`null::real as rank`}
      from ${matches}
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by ${o.inner}
      limit ${s.limit + 1}
    ) c
    join users u on u.id = c.user_id and u.status = 'active' and u.role = 'job_seeker'
    left join shortlists s on s.company_id = ${companyId} and s.profile_id = c.id
    order by ${o.outer}`;
}

/** The size of the whole filtered set, with the version of the profiles it was counted at. */
export function countQuery(s: NormalizedSearch): SQL {
  const text = textSource(s);
  return sql`${text.with}
    select count(*)::int as total, (select version from candidate_search_version where id = 1)::text as version
    from job_seeker_profiles p${text.from}
    where ${filters(s, text.query)}`;
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

export interface CandidateSearchService {
  search(companyId: string, input: CandidateSearch): Promise<CandidateSearchResult>;
}

export function createCandidateSearch(db: Db, options: { countCacheSize?: number } = {}): CandidateSearchService {
  const maxCounts = options.countCacheSize ?? COUNT_CACHE_SIZE;
  const counts = new Map<string, { version: string; total: number }>();

  async function countOf(s: NormalizedSearch, version: string | undefined): Promise<number> {
    const key = filterKey(s);
    const known = counts.get(key);
    if (known && known.version === version) return known.total;
    const { rows } = await db.execute<{ total: number; version: string }>(countQuery(s));
    const counted = rows[0]!;
    counts.delete(key);
    counts.set(key, { version: counted.version, total: counted.total });
    if (counts.size > maxCounts) counts.delete(counts.keys().next().value!);
    return counted.total;
  }

  return {
    async search(companyId, input) {
      const s = normalizeSearch(input);
      const cursor = input.cursor ? decodeSearchCursor(input.cursor, s) : undefined;
      const { rows } = await db.execute<PageRow>(pageQuery(s, companyId, cursor));
      const page = rows.slice(0, s.limit);
      const more = rows.length > s.limit;
      // A first page with room to spare holds the whole set; later pages keep the first page's count.
      const total = cursor ? cursor.t : more ? await countOf(s, rows[0]?.version) : page.length;
      const last = page.at(-1);
      return {
        items: page.map(card),
        total,
        nextCursor: more && last ? encodeCursor({ k: last.sort_key, id: last.id, t: total, f: fingerprint(s) }) : null,
      };
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
