// Who is signed in, as /api/auth/user answers, for the component tests: a job seeker with a confirmed address and no
// profile yet, changed where a test needs it.
import type { CurrentUser } from '#shared/auth.ts';
import type { OwnProfile } from '#shared/profile.ts';
import { NO_HIRING_FACTS } from '@/test/hiring-facts';

export function signedInJobSeeker(changes: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'amina@example.com',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    role: 'job_seeker',
    status: 'active',
    isAdmin: false,
    emailVerified: true,
    hasPassword: true,
    locale: 'en',
    profile: null,
    company: null,
    companyRole: null,
    consentNeeded: false,
    ...changes,
  };
}

/** A job seeker's profile sent for review earlier and approved, with its CV and video, as the server answers it. */
export function savedProfile(changes: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'profile-1',
    fullName: 'Amina Yusuf',
    phone: '+971501234567',
    location: 'Dubai, UAE',
    industries: ['Hospitality'],
    languages: ['English', 'Arabic'],
    bio: 'Front desk, five years in Dubai hotels.',
    yearsOfExperience: 5,
    cvUrl: '/objects/cvs/amina.pdf',
    videoUrl: '/videos/amina',
    videoUploadId: null,
    visibility: 'visible',
    reviewStatus: 'approved',
    reviewReasons: [],
    reviewNote: null,
    reviewedAt: '2026-11-20T10:00:00.000Z',
    submittedAt: '2026-11-19T10:00:00.000Z',
    lookingConfirmedAt: '2026-11-19T10:00:00.000Z',
    factVerifications: {},
    activityEmails: true,
    createdAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...NO_HIRING_FACTS,
    ...changes,
  };
}
