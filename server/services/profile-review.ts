// The review of job-seeker profiles by the team: the queue, claims, approve and reject. Each decision names the
// version of the profile it was made on and takes effect only on that version, in one statement; it changes the
// account's status, writes its audit row and queues the e-mail to the job seeker in the same transaction
// (docs/decisions/0043-decisions-name-the-version.md).
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, objects, users, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { Page, ReviewClaim, ReviewItem, ReviewNeighbours } from '#shared/admin.ts';
import { REVIEW_CLAIM } from '#shared/constants.ts';
import { REVIEWED_FIELDS, reviewStatusOf, type RejectionReason, type ReviewStatus } from '#shared/profile.ts';
import { factValue, hasFact, sameFactValue, type FactValue, type VerifiableFact } from '#shared/hiring-facts.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { enqueueEmail, type DbOrTx } from '../mail/outbox.ts';
import { profileApprovedTemplate, profileRejectedTemplate } from '../mail/review-templates.ts';
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


function reviewItem(profile: JobSeekerProfile, user: Pick<User, 'email' | 'status' | 'locale'>, claim: ReviewClaim | null = null): ReviewItem {
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

async function lockProfile(tx: DbOrTx, profileId: string) {
  const [row] = await tx
    .select({ profile: jobSeekerProfiles, user: users })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId))
    .for('update');
  if (!row) throw new DomainError('profile.not_found');
  if (row.user.status === 'suspended') throw new DomainError('admin.review_account_suspended');
  return row;
}

/** The reviewed fields as they are in the row, as JSON (what a later edit is compared with). */
const reviewedValues = sql`jsonb_build_object(${sql.join(
  REVIEWED_FIELDS.map((field) => sql`${field}::text, ${jobSeekerProfiles[field]}`),
  sql`, `,
)})`;

/** Why a decision on `version` changed nothing: the profile, its account or its version is not as the reviewer saw. */
async function refusal(tx: DbOrTx, profileId: string, decision: { status: string; version: number }): Promise<DomainError> {
  const [row] = await tx
    .select({ version: jobSeekerProfiles.version, videoUploadId: jobSeekerProfiles.videoUploadId, status: users.status })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!row) return new DomainError('profile.not_found');
  if (row.status === 'suspended') return new DomainError('admin.review_account_suspended');
  if (row.videoUploadId) return new DomainError('admin.profile_awaiting_video');
  if (row.version !== decision.version) return new DomainError('admin.profile_changed');
  return new DomainError(decision.status === 'active' ? 'admin.profile_already_approved' : 'admin.profile_already_rejected');
}

async function decide(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  decision: ({ status: 'active' } | { status: 'rejected'; reasons: RejectionReason[]; note?: string | undefined }) & { version: number },
): Promise<ReviewItem> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const reasons = decision.status === 'rejected' ? decision.reasons : null;
    const note = decision.status === 'rejected' ? decision.note : undefined;
    // The decision in one statement, on the version the reviewer saw: two reviewers deciding on one version queue on
    // the row's lock, and the second finds the version moved on and changes nothing. It also releases the claim and
    // clears the "facts changed" lane.
    const [decided] = await tx
      .update(jobSeekerProfiles)
      .set({
        version: sql`${jobSeekerProfiles.version} + 1`,
        reviewedAt: now,
        reviewReasons: reasons,
        reviewNote: note ?? null,
        lastReviewedValues: reviewedValues,
        claimedById: null,
        claimedUntil: null,
        factsChangedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(jobSeekerProfiles.id, profileId),
          eq(jobSeekerProfiles.version, decision.version),
          isNull(jobSeekerProfiles.videoUploadId),
          sql`exists (select 1 from ${users} where ${users.id} = ${jobSeekerProfiles.userId} and ${users.status} not in ('suspended', ${decision.status}))`,
        ),
      )
      .returning();
    if (!decided) throw await refusal(tx, profileId, decision);
    const [user] = await tx.select().from(users).where(eq(users.id, decided.userId)).for('update');
    // The account was suspended while the profile's row was being decided: nothing of the decision stays.
    if (!user || user.status === 'suspended') throw new DomainError('admin.review_account_suspended');
    await tx.update(users).set({ status: decision.status, updatedAt: now }).where(eq(users.id, user.id));
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: decision.status === 'active' ? 'profile.approve' : 'profile.reject',
      subjectType: 'job_seeker_profile',
      subjectId: decided.id,
      details: {
        userId: user.id,
        previousStatus: reviewStatusOf(user.status),
        version: decision.version,
        ...(reasons ? { reasons } : {}),
        ...(note ? { note } : {}),
      },
      at: now,
    });
    if (user.email) {
      const link = `${ctx.publicUrl}/profile`;
      const mail =
        decision.status === 'active'
          ? profileApprovedTemplate({ productName: ctx.productName, name: decided.fullName, link, locale: user.locale })
          : profileRejectedTemplate({ productName: ctx.productName, name: decided.fullName, reasons: reasons!, note, link, locale: user.locale });
      await enqueueEmail(
        tx,
        { to: user.email, template: decision.status === 'active' ? 'profile_approved' : 'profile_rejected', ...mail },
        { now },
      );
    }
    return reviewItem(decided, { email: user.email, status: decision.status, locale: user.locale });
  });
}

