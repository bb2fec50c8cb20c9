// Job-seeker profiles: created once, from checked uploads the job seeker owns.
import { and, eq } from 'drizzle-orm';
import { jobSeekerProfiles, objects, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { ProfileValues } from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';

export const MISSING_CV = 'Please upload your CV';
export const MISSING_VIDEO = 'Please upload your introduction video';

/** The object behind an /objects/<kind>/<id> path, when it is the user's own, checked upload. */
async function ownReadyObject(db: Db, user: User, objectPath: string | undefined, kind: 'cv' | 'video') {
  const key = objectPath?.startsWith(`/objects/${kind}/`) ? objectPath.slice('/objects/'.length) : undefined;
  if (!key) return undefined;
  return db.query.objects.findFirst({
    where: and(eq(objects.key, key), eq(objects.ownerId, user.id), eq(objects.status, 'ready')),
  });
}

export async function createProfile(ctx: { db: Db; clock: Clock }, user: User, input: ProfileValues): Promise<JobSeekerProfile> {
  if (!(await ownReadyObject(ctx.db, user, input.cvUrl, 'cv'))) throw new HttpError(400, MISSING_CV);
  if (!(await ownReadyObject(ctx.db, user, input.videoUrl, 'video'))) throw new HttpError(400, MISSING_VIDEO);
  const [profile] = await ctx.db
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
      videoUrl: input.videoUrl!,
    })
    // One profile per job seeker (SPEC 6): a second one, even sent twice at once, is refused.
    .onConflictDoNothing({ target: jobSeekerProfiles.userId })
    .returning();
  if (!profile) throw new HttpError(409, 'You already have a profile');
  return profile;
}

export async function getOwnProfile(db: Db, user: User): Promise<JobSeekerProfile> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new HttpError(404, 'Profile not found');
  return profile;
}
