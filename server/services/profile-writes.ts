// Writing a job seeker's profile: created once, from checked uploads they own; edited by its owner, which sends a
// reviewed profile back to review; hidden from companies at the owner's wish. Reads are apart, in profiles.ts.
import { eq } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import { REVIEWED_FIELDS, type OwnProfile, type ProfileUpdate, type ProfileValues } from '#shared/profile.ts';
import type { VerifiableFact } from '#shared/hiring-facts.ts';
import { DomainError } from '../domain-error.ts';
import { recordConsent } from './consents.ts';
import { ownProfileView, type ProfileContext } from './profiles.ts';
import { isOwnReadyUpload, lockVideoArrivals, videoOf } from './profile-uploads.ts';

/** The profile's hiring-fact columns, named as the form names them. */
const HIRING_FACT_FIELDS = [
  'nationality',
  'currentCountry',
  'visaStatus',
  'availableFrom',
  'drivingLicences',
  'licenceCountry',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
] as const;
type HiringFactField = (typeof HIRING_FACT_FIELDS)[number];

export async function createProfile(ctx: ProfileContext, user: User, input: ProfileValues): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    if (input.videoUploadId) await lockVideoArrivals(tx, user.id);
    if (!(await isOwnReadyUpload(ctx, tx, user, input.cvUrl, 'cv'))) throw new DomainError('profile.cv_required');
    const video = await videoOf(ctx, tx, user, input);
    const now = ctx.clock.now();
    const [profile] = await tx
      .insert(jobSeekerProfiles)
      .values({
        userId: user.id,
        fullName: input.fullName,
        phone: input.phone,
        location: input.location,
        industries: input.industries,
        languages: input.languages,
        bio: input.bio || null,
        yearsOfExperience: input.yearsOfExperience ?? null,
        cvUrl: input.cvUrl!,
        videoUrl: video.videoUrl ?? null,
        videoUploadId: video.videoUploadId,
        ...factValues(input, now),
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      // One profile per job seeker: a second one, even sent twice at once, is refused.
      .onConflictDoNothing({ target: jobSeekerProfiles.userId })
      .returning();
    if (!profile) throw new DomainError('profile.exists');
    // The first event of the profile's history on its review page.
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'profile.create',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: { userId: user.id, waitingForVideo: Boolean(profile.videoUploadId) },
      at: now,
    });
    // Creating the profile agrees to the privacy policy and terms in force (the form says so by its button).
    await recordConsent(tx, user.id, 'profile', now);
    return ownProfileView(profile, user.status);
  });
}

