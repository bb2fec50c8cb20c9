// One candidate: who may see a profile, its whole page for a company, and the events a company leaves on it.
// The one visibility test lives here, so the search, the shortlist and the files agree on who is absent.
import { sql, type SQL } from 'drizzle-orm';
import type { CandidateDetail } from '#shared/candidates.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { card, factColumns, posterKeyOfProfile, type CardRow } from './cards.ts';

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

/** The whole profile as the candidate page reads it, with the company's shortlist row. */
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
