// The uploads a profile names, checked as the job seeker's own, and a video still on its way, which the profile waits
// for out of the review queue (docs/decisions/0034-a-profile-waits-for-its-video.md): used by saving and by arrival.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { auditLog, jobSeekerProfiles, objects, users, type User } from '#shared/schema.ts';
import type { DraftUploads } from '#shared/uploads.ts';
import { OBJECT_KEY } from '../storage/object-storage.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { DomainError } from '../domain-error.ts';
import type { ProfileContext } from './profiles.ts';
import { UNUSED_UPLOAD_TTL_MS } from './uploads.ts';

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
export async function isOwnReadyUpload(ctx: ProfileContext, tx: DbOrTx, user: User, url: string | undefined, kind: 'cv' | 'video'): Promise<boolean> {
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
 * Which of a CV and a video that a browser kept for a profile not yet saved are still the user's own checked uploads,
 * and for how many seconds more the clean-up of unused uploads leaves them. Anything else (gone, someone else's,
 * refused, past its day) is null: the browser then asks for it again rather than offer a file the save would refuse.
 */
export async function draftUploads(ctx: ProfileContext, user: User, urls: { cvUrl?: string; videoUrl?: string }): Promise<DraftUploads> {
  const wanted = { cv: urls.cvUrl, video: urls.videoUrl };
  const keys = { cv: uploadKey(ctx, urls.cvUrl, 'cv'), video: uploadKey(ctx, urls.videoUrl, 'video') };
  const present = [keys.cv, keys.video].filter((key) => key !== undefined);
  const rows = present.length
    ? await ctx.db
        .select({ key: objects.key, kind: objects.kind, createdAt: objects.createdAt })
        .from(objects)
        .where(and(inArray(objects.key, present), eq(objects.ownerId, user.id), eq(objects.status, 'ready')))
    : [];
  const now = ctx.clock.now().getTime();
  const kept = (kind: 'cv' | 'video') => {
    const row = rows.find((r) => r.key === keys[kind] && r.kind === kind);
    const secondsLeft = row ? Math.floor((row.createdAt.getTime() + UNUSED_UPLOAD_TTL_MS - now) / 1000) : 0;
    return row && secondsLeft > 0 ? { url: wanted[kind]!, secondsLeft } : null;
  };
  return { cv: kept('cv'), video: kept('video') };
}

/**
 * Arrivals of a job seeker's videos and the saving of their profile take turns (a transaction-scoped lock per
 * account), so a profile saved while its video's last byte arrives either finds the video or is found by it.
 */
export async function lockVideoArrivals(tx: DbOrTx, userId: string) {
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
export async function videoOf(
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
