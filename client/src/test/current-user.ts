// Who is signed in, as /api/auth/user answers, for the component tests: a job seeker with a confirmed address and no
// profile yet, changed where a test needs it.
import type { CurrentUser } from '#shared/auth.ts';

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