/** The account becomes active and the profile visible to companies (unless its owner hid it). */
export function approveProfile(ctx: ReviewContext, admin: User, profileId: string, version: number): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'active', version });
}

/** The job seeker is told why, in their language and with what to change for each reason, and can edit and resubmit. */
export function rejectProfile(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  decision: { reasons: RejectionReason[]; note?: string | undefined; version: number },
): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'rejected', reasons: decision.reasons, note: decision.note, version: decision.version });
}

/**
 * Marks a hiring fact verified by `admin` (the reviewer checked it against a document), or takes the mark away.
 * The audit row keeps who, when and the value verified; an edit of the fact by its owner removes the mark.
 */
export async function setFactVerification(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  fact: VerifiableFact,
  { verified, value: seen }: { verified: boolean; value?: FactValue | null | undefined },
): Promise<ReviewItem> {
  return ctx.db.transaction(async (tx) => {
    const { profile, user } = await lockProfile(tx, profileId);
    const view = ownProfileView(profile, user.status);
    if (verified && !hasFact(view, fact)) throw new DomainError('admin.fact_not_declared');
    // The mark is for the value the reviewer saw: one the job seeker changed since then is looked at again.
    if (verified && !sameFactValue(factValue(view, fact), seen)) throw new DomainError('admin.fact_changed');
    const marks = { ...profile.factVerifications };
    if (Boolean(marks[fact]) === verified) return reviewItem(profile, user);
    const now = ctx.clock.now();
    if (verified) marks[fact] = { by: admin.id, byEmail: admin.email, at: now.toISOString() };
    else delete marks[fact];
    const [updated] = await tx
      .update(jobSeekerProfiles)
      .set({ factVerifications: marks, version: profile.version + 1, updatedAt: now })
      .where(eq(jobSeekerProfiles.id, profile.id))
      .returning();
    const value =
      fact === 'drivingLicence' ? { licences: profile.drivingLicences, country: profile.licenceCountry } : profile[fact];
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: verified ? 'profile.fact_verified' : 'profile.fact_unverified',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: { userId: user.id, fact, value },
      at: now,
    });
    return reviewItem(updated!, user);
  });
}

/**
 * "Looked at": a reviewer has seen the checked facts the owner of an approved profile changed, on the version the page
 * showed; the profile leaves the "facts changed" lane. Looking again after a colleague did changes nothing.
 */
export async function markFactsLookedAt(ctx: ReviewContext, admin: User, profileId: string, version: number): Promise<ReviewItem> {
  return ctx.db.transaction(async (tx) => {
    const { profile, user } = await lockProfile(tx, profileId);
    if (profile.version !== version) throw new DomainError('admin.profile_changed');
    if (!profile.factsChangedAt) return reviewItem(profile, user);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(jobSeekerProfiles)
      .set({ factsChangedAt: null, claimedById: null, claimedUntil: null })
      .where(eq(jobSeekerProfiles.id, profile.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'profile.facts_looked_at',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: { userId: user.id, changedAt: profile.factsChangedAt.toISOString(), version },
      at: now,
    });
    return reviewItem(updated!, user);
  });
}
