// Job-seeker profiles: created once, from checked uploads the job seeker owns; edited by their owner, which
// sends a reviewed profile back to review; hidden from companies at the owner's wish. A profile may be saved while
// its video is still on its way (a resumable upload): it waits for it out of the review queue, and enters the queue
// when the video arrives (videoArrived, docs/decisions/0034-a-profile-waits-for-its-video.md).
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, objects, users, type JobSeekerProfile, type User } from '#shared/schema.ts';
import {
  REVIEWED_FIELDS,
  reviewStatusOf,
  type OwnProfile,
  type ProfileUpdate,
  type ProfileValues,
  type ProfileVisibility,
  type RejectionReason,
} from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { OBJECT_KEY } from '../storage/object-storage.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import type { VideoHost } from '../video/video-host.ts';
import type { VideoUploadStore } from '../video/video-upload-store.ts';
import { DomainError } from '../domain-error.ts';
import { recordConsent } from './consents.ts';
import type { VerifiableFact } from '#shared/hiring-facts.ts';

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


export interface ProfileContext {
  db: Db;
  clock: Clock;
  /** Knows which upload record stands behind a video URL (our own file or a video host's player). */
  videoHost: Pick<VideoHost, 'objectKeyOf'>;
  /** Where resumable video uploads wait until their last byte: a profile may name one still on its way. */
  videoUploads: Pick<VideoUploadStore, 'datastore'>;
}

/** The profile as its owner sees it: no internal columns (search vector, review snapshot). */
export function ownProfileView(profile: JobSeekerProfile, userStatus: string): OwnProfile {
  return {
    id: profile.id,
    fullName: profile.fullName,
    phone: profile.phone,
    location: profile.location,
    industries: profile.industries,
    languages: profile.languages,
    bio: profile.bio,
    yearsOfExperience: profile.yearsOfExperience,
    cvUrl: profile.cvUrl,
    videoUrl: profile.videoUrl,
    videoUploadId: profile.videoUploadId,
    visibility: profile.visibility as ProfileVisibility,
    reviewStatus: reviewStatusOf(userStatus),
    reviewReasons: (profile.reviewReasons ?? []) as RejectionReason[],
    reviewNote: profile.reviewNote,
    reviewedAt: profile.reviewedAt?.toISOString() ?? null,
    submittedAt: profile.submittedAt.toISOString(),
    lookingConfirmedAt: profile.lookingConfirmedAt.toISOString(),
    nationality: profile.nationality,
    currentCountry: profile.currentCountry,
    visaStatus: profile.visaStatus as OwnProfile['visaStatus'],
    availableFrom: profile.availableFrom,
    drivingLicences: profile.drivingLicences as OwnProfile['drivingLicences'],
    licenceCountry: profile.licenceCountry,
    salaryMin: profile.salaryMin,
    salaryMax: profile.salaryMax,
    salaryCurrency: profile.salaryCurrency as OwnProfile['salaryCurrency'],
    factVerifications: profile.factVerifications,
    activityEmails: profile.activityEmails,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/** The objects key behind a CV path (/objects/cv/<uuid>) or a video URL. */
function uploadKey(ctx: ProfileContext, url: string | undefined, kind: 'cv' | 'video'): string | undefined {
  if (!url) return undefined;
  if (kind === 'video') return ctx.videoHost.objectKeyOf(url);
  const key = url.startsWith('/objects/cv/') ? url.slice('/objects/'.length) : undefined;
  return key && OBJECT_KEY.test(key) ? key : undefined;
}

/**
 * True when `url` is one of the user's own checked uploads of that kind. The row is locked, so the clean-up of
 * unused uploads cannot remove it before the profile that uses it is written.
 */
async function isOwnReadyUpload(ctx: ProfileContext, tx: DbOrTx, user: User, url: string | undefined, kind: 'cv' | 'video'): Promise<boolean> {
  const key = uploadKey(ctx, url, kind);
  if (!key) return false;
  const [row] = await tx
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.key, key), eq(objects.kind, kind), eq(objects.ownerId, user.id), eq(objects.status, 'ready')))
    .for('update');
  return Boolean(row);
}

/**
 * Arrivals of a job seeker's videos and the saving of their profile take turns (a transaction-scoped lock per
 * account), so a profile saved while its video's last byte arrives either finds the video or is found by it.
 */