/** "I am still looking for work": companies see it as a fresh confirmation; it sends nothing back to review. */
export async function confirmStillLooking(ctx: Pick<ProfileContext, 'db' | 'clock'>, user: User): Promise<OwnProfile> {
  const [updated] = await ctx.db
    .update(jobSeekerProfiles)
    .set({ lookingConfirmedAt: ctx.clock.now() })
    .where(eq(jobSeekerProfiles.userId, user.id))
    .returning();
  if (!updated) throw new DomainError('profile.not_found');
  return ownProfileView(updated, user.status);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The day `now` falls on (UTC), as a date column holds it. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The hiring facts of a form as columns: those sent (null clears one), 'immediately' as the day it was said. */
function factValues(input: Partial<Record<HiringFactField, unknown>>, now: Date): Partial<Pick<typeof jobSeekerProfiles.$inferInsert, HiringFactField>> {
  const values: Record<string, unknown> = {};
  for (const field of HIRING_FACT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    values[field] = field === 'availableFrom' && value === 'immediately' ? dayOf(now) : value;
  }
  return values;
}

/** Which verified facts a change of these columns makes unverified. */
const FACT_OF_FIELD: Partial<Record<HiringFactField, VerifiableFact>> = {
  nationality: 'nationality',
  currentCountry: 'currentCountry',
  visaStatus: 'visaStatus',
  drivingLicences: 'drivingLicence',
  licenceCountry: 'drivingLicence',
};

/**
 * Applies an edit. Changing a reviewed field of a profile that was approved or rejected sends it back to the
 * review queue (the account becomes pending again, so companies stop seeing it until it is approved anew).
 */
export async function updateProfile(ctx: ProfileContext, user: User, input: ProfileUpdate): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    if (input.videoUploadId) await lockVideoArrivals(tx, user.id);
    const [profile] = await tx.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, user.id)).for('update');
    if (!profile) throw new DomainError('profile.not_found');
    const [account] = await tx.select({ status: users.status }).from(users).where(eq(users.id, user.id)).for('update');
    const values: Partial<typeof jobSeekerProfiles.$inferInsert> = {};

    if (input.cvUrl !== undefined && input.cvUrl !== profile.cvUrl && !(await isOwnReadyUpload(ctx, tx, user, input.cvUrl, 'cv'))) {
      throw new DomainError('profile.cv_required');
    }
    // A new video: its link, or the resumable upload still bringing it (the current video stays until it arrives).
    const newVideo =
      (input.videoUrl !== undefined && input.videoUrl !== profile.videoUrl) || (input.videoUploadId !== undefined && input.videoUploadId !== profile.videoUploadId)
        ? await videoOf(ctx, tx, user, { videoUrl: input.videoUrl, videoUploadId: input.videoUploadId })
        : undefined;
    if (newVideo && newVideo.videoUploadId !== profile.videoUploadId) values.videoUploadId = newVideo.videoUploadId;
    const edited = { ...input, videoUrl: newVideo?.videoUrl };
    const changedFields = REVIEWED_FIELDS.filter((field) => {
      if (edited[field] === undefined) return false;
      const next = field === 'bio' ? edited.bio || null : edited[field];
      return !sameValue(next, profile[field]);
    });
    for (const field of changedFields) {
      Object.assign(values, { [field]: field === 'bio' ? edited.bio || null : edited[field] });
    }
    // The hiring facts are declarations, chosen from lists: a change goes straight to companies, without a new
    // review, but takes away the verified mark of the fact it changes.
    const facts = factValues(input, ctx.clock.now());
    const unverified = new Set<VerifiableFact>();
    const changedFacts: HiringFactField[] = [];
    const checkedChanges: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(facts) as [HiringFactField, unknown][]) {
      if (sameValue(value, profile[field])) continue;
      Object.assign(values, { [field]: value });
      changedFacts.push(field);
      const fact = FACT_OF_FIELD[field];
      if (fact) checkedChanges[field] = { from: profile[field] ?? null, to: value ?? null };
      if (fact && profile.factVerifications[fact]) unverified.add(fact);
    }
    if (unverified.size > 0) {
      values.factVerifications = Object.fromEntries(Object.entries(profile.factVerifications).filter(([fact]) => !unverified.has(fact as VerifiableFact)));
    }
    if (input.visibility && input.visibility !== profile.visibility) {
      values.visibility = input.visibility;
      // Shown again after "not looking now": they are looking again, as of now.
      if (input.visibility === 'visible') values.lookingConfirmedAt = ctx.clock.now();
    }
    if (Object.keys(values).length === 0) return ownProfileView(profile, account!.status);

    const now = ctx.clock.now();
    let status = account!.status;
    const approved = status === 'active';
    const reviewed = approved || status === 'rejected';
    if (changedFields.length > 0 && reviewed) {
      status = 'pending';
      values.submittedAt = now;
      await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, user.id));
    }
    // What a reviewer decides on changed: the version moves on (a decision on the old one is refused), and the
    // profile's history records the fields. A checked fact changed on an approved profile waits for a reviewer to look.
    const forReview = changedFields.length > 0 || changedFacts.length > 0 || values.videoUploadId !== undefined;
    if (forReview) {
      values.version = profile.version + 1;
      if (approved && Object.keys(checkedChanges).length > 0) values.factsChangedAt = now;
      const previous = {
        ...(changedFields.includes('cvUrl') && profile.cvUrl ? { cvUrl: profile.cvUrl } : {}),
        ...(changedFields.includes('videoUrl') && profile.videoUrl ? { videoUrl: profile.videoUrl } : {}),
      };
      await tx.insert(auditLog).values({
        actorId: user.id,
        action: 'profile.edit',
        subjectType: 'job_seeker_profile',
        subjectId: profile.id,
        details: {
          userId: user.id,
          fields: [...changedFields, ...changedFacts, ...(values.videoUploadId ? ['videoUploadId'] : [])],
          resubmitted: status === 'pending' && reviewed,
          ...(Object.keys(previous).length > 0 ? { previous } : {}),
          ...(Object.keys(checkedChanges).length > 0 ? { facts: checkedChanges } : {}),
        },
        at: now,
      });
    }
    const [updated] = await tx
      .update(jobSeekerProfiles)
      .set({ ...values, updatedAt: now })
      .where(eq(jobSeekerProfiles.id, profile.id))
      .returning();
    return ownProfileView(updated!, status);
  });
}
