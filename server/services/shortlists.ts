// A company's shortlist: candidates it saved, each with a private note. Every query names the
// company, so one company never reads or changes another's list.
import { and, eq, sql } from 'drizzle-orm';
import type { ShortlistEntry } from '#shared/candidates.ts';
import { shortlists } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { noteAuthor, notFound, visibleProfile } from './candidate-search/candidate.ts';
import { card, factColumns, type CardRow } from './candidate-search/cards.ts';

interface EntryRow extends CardRow {
  note: string | null;
  note_by: string | null;
  saved_at: string;
}

const entry = (row: EntryRow): ShortlistEntry => ({ ...card({ ...row, shortlisted: true }), note: row.note, noteBy: row.note_by, savedAt: row.saved_at });

/** Saved candidates the company may still see, the newest saved first. An entry of a profile that was hidden,
 *  suspended or that blocked the company stays saved, out of sight, and shows again if the profile comes back. */
function entries(db: Db, companyId: string, profileId?: string) {
  return db.execute<EntryRow>(sql`
    select p.id, p.full_name, p.location, p.years_of_experience, p.industries, p.languages, left(p.bio, 200) as bio,
      p.video_url is not null as has_video, p.looking_confirmed_at, ${factColumns(sql`p`)}, s.note, ${noteAuthor(sql`s`)} as note_by,
      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as saved_at
    from shortlists s
    join job_seeker_profiles p on p.id = s.profile_id
    where s.company_id = ${companyId} and ${visibleProfile(profileId ?? sql`s.profile_id`, companyId)}
    order by s.created_at desc, s.profile_id desc`);
}

export async function listShortlist(db: Db, companyId: string): Promise<ShortlistEntry[]> {
  const { rows } = await entries(db, companyId);
  return rows.map(entry);
}

/**
 * Saves a candidate, or changes the note of a saved one. No note keeps the note there is (saving twice does not
 * wipe it); an empty note removes it.
 */
export async function saveToShortlist(db: Db, companyId: string, profileId: string, note: string | undefined, authorId: string): Promise<ShortlistEntry> {
  const value = note === undefined ? undefined : note === '' ? null : note;
  // The note's author is whoever of the team last wrote it (a save without a note leaves both as they are).
  const author = value === undefined || value === null ? null : authorId;
  const saved = await db.execute(sql`
    insert into shortlists (company_id, profile_id, note, note_author_id)
    select ${companyId}, p.id, ${value ?? null}, ${author} from job_seeker_profiles p where ${visibleProfile(profileId, companyId)}
    on conflict (company_id, profile_id) do update set
      note = ${value === undefined ? sql`shortlists.note` : sql`excluded.note`},
      note_author_id = ${value === undefined ? sql`shortlists.note_author_id` : sql`excluded.note_author_id`}, updated_at = now()
    returning profile_id`);
  if (saved.rows.length === 0) throw notFound();
  const { rows } = await entries(db, companyId, profileId);
  if (!rows[0]) throw notFound();
  return entry(rows[0]);
}

export async function removeFromShortlist(db: Db, companyId: string, profileId: string): Promise<void> {
  await db.delete(shortlists).where(and(eq(shortlists.companyId, companyId), eq(shortlists.profileId, profileId)));
}
