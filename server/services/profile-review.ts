// The review of job-seeker profiles by the team: the queue, a profile's review page, its neighbours and claims. The
// decisions are apart (profile-review-decisions.ts): they change the account and are audited; these read and claim.
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { jobSeekerProfiles, objects, users, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { Page, ReviewClaim, ReviewItem, ReviewNeighbours } from '#shared/admin.ts';
import { REVIEW_CLAIM } from '#shared/constants.ts';
import type { ReviewStatus } from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { countAll, decodeUuidKey, exactTimestamp, newerThan, olderThan, pageScope, toPage, totalOf } from './keyset.ts';
import { ownProfileView } from './profiles.ts';
import { profileVideo } from './profile-video.ts';
import { DomainError } from '../domain-error.ts';

export interface ReviewContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

const USER_STATUS_OF: Record<ReviewStatus, string> = { pending: 'pending', approved: 'active', rejected: 'rejected', suspended: 'suspended' };

export function reviewItem(profile: JobSeekerProfile, user: Pick<User, 'email' | 'status' | 'locale'>, claim: ReviewClaim | null = null): ReviewItem {
  return {
    ...ownProfileView(profile, user.status),
    userId: profile.userId,
    email: user.email,
    locale: user.locale,
    lastReviewedValues: (profile.lastReviewedValues as Record<string, unknown> | null) ?? null,
    version: profile.version,
    claim,
    factsChangedAt: profile.factsChangedAt?.toISOString() ?? null,
  };
}

/** How the console names a colleague: their name when the account has one, else their e-mail. */
export const reviewerName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email || '—';

/** Profiles a colleague has open right now are not offered to `reader` (their own claims are). */
const notClaimedByOthers = (reader: User, now: Date) =>
  or(isNull(jobSeekerProfiles.claimedUntil), lte(jobSeekerProfiles.claimedUntil, now), eq(jobSeekerProfiles.claimedById, reader.id));

/**
 * Profiles by review status: the pending queue oldest first (fair order), the others newest first. A profile waiting
 * for its video is not in the queue: it enters when the video has arrived (submittedAt is then set anew). The lane
 * "facts_changed" holds approved profiles whose owner changed a checked fact, oldest change first. The queue and the
 * lane skip profiles another reviewer has open.
 */
export async function listProfilesForReview(
  ctx: Pick<ReviewContext, 'db' | 'clock'>,
  reader: User,
  query: { status: ReviewStatus; lane?: 'facts_changed'; cursor?: string; limit: number },
): Promise<Page<ReviewItem>> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const lane = query.lane === 'facts_changed';
  const oldestFirst = lane || query.status === 'pending';
  const at = lane ? jobSeekerProfiles.factsChangedAt : jobSeekerProfiles.submittedAt;
  const matching = lane
    ? and(eq(users.status, 'active'), isNotNull(jobSeekerProfiles.factsChangedAt), notClaimedByOthers(reader, now))
    : query.status === 'pending'
      ? and(eq(users.status, USER_STATUS_OF.pending), isNull(jobSeekerProfiles.videoUploadId), notClaimedByOthers(reader, now))
      : eq(users.status, USER_STATUS_OF[query.status]);
  const scope = pageScope('profiles', { status: lane ? 'facts_changed' : query.status });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const after = cursor && (oldestFirst ? newerThan : olderThan)(at, jobSeekerProfiles.id, cursor);
  const order = oldestFirst ? [asc(at), asc(jobSeekerProfiles.id)] : [desc(at), desc(jobSeekerProfiles.id)];
  const [rows, total] = await Promise.all([
    db
      .select({ profile: jobSeekerProfiles, at: exactTimestamp(at), email: users.email, status: users.status, locale: users.locale })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(and(matching, after))
      .orderBy(...order)
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(jobSeekerProfiles).innerJoin(users, eq(users.id, jobSeekerProfiles.userId)).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => reviewItem(r.profile, r),
    (r) => ({ at: r.at, id: r.profile.id }),
  );
}

/** The claim on a profile that is still running, named for `reader`. */
async function runningClaim(db: DbOrTx, profile: Pick<JobSeekerProfile, 'claimedById' | 'claimedUntil'>, reader: User, now: Date): Promise<ReviewClaim | null> {
  if (!profile.claimedById || !profile.claimedUntil || profile.claimedUntil <= now) return null;
  const [holder] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, profile.claimedById));
  return {
    by: { id: profile.claimedById, name: holder ? reviewerName(holder) : '—' },
    until: profile.claimedUntil.toISOString(),
    mine: profile.claimedById === reader.id,
  };
}

