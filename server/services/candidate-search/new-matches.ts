// A saved search's new matches, for its alert: the search's own filters and text, read like a count rather than a page
// (docs/decisions/0028). Kept apart as the one reading of the search that the alerts use.
import { sql, type SQL } from 'drizzle-orm';
import type { CandidateCard, CandidateSearch } from '#shared/candidates.ts';
import type { Db } from '../../db/client.ts';
import { card, factColumns, posterKeyOfProfile, SUMMARY_LENGTH, type CardRow } from './cards.ts';
import { fieldFilters, LISTED, normalizeSearch, notBlocked, wholeNumber, type NormalizedSearch } from './filters.ts';
import { inVector, textQueries, tierQuery } from './text-match.ts';
import { LAST_TIER } from './words.ts';

/**
 * The profiles matching a search that were approved in (since, until]: what a saved search's alert lists, newest
 * approval first, at most `limit`, and how many there are in all (up to COUNTED_UP_TO, counts.ts). The few approvals of a day
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