async function lockVideoArrivals(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('video-arrival'), hashtext(${userId}))`);
}

/** The link of the video that arrived by the user's resumable upload `uploadId`, if it has. */
async function arrivedVideoUrl(tx: DbOrTx, user: User, uploadId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ key: objects.key, url: objects.url })
    .from(objects)
    .where(and(eq(objects.resumableUploadId, uploadId), eq(objects.ownerId, user.id), eq(objects.kind, 'video'), eq(objects.status, 'ready')))
    .for('update');
  return row ? (row.url ?? `/objects/${row.key}`) : undefined;
}

/** The owner of an unfinished resumable upload, or undefined when there is no such upload. */
async function uploadOwner(ctx: ProfileContext, uploadId: string): Promise<string | undefined> {
  const upload = await ctx.videoUploads.datastore.getUpload(uploadId).catch(() => undefined);
  return upload?.metadata?.ownerId ?? undefined;
}

/**
 * The video a profile is given: a link of the user's own checked video, or the id of the user's resumable upload,
 * which becomes that video's link if it has arrived meanwhile, and is otherwise waited for. With an upload id, the
 * caller holds lockVideoArrivals, taken before any row lock (videoArrived takes them in that order too).
 */
async function videoOf(
  ctx: ProfileContext,
  tx: DbOrTx,
  user: User,
  input: { videoUrl?: string; videoUploadId?: string },
): Promise<{ videoUrl: string; videoUploadId: null } | { videoUrl?: undefined; videoUploadId: string }> {
  if (input.videoUrl) {
    if (!(await isOwnReadyUpload(ctx, tx, user, input.videoUrl, 'video'))) throw new DomainError('profile.video_required');
    return { videoUrl: input.videoUrl, videoUploadId: null };
  }
  if (!input.videoUploadId) throw new DomainError('profile.video_required');
  const arrived = await arrivedVideoUrl(tx, user, input.videoUploadId);
  if (arrived) return { videoUrl: arrived, videoUploadId: null };
  if ((await uploadOwner(ctx, input.videoUploadId)) !== user.id) throw new DomainError('profile.video_required');
  return { videoUploadId: input.videoUploadId };
}

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

export async function getOwnProfile(db: Db, user: User): Promise<OwnProfile> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new DomainError('profile.not_found');
  return ownProfileView(profile, user.status);
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

/**
 * A video arrived by the user's resumable upload. It is recorded against the upload's id, so a profile saved with
 * that id afterwards finds it; and the user's profile, if it waits for a video, takes it and enters the review queue
 * now (a reviewed profile goes back to review, as any new video sends it).
 */
export async function videoArrived(
  ctx: Pick<ProfileContext, 'db' | 'clock'>,
  arrival: { ownerId: string; uploadId: string; objectKey: string; videoUrl: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockVideoArrivals(tx, arrival.ownerId);
    await tx
      .update(objects)
      .set({ resumableUploadId: arrival.uploadId })
      .where(and(eq(objects.key, arrival.objectKey), eq(objects.ownerId, arrival.ownerId)));
    const [profile] = await tx
      .select()
      .from(jobSeekerProfiles)
      .where(and(eq(jobSeekerProfiles.userId, arrival.ownerId), isNotNull(jobSeekerProfiles.videoUploadId)))
      .for('update');
    if (!profile) return;
    const [account] = await tx.select({ status: users.status }).from(users).where(eq(users.id, arrival.ownerId)).for('update');
    const now = ctx.clock.now();
    const values: Partial<typeof jobSeekerProfiles.$inferInsert> = {
      videoUrl: arrival.videoUrl,
      videoUploadId: null,
      version: profile.version + 1,
      updatedAt: now,
    };
    const status = account!.status;
    const resubmitted = (status === 'active' || status === 'rejected') && profile.videoUrl !== arrival.videoUrl;
    if (status === 'pending') values.submittedAt = now;
    else if (resubmitted) {
      values.submittedAt = now;
      await tx.update(users).set({ status: 'pending', updatedAt: now }).where(eq(users.id, arrival.ownerId));
    }
    await tx.update(jobSeekerProfiles).set(values).where(eq(jobSeekerProfiles.id, profile.id));
    await tx.insert(auditLog).values({
      actorId: arrival.ownerId,
      action: 'profile.video_arrived',
      subjectType: 'job_seeker_profile',
      subjectId: profile.id,
      details: {
        userId: arrival.ownerId,
        resubmitted,
        ...(profile.videoUrl && profile.videoUrl !== arrival.videoUrl ? { previous: { videoUrl: profile.videoUrl } } : {}),
      },
      at: now,
    });
  });
}
