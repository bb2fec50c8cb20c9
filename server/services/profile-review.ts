// The review of job-seeker profiles by the team: the queue, approve and reject. Each decision changes
// the account's status, writes its audit row and queues the e-mail to the job seeker in one transaction.
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, objects, users, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { Page, ReviewItem, ReviewNeighbours } from '#shared/admin.ts';
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


function reviewItem(profile: JobSeekerProfile, user: Pick<User, 'email' | 'status' | 'locale'>): ReviewItem {
  return {
    ...ownProfileView(profile, user.status),
    userId: profile.userId,
    email: user.email,
    locale: user.locale,
    lastReviewedValues: (profile.lastReviewedValues as Record<string, unknown> | null) ?? null,
  };
}

/**
 * Profiles by review status: the pending queue oldest first (fair order), the others newest first. A profile waiting
 * for its video is not in the queue: it enters when the video has arrived (submittedAt is then set anew).
 */
export async function listProfilesForReview(db: Db, query: { status: ReviewStatus; cursor?: string; limit: number }): Promise<Page<ReviewItem>> {
  const oldestFirst = query.status === 'pending';
  const matching = oldestFirst
    ? and(eq(users.status, USER_STATUS_OF[query.status]), isNull(jobSeekerProfiles.videoUploadId))
    : eq(users.status, USER_STATUS_OF[query.status]);
  const scope = pageScope('profiles', { status: query.status });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const after = cursor && (oldestFirst ? newerThan : olderThan)(jobSeekerProfiles.submittedAt, jobSeekerProfiles.id, cursor);
  const order = oldestFirst
    ? [asc(jobSeekerProfiles.submittedAt), asc(jobSeekerProfiles.id)]
    : [desc(jobSeekerProfiles.submittedAt), desc(jobSeekerProfiles.id)];
  const [rows, total] = await Promise.all([
    db
      .select({ profile: jobSeekerProfiles, at: exactTimestamp(jobSeekerProfiles.submittedAt), email: users.email, status: users.status, locale: users.locale })
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

export async function getProfileForReview(db: Db, profileId: string): Promise<ReviewItem> {
  const [row] = await db
    .select({ profile: jobSeekerProfiles, email: users.email, status: users.status, locale: users.locale })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!row) throw new DomainError('profile.not_found');
  const [video, cv] = await Promise.all([profileVideo(db, row.profile.videoUrl), profileCv(db, row.profile.cvUrl)]);
  return { ...reviewItem(row.profile, row), video, cv };
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
 * earlier is met again; the profile itself is never its own neighbour, decided or not.
 */
export async function reviewNeighbours(db: Db, profileId: string): Promise<ReviewNeighbours> {
  const [current] = await db
    .select({ at: exactTimestamp(jobSeekerProfiles.submittedAt) })
    .from(jobSeekerProfiles)
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!current) throw new DomainError('profile.not_found');
  const key = { at: current.at, id: profileId };
  const pending = and(eq(users.status, USER_STATUS_OF.pending), isNull(jobSeekerProfiles.videoUploadId), ne(jobSeekerProfiles.id, profileId));
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

const snapshot = (profile: JobSeekerProfile) => Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, profile[field]]));

async function decide(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  decision: { status: 'active' } | { status: 'rejected'; reasons: RejectionReason[]; note?: string | undefined },
): Promise<ReviewItem> {
  return ctx.db.transaction(async (tx) => {
    const { profile, user } = await lockProfile(tx, profileId);
    if (profile.videoUploadId) throw new DomainError('admin.profile_awaiting_video');
    if (user.status === decision.status) {
      throw new DomainError(decision.status === 'active' ? 'admin.profile_already_approved' : 'admin.profile_already_rejected');
    }
    const now = ctx.clock.now();
    const reasons = decision.status === 'rejected' ? decision.reasons : null;
    const note = decision.status === 'rejected' ? decision.note : undefined;
    await tx.update(users).set({ status: decision.status, updatedAt: now }).where(eq(users.id, user.id));
    const [updated] = await tx
      .update(jobSeekerProfiles)
      .set({ reviewedAt: now, reviewReasons: reasons, reviewNote: note ?? null, lastReviewedValues: snapshot(profile), updatedAt: now })
      .where(eq(jobSeekerProfiles.id, profile.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: decision.status === 'active' ? 'profile.approve' : 'profile.reject',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: { userId: user.id, previousStatus: reviewStatusOf(user.status), ...(reasons ? { reasons } : {}), ...(note ? { note } : {}) },
      at: now,
    });
    if (user.email) {
      const link = `${ctx.publicUrl}/profile`;
      const mail =
        decision.status === 'active'
          ? profileApprovedTemplate({ productName: ctx.productName, name: profile.fullName, link, locale: user.locale })
          : profileRejectedTemplate({ productName: ctx.productName, name: profile.fullName, reasons: reasons!, note, link, locale: user.locale });
      await enqueueEmail(
        tx,
        { to: user.email, template: decision.status === 'active' ? 'profile_approved' : 'profile_rejected', ...mail },
        { now },
      );
    }
    return reviewItem(updated!, { email: user.email, status: decision.status, locale: user.locale });
  });
}

/** The account becomes active and the profile visible to companies (unless its owner hid it). */
export function approveProfile(ctx: ReviewContext, admin: User, profileId: string): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'active' });
}

/** The job seeker is told why, in their language and with what to change for each reason, and can edit and resubmit. */
export function rejectProfile(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  decision: { reasons: RejectionReason[]; note?: string | undefined },
): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'rejected', reasons: decision.reasons, note: decision.note });
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
      .set({ factVerifications: marks, updatedAt: now })
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
