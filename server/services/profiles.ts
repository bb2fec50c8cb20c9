// Job-seeker profiles as their owner reads them, and the context of the profile services. Apart from the writes
// (profile-writes.ts) and the uploads a profile names (profile-uploads.ts), as accounts and the review read it too.
import { eq } from 'drizzle-orm';
import { jobSeekerProfiles, type JobSeekerProfile, type User } from '#shared/schema.ts';
import type { HiringFacts } from '#shared/hiring-facts.ts';
import { reviewStatusOf, type OwnProfile, type ProfileVisibility, type RejectionReason } from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { VideoHost } from '../video/video-host.ts';
import type { VideoUploadStore } from '../video/video-upload-store.ts';
import { DomainError } from '../domain-error.ts';

export interface ProfileContext {
  db: Db;
  clock: Clock;
  /** Knows which upload record stands behind a video URL (our own file or a video host's player). */
  videoHost: Pick<VideoHost, 'objectKeyOf'>;
  /** Where resumable video uploads wait until their last byte: a profile may name one still on its way. */
  videoUploads: Pick<VideoUploadStore, 'datastore'>;
}

/** A profile's hiring facts as stored, with the types the API gives them. */
export function hiringFactsOf(profile: Pick<JobSeekerProfile, keyof HiringFacts>): HiringFacts {
  return {
    nationality: profile.nationality,
    currentCountry: profile.currentCountry,
    visaStatus: profile.visaStatus as HiringFacts['visaStatus'],
    availableFrom: profile.availableFrom,
    drivingLicences: profile.drivingLicences as HiringFacts['drivingLicences'],
    licenceCountry: profile.licenceCountry,
    salaryMin: profile.salaryMin,
    salaryMax: profile.salaryMax,
    salaryCurrency: profile.salaryCurrency as HiringFacts['salaryCurrency'],
  };
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
    ...hiringFactsOf(profile),
    factVerifications: profile.factVerifications,
    activityEmails: profile.activityEmails,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export async function getOwnProfile(db: Db, user: User): Promise<OwnProfile> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new DomainError('profile.not_found');
  return ownProfileView(profile, user.status);
}
