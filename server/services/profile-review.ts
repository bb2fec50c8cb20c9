// The review of job-seeker profiles by the team (SPEC 1, 4): the queue, approve and reject. Each decision changes
// the account's status, writes its audit row and queues the e-mail to the job seeker in one transaction.
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, users, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { REVIEWED_FIELDS, reviewStatusOf, type ReviewStatus } from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { decodeCursor, encodeCursor, isRecord, UUID_PATTERN } from '../http/cursor.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueEmail, type DbOrTx } from '../mail/outbox.ts';
import { profileApprovedTemplate, profileRejectedTemplate } from '../mail/review-templates.ts';
import { ownProfileView } from './profiles.ts';

export interface ReviewContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

const USER_STATUS_OF: Record<ReviewStatus, string> = { pending: 'pending', approved: 'active', rejected: 'rejected', suspended: 'suspended' };


function reviewItem(profile: JobSeekerProfile, user: Pick<User, 'email' | 'status'>): ReviewItem {
  return {
    ...ownProfileView(profile, user.status),
    userId: profile.userId,
    email: user.email,
    lastReviewedValues: (profile.lastReviewedValues as Record<string, unknown> | null) ?? null,
  };
}

interface Cursor {
  at: string;
  id: string;
}
const isCursor = (c: unknown): c is Cursor =>
  isRecord(c) && typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)) && typeof c.id === 'string' && UUID_PATTERN.test(c.id);

/** Profiles by review status: the pending queue oldest first (fair order), the others newest first. */
export async function listProfilesForReview(
  db: Db,
  query: { status: ReviewStatus; cursor?: string; limit: number },
): Promise<{ items: ReviewItem[]; total: number; nextCursor: string | null }> {
  const oldestFirst = query.status === 'pending';
  const byStatus = eq(users.status, USER_STATUS_OF[query.status]);
  let where: SQL | undefined = byStatus;
  if (query.cursor) {
    const c = decodeCursor(query.cursor, isCursor);
    const at = new Date(c.at);
    const after = oldestFirst
      ? or(gt(jobSeekerProfiles.submittedAt, at), and(eq(jobSeekerProfiles.submittedAt, at), gt(jobSeekerProfiles.id, c.id)))
      : or(lt(jobSeekerProfiles.submittedAt, at), and(eq(jobSeekerProfiles.submittedAt, at), lt(jobSeekerProfiles.id, c.id)));
    where = and(byStatus, after);
  }
  const order = oldestFirst
    ? [asc(jobSeekerProfiles.submittedAt), asc(jobSeekerProfiles.id)]
    : [desc(jobSeekerProfiles.submittedAt), desc(jobSeekerProfiles.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ profile: jobSeekerProfiles, email: users.email, status: users.status })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(byStatus),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => reviewItem(r.profile, r)),
    total: counted?.total ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.profile.submittedAt.toISOString(), id: last.profile.id }) : null,
  };
}

export async function getProfileForReview(db: Db, profileId: string): Promise<ReviewItem> {
  const [row] = await db
    .select({ profile: jobSeekerProfiles, email: users.email, status: users.status })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId));
  if (!row) throw new HttpError(404, 'Profile not found');
  return reviewItem(row.profile, row);
}

async function lockProfile(tx: DbOrTx, profileId: string) {
  const [row] = await tx
    .select({ profile: jobSeekerProfiles, user: users })
    .from(jobSeekerProfiles)
    .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
    .where(eq(jobSeekerProfiles.id, profileId))
    .for('update');
  if (!row) throw new HttpError(404, 'Profile not found');
  if (row.user.status === 'suspended') throw new HttpError(409, 'This account is suspended. Reactivate it before reviewing the profile.');
  return row;
}

const snapshot = (profile: JobSeekerProfile) => Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, profile[field]]));

async function decide(
  ctx: ReviewContext,
  admin: User,
  profileId: string,
  decision: { status: 'active' | 'rejected'; reason?: string },
): Promise<ReviewItem> {
  return ctx.db.transaction(async (tx) => {
    const { profile, user } = await lockProfile(tx, profileId);
    if (user.status === decision.status) {
      throw new HttpError(409, decision.status === 'active' ? 'This profile is already approved' : 'This profile is already rejected');
    }
    const now = ctx.clock.now();
    await tx.update(users).set({ status: decision.status, updatedAt: now }).where(eq(users.id, user.id));
    const [updated] = await tx
      .update(jobSeekerProfiles)
      .set({ reviewedAt: now, reviewNote: decision.reason ?? null, lastReviewedValues: snapshot(profile), updatedAt: now })
      .where(eq(jobSeekerProfiles.id, profile.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: decision.status === 'active' ? 'profile.approve' : 'profile.reject',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: { userId: user.id, previousStatus: reviewStatusOf(user.status), ...(decision.reason ? { reason: decision.reason } : {}) },
      at: now,
    });
    if (user.email) {
      const link = `${ctx.publicUrl}/profile`;
      const mail =
        decision.status === 'active'
          ? profileApprovedTemplate({ productName: ctx.productName, name: profile.fullName, link })
          : profileRejectedTemplate({ productName: ctx.productName, name: profile.fullName, reason: decision.reason!, link });
      await enqueueEmail(
        tx,
        { to: user.email, template: decision.status === 'active' ? 'profile_approved' : 'profile_rejected', ...mail },
        { now },
      );
    }
    return reviewItem(updated!, { email: user.email, status: decision.status });
  });
}

/** The account becomes active and the profile visible to companies (unless its owner hid it). */
export function approveProfile(ctx: ReviewContext, admin: User, profileId: string): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'active' });
}

/** The job seeker is told why, and can edit and resubmit. */
export function rejectProfile(ctx: ReviewContext, admin: User, profileId: string, reason: string): Promise<ReviewItem> {
  return decide(ctx, admin, profileId, { status: 'rejected', reason });
}
