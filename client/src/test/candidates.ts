// A job seeker as a subscribed company sees them (GET /api/candidates/:id), for the component tests: an approved
// profile without a video whose bio is in English, changed where a test needs it.
import type { CandidateDetail } from '#shared/candidates.ts';
import { NO_HIRING_FACTS } from '@/test/hiring-facts';

export function aCandidate(changes: Partial<CandidateDetail> = {}): CandidateDetail {
  return {
    id: 'profile-1',
    fullName: 'Ramon Santos',
    location: 'Riyadh, Saudi Arabia',
    yearsOfExperience: 13,
    industries: ['Cleaning Services'],
    languages: ['English', 'Tagalog'],
    summary: 'Cleaning supervisor, 13 years in the Gulf. Hard working and punctual.',
    hasVideo: false,
    videoUrl: null,
    posterUrl: null,
    avatarUrl: null,
    shortlisted: false,
    lookingConfirmedAt: '2026-12-01T08:00:00.000Z',
    verifiedFacts: [],
    ...NO_HIRING_FACTS,
    phone: '+966540415053',
    email: 'ramon.santos@example.com',
    bio: 'Cleaning supervisor, 13 years in the Gulf. Hard working and punctual.',
    cvUrl: '/objects/cv-1',
    shortlist: null,
    ...changes,
  };
}
