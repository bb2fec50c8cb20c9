// What companies did with a job seeker's profile, told to the job seeker: every view, CV download and contact by a
// company (candidate_events, which the company side records for each person of a team), newest first, with each
// company's verified mark and whether it is blocked; and a weekly e-mail when anything happened, with a one-click
// stop (an HMAC of the profile's id, like the saved searches' alert links: nothing stored, nothing to expire).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Page } from '#shared/admin.ts';
import { isVerifiedEmployer, type ProfileActivityItem } from '#shared/employers.ts';
import { isUuid } from '#shared/ids.ts';
import { candidateEvents, companyBlocks, companyProfiles, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { profileActivityTemplate } from '../mail/templates.ts';
import { gulfDate } from './invoices.ts';
import { decodeSerialKey, exactTimestamp, olderThan, pageScope, toPage, totalOf } from './keyset.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function ownProfileId(db: Db, user: User): Promise<string> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ columns: { id: true }, where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new DomainError('profile.not_found');
  return profile.id;
}

/** The companies' views, CV downloads and contacts of the job seeker's profile, newest first, a page at a time. */
export async function listProfileActivity(db: Db, clock: Clock, user: User, query: { cursor?: string | undefined; limit: number }): Promise<Page<ProfileActivityItem>> {
  const profileId = await ownProfileId(db, user);
  const scope = pageScope('profile-activity', { profileId });
  const cursor = query.cursor ? decodeSerialKey(query.cursor, scope) : undefined;
  const mine = eq(candidateEvents.profileId, profileId);
  const today = gulfDate(clock.now());
  const [rows, total] = await Promise.all([
    db
      .select({
        id: candidateEvents.id,
        at: exactTimestamp(candidateEvents.at),
        type: candidateEvents.type,
        channel: candidateEvents.channel,
        company: {
          id: companyProfiles.id,
          companyName: companyProfiles.companyName,
          slug: companyProfiles.slug,
          employerVerifiedAt: companyProfiles.employerVerifiedAt,
          licenceExpiresOn: companyProfiles.licenceExpiresOn,
        },
        blocked: sql<boolean>`exists (select 1 from ${companyBlocks} b where b.profile_id = ${profileId} and b.company_id = ${companyProfiles.id})`,
      })
      .from(candidateEvents)
      .innerJoin(companyProfiles, eq(companyProfiles.id, candidateEvents.companyId))
      .where(cursor ? and(mine, olderThan(candidateEvents.at, candidateEvents.id, cursor)) : mine)
      .orderBy(desc(candidateEvents.at), desc(candidateEvents.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: sql<number>`count(*)::int` }).from(candidateEvents).where(mine)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => ({
      companyId: r.company.id,
      companyName: r.company.companyName,
      slug: r.company.slug,
      verified: isVerifiedEmployer(r.company, today),
      blocked: r.blocked,
      type: r.type as ProfileActivityItem['type'],
      channel: (r.channel as ProfileActivityItem['channel']) ?? null,
      at: new Date(r.at).toISOString(),
    }),
    (r) => ({ at: r.at, id: r.id }),
  );
}

export interface ActivityEmailContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  secret: string;
}

const signatureOf = (secret: string, profileId: string) => createHmac('sha256', secret).update(`activity-emails-stop:${profileId}`).digest('base64url');
export const stopActivityEmailsToken = (secret: string, profileId: string) => `${profileId}.${signatureOf(secret, profileId)}`;