export async function getProfileForReview(ctx: Pick<ReviewContext, 'db' | 'clock'>, reader: User, profileId: string): Promise<ReviewItem> {
  const [row] = await ctx.db
    .select({ profile: jobSeekerProfiles, email: users.email, status: users.status, locale: users.locale })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!row) throw new DomainError('profile.not_found');
  const [claim, video, cv] = await Promise.all([
    runningClaim(ctx.db, row.profile, reader, ctx.clock.now()),
    profileVideo(ctx.db, row.profile.videoUrl),
    profileCv(ctx.db, row.profile.cvUrl),
  ]);
  return { ...reviewItem(row.profile, row, claim), video, cv };
}

/** The CV's type and size from its upload record (checked by its bytes when it arrived). */
async function profileCv(db: Db, cvUrl: string | null): Promise<ReviewItem['cv']> {
  if (!cvUrl?.startsWith('/objects/')) return null;
  const [row] = await db
    .select({ contentType: objects.contentType, size: objects.size })
    .from(objects)
    .where(eq(objects.key, cvUrl.slice('/objects/'.length)));
  return row ? { contentType: row.contentType ?? 'application/octet-stream', size: row.size ?? 0 } : null;
}

/**
 * The pending profiles on either side of this one in the queue's order (oldest first): the reviewer's "next" and
 * "previous", and where a decision leads. After the last one "next" starts again at the oldest, so a profile skipped
 * earlier is met again; the profile itself is never its own neighbour, decided or not, and profiles a colleague has
 * open are skipped as the queue skips them.
 */
export async function reviewNeighbours(ctx: Pick<ReviewContext, 'db' | 'clock'>, reader: User, profileId: string): Promise<ReviewNeighbours> {
  const { db } = ctx;
  const [current] = await db
    .select({ at: exactTimestamp(jobSeekerProfiles.submittedAt) })
    .from(jobSeekerProfiles)
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!current) throw new DomainError('profile.not_found');
  const key = { at: current.at, id: profileId };
  const pending = and(
    eq(users.status, USER_STATUS_OF.pending),
    isNull(jobSeekerProfiles.videoUploadId),
    ne(jobSeekerProfiles.id, profileId),
    notClaimedByOthers(reader, ctx.clock.now()),
  );
  const first = (where: ReturnType<typeof and>, order: 'asc' | 'desc') =>
    db
      .select({ id: jobSeekerProfiles.id })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(where)
      .orderBy(...(order === 'asc' ? [asc(jobSeekerProfiles.submittedAt), asc(jobSeekerProfiles.id)] : [desc(jobSeekerProfiles.submittedAt), desc(jobSeekerProfiles.id)]))
      .limit(1)
      .then((rows) => rows[0]?.id ?? null);
  const [previous, after] = await Promise.all([
    first(and(pending, olderThan(jobSeekerProfiles.submittedAt, jobSeekerProfiles.id, key)), 'desc'),
    first(and(pending, newerThan(jobSeekerProfiles.submittedAt, jobSeekerProfiles.id, key)), 'asc'),
  ]);
  return { previous, next: after ?? (await first(pending, 'asc')) };
}

/**
 * The reviewer opened the profile (or still has it open): it is theirs for REVIEW_CLAIM.durationMs unless a colleague's
 * claim still runs, which is answered instead. Claims are not audited: they change nothing about the profile.
 */
export async function claimProfile(ctx: Pick<ReviewContext, 'db' | 'clock'>, reviewer: User, profileId: string): Promise<ReviewClaim> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + REVIEW_CLAIM.durationMs);
  const [claimed] = await ctx.db
    .update(jobSeekerProfiles)
    .set({ claimedById: reviewer.id, claimedUntil: until })
    .where(and(eq(jobSeekerProfiles.id, profileId), notClaimedByOthers(reviewer, now)))
    .returning({ id: jobSeekerProfiles.id });
  if (claimed) return { by: { id: reviewer.id, name: reviewerName(reviewer) }, until: until.toISOString(), mine: true };
  const [profile] = await ctx.db
    .select({ claimedById: jobSeekerProfiles.claimedById, claimedUntil: jobSeekerProfiles.claimedUntil })
    .from(jobSeekerProfiles)
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!profile) throw new DomainError('profile.not_found');
  // A colleague's claim (it cannot have lapsed since the update: the clock only moves on).
  return (await runningClaim(ctx.db, profile, reviewer, now)) ?? { by: { id: reviewer.id, name: reviewerName(reviewer) }, until: until.toISOString(), mine: true };
}
