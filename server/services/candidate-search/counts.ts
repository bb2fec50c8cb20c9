// The counts: 'Showing N job seekers' (stopping at the cap) and the filters' option counts where they are cheap.
// The only statements that cost in proportion to the matches, so they are kept apart (docs/decisions/0022, 0029).
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type CandidateSearch } from '#shared/candidates.ts';
import type { Db } from '../../db/client.ts';
import { fieldFilters, filterKey, LISTED, normalizeSearch, wholeNumber, type NormalizedSearch } from './filters.ts';
import { inVector, textQueries, tierQuery } from './text-match.ts';
import { LAST_TIER } from './words.ts';

/** Counts are exact up to this; beyond it the answer says 'more than' (counting stops at TOTAL_CAP + 1). */
export const TOTAL_CAP = SEARCH_TOTAL_CAP;

/** What a page is planned with. */
export interface SearchStats {
  /** How many match, counted up to TOTAL_CAP + 1. */
  total: number;
  /** Listed profiles in all (the statistics of the index): how far a walk goes for each match. */
  listed: number;
  /** The better tiers found too large to read through indexes while this count is kept (see textPage in search.ts). */
  largeTiers: Set<number>;
}

export const COUNTED_UP_TO = TOTAL_CAP + 1;

/** How many match, counted up to COUNTED_UP_TO, and the listed profiles in all (see SearchStats). */
export function countQuery(s: NormalizedSearch): SQL {
  const text = s.words.length > 0;
  const conditions = [LISTED, ...fieldFilters(s, text), ...(text ? [inVector(tierQuery(LAST_TIER))] : [])];
  return sql`${text ? textQueries(s) : sql``}select (select count(*)::int from (
        select 1 from job_seeker_profiles p${text ? sql`, tq` : sql``} where ${sql.join(conditions, sql` and `)} limit ${COUNTED_UP_TO}
      ) x) as total,
      (select reltuples from pg_class where oid = 'job_seeker_profiles_listed_newest_idx'::regclass)::float8 as listed`;
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
