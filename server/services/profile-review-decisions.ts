// The team's decisions on a profile: approve, reject, verified facts and "Looked at". Apart from the queue and claims
// (profile-review.ts), which only read and hold profiles; a decision changes the profile, its account and its audit.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { REVIEWED_FIELDS, reviewStatusOf, type RejectionReason } from '#shared/profile.ts';
import { factValue, hasFact, sameFactValue, type FactValue, type VerifiableFact } from '#shared/hiring-facts.ts';
import { enqueueEmail, type DbOrTx } from '../mail/outbox.ts';
import { profileApprovedTemplate, profileRejectedTemplate } from '../mail/review-templates.ts';
import { ownProfileView } from './profiles.ts';
import { reviewItem, type ReviewContext } from './profile-review.ts';
import { DomainError } from '../domain-error.ts';

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

/**
 * Each decision names the version of the profile it was made on and takes effect only on that version, in one
 * statement; it changes the account's status, writes its audit row and queues the e-mail to the job seeker in the
 * same transaction (docs/decisions/0043-decisions-name-the-version.md).
 */
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
