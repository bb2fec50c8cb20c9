// The statement of one part of a page: a walk of a sort index in order, or the matches found through indexes and
// sorted, joined to the accounts that may be shown and the company's shortlist (docs/decisions/0012, 0022).
import { sql, type SQL } from 'drizzle-orm';
import { factColumns, posterKeyOfProfile, SUMMARY_LENGTH, type CardRow } from './cards.ts';
import { fieldFilters, inBand, LISTED, notBlocked, wholeNumber, yearsRange, type NormalizedSearch } from './filters.ts';
import { inFixedFields, inHead, inVector, matchText, textQueries, textQuery, tierQuery } from './text-match.ts';
import { LAST_TIER, TIERS, type WordFields } from './words.ts';

const EXACT_CONFIRMED_AT = sql`to_char(c.looking_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The two orders, each written exactly as its index is (migration 0005), so a page is a range of the index. A cursor's
 * key is bound as a parameter and cast by the statement (a timestamp for the newest, a whole number for experience).
 */
const ORDERS = {
  newest: {
    index: sql`p.looking_confirmed_at desc nulls last, p.id desc nulls last`,
    outer: sql`c.looking_confirmed_at desc, c.id desc`,
    key: EXACT_CONFIRMED_AT,
    after: (k: string | number, id: string) => sql`(p.looking_confirmed_at, p.id) < (${k}::timestamptz, ${id}::uuid)`,
  },
  experience: {
    index: sql`coalesce(p.years_of_experience, -1) desc, p.id desc nulls last`,
    outer: sql`coalesce(c.years_of_experience, -1) desc, c.id desc`,
    key: sql`coalesce(c.years_of_experience, -1)`,
    after: (k: string | number, id: string) => sql`(coalesce(p.years_of_experience, -1), p.id) < (${k}::int, ${id}::uuid)`,
  },
} as const;

/** What one statement of a page reads: the rows after a cursor, in one tier (relevance) or all matches. */
export interface PagePart {
  /** newest for relevance (within a tier) */
  order: 'newest' | 'experience';
  /** The relevance tier, or undefined when the text is a filter only. */
  tier?: number;
  /** Relevance: the fresh or the others (see LAST_RANK in words.ts), and the rank that names this part in cursors. */
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
  const after = part.after ? [order.after(part.after.k, part.after.id)] : [];
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
      // A better tier's matches, through the name's text index and the filters' indexes (see inFixedFields in text-match.ts).
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
  // row found (docs/decisions/0022 has the figures).
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

/** A row of a page: a card's columns, and what its cursor and the planner need (see pageQuery). */
export interface PageRow extends CardRow {
  sort_key: string | number;
  tier: number;
  found: number | null;
  shortlisted: boolean;
}