/** The e-mail's link: turns the weekly e-mail off, for whoever holds it (it does nothing else). */
export async function stopActivityEmails(ctx: Pick<ActivityEmailContext, 'db' | 'secret'>, token: string): Promise<void> {
  const [id = '', signature = ''] = token.split('.');
  const expected = Buffer.from(signatureOf(ctx.secret, id));
  const given = Buffer.from(signature);
  if (!isUuid(id) || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('profile.activity_link_invalid');
  await ctx.db.update(jobSeekerProfiles).set({ activityEmails: false }).where(eq(jobSeekerProfiles.id, id));
}

/** The job seeker turns the weekly e-mail on or off from /profile. */
export async function setActivityEmails(db: Db, user: User, on: boolean): Promise<{ activityEmails: boolean }> {
  const [row] = await db.update(jobSeekerProfiles).set({ activityEmails: on }).where(eq(jobSeekerProfiles.userId, user.id)).returning({ activityEmails: jobSeekerProfiles.activityEmails });
  if (!row) throw new DomainError('profile.not_found');
  return row;
}

/**
 * One batch of the weekly e-mails: job seekers who want them, not e-mailed in the last week, with companies'
 * views, CV downloads or contacts since their last one (or the last week). Each is counted by companies, not by
 * clicks. Rows are claimed with SKIP LOCKED, so several instances share the work and nobody gets two.
 */
async function sendBatch(ctx: ActivityEmailContext, batchSize: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const weekAgo = new Date(now.getTime() - WEEK_MS);
    const since = sql`coalesce(${jobSeekerProfiles.activityEmailedAt}, ${weekAgo.toISOString()}::timestamptz)`;
    const due = await tx
      .select({ id: jobSeekerProfiles.id, fullName: jobSeekerProfiles.fullName, email: users.email, locale: users.locale, since: sql<string>`${since}` })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(
        and(
          eq(jobSeekerProfiles.activityEmails, true),
          isNotNull(users.email),
          sql`${users.status} <> 'suspended'`,
          or(isNull(jobSeekerProfiles.activityEmailedAt), lt(jobSeekerProfiles.activityEmailedAt, weekAgo)),
          // Driven by the last week's events (their index on time), not by every profile: most had none.
          sql`${jobSeekerProfiles.id} in (select e.profile_id from ${candidateEvents} e where e.at > ${weekAgo.toISOString()}::timestamptz)`,
          sql`exists (select 1 from ${candidateEvents} e where e.profile_id = ${jobSeekerProfiles.id} and e.at > ${since})`,
        ),
      )
      .limit(batchSize)
      .for('update', { of: jobSeekerProfiles, skipLocked: true });
    for (const profile of due) {
      const [counts] = await tx
        .select({
          viewed: sql<number>`count(distinct ${candidateEvents.companyId}) filter (where ${candidateEvents.type} = 'view')::int`,
          downloaded: sql<number>`count(distinct ${candidateEvents.companyId}) filter (where ${candidateEvents.type} = 'cv_download')::int`,
          contacted: sql<number>`count(distinct ${candidateEvents.companyId}) filter (where ${candidateEvents.type} = 'contact')::int`,
        })
        .from(candidateEvents)
        .where(and(eq(candidateEvents.profileId, profile.id), gt(candidateEvents.at, new Date(profile.since))));
      const mail = profileActivityTemplate({
        productName: ctx.productName,
        name: profile.fullName,
        counts: counts!,
        profileLink: `${ctx.publicUrl}/profile#activity`,
        stopLink: `${ctx.publicUrl}/activity-emails/stop?token=${encodeURIComponent(stopActivityEmailsToken(ctx.secret, profile.id))}`,
        locale: profile.locale,
      });
      await enqueueEmail(tx, { to: profile.email!, template: 'profile_activity', ...mail }, { now });
      await tx.update(jobSeekerProfiles).set({ activityEmailedAt: now }).where(eq(jobSeekerProfiles.id, profile.id));
    }
    return due.length;
  });
}

/** Every weekly e-mail due now, in batches; how many went. */
export async function sendActivityEmails(ctx: ActivityEmailContext, batchSize = 100): Promise<number> {
  let sent = 0;
  for (let n = await sendBatch(ctx, batchSize); n > 0; n = await sendBatch(ctx, batchSize)) sent += n;
  return sent;
}
