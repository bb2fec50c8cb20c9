// What happened to a profile, for its review page: built from the audit log (creation, the owner's edits with the
// fields they changed, videos arriving, decisions with their reasons, verified marks, "Looked at"), newest first.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ProfileHistoryEntry } from '#shared/admin.ts';
import { auditLog, jobSeekerProfiles, objects, users } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { OBJECT_KEY } from '../storage/object-storage.ts';
import type { VideoHost } from '../video/video-host.ts';
import { DomainError } from '../domain-error.ts';
import { reviewerName } from './profile-review.ts';

/** The audit actions a profile's history shows (others about the profile, as company blocks, are not review's). */
export const HISTORY_ACTIONS = [
  'profile.create',
  'profile.edit',
  'profile.video_arrived',
  'profile.approve',
  'profile.reject',
  'profile.fact_verified',
  'profile.fact_unverified',
  'profile.facts_looked_at',
] as const;

/** The newest events shown; a profile reviewed weekly for years stays far below it. */
export const HISTORY_LIMIT = 200;

/** The files an edit replaced, as the audit row keeps them: { cvUrl, videoUrl }. */
const replacedUrls = (details: Record<string, unknown>): { cvUrl?: string; videoUrl?: string } => {
  const previous = details.previous;
  if (!previous || typeof previous !== 'object') return {};
  const { cvUrl, videoUrl } = previous as Record<string, unknown>;
  return { ...(typeof cvUrl === 'string' ? { cvUrl } : {}), ...(typeof videoUrl === 'string' ? { videoUrl } : {}) };
};

export async function profileHistory(ctx: { db: Db; videoHost: Pick<VideoHost, 'objectKeyOf'> }, profileId: string): Promise<ProfileHistoryEntry[]> {
  const [profile] = await ctx.db.select({ userId: jobSeekerProfiles.userId }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, profileId));
  if (!profile) throw new DomainError('profile.not_found');
  // audit_log_subject_idx (subject_type, subject_id, at): one index range, newest first.
  const rows = await ctx.db
    .select({ entry: auditLog, actor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectType, 'job_seeker_profile'), eq(auditLog.subjectId, profileId), inArray(auditLog.action, [...HISTORY_ACTIONS])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(HISTORY_LIMIT);

  // A replaced CV or video is deleted by the clean-up of unused uploads; the history links to it while it is kept.
  const keyOf = (kind: 'cv' | 'video', url: string) => {
    if (kind === 'video') return ctx.videoHost.objectKeyOf(url);
    const key = url.startsWith('/objects/') ? url.slice('/objects/'.length) : undefined;
    return key && OBJECT_KEY.test(key) ? key : undefined;
  };
  const wanted = new Set<string>();
  for (const { entry } of rows) {
    const { cvUrl, videoUrl } = replacedUrls(entry.details as Record<string, unknown>);
    const cvKey = cvUrl && keyOf('cv', cvUrl);
    const videoKey = videoUrl && keyOf('video', videoUrl);
    if (cvKey) wanted.add(cvKey);
    if (videoKey) wanted.add(videoKey);
  }
  const kept = new Set(
    wanted.size === 0
      ? []
      : (await ctx.db.select({ key: objects.key }).from(objects).where(and(inArray(objects.key, [...wanted]), eq(objects.status, 'ready')))).map((o) => o.key),
  );
  const isKept = (kind: 'cv' | 'video', url: string | undefined) => {
    const key = url && keyOf(kind, url);
    return Boolean(key && kept.has(key));
  };

  return rows.map(({ entry, actor }) => {
    const details = (entry.details ?? {}) as Record<string, unknown>;
    const { cvUrl, videoUrl } = replacedUrls(details);
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      action: entry.action,
      actor: actor ? { id: actor.id, name: reviewerName(actor) } : null,
      byOwner: entry.actorId === profile.userId,
      details,
      replaced: { ...(isKept('cv', cvUrl) ? { cvUrl } : {}), ...(isKept('video', videoUrl) ? { videoUrl } : {}) },
    };
  });
}
