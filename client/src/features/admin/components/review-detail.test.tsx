import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import type { ReviewItem } from '#shared/admin.ts';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { ReviewDetail } from './review-detail';
import { NO_HIRING_FACTS } from '@/test/hiring-facts';

/** A profile waiting for review, without its video and CV. */
const PROFILE = {
  id: '0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90',
  userId: '5d2e7a10-8c4b-4f3a-b1e9-6a7c3d2f1e08',
  email: 'amina@example.com',
  fullName: 'Amina Yusuf',
  phone: '+971501234567',
  location: 'Dubai, UAE',
  industries: ['Hospitality'],
  languages: ['English', 'Arabic'],
  bio: 'Front desk, five years in Dubai hotels.',
  yearsOfExperience: 5,
  cvUrl: null,
  videoUrl: null,
  videoUploadId: null,
  visibility: 'visible',
  reviewStatus: 'pending',
  reviewReasons: [],
  reviewNote: null,
  reviewedAt: null,
  submittedAt: '2026-11-19T10:00:00.000Z',
  lookingConfirmedAt: '2026-11-19T10:00:00.000Z',
  factVerifications: {},
  activityEmails: true,
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-19T10:00:00.000Z',
  ...NO_HIRING_FACTS,
  version: 3,
  claim: null,
  factsChangedAt: null,
  lastReviewedValues: null,
  locale: 'en',
  video: null,
  cv: null,
} as unknown as ReviewItem;

it('approves once when "Approve & next" is tapped twice: the second was refused as stale, its error over the approval', async () => {
  const network = holdRequests();
  const sent = () => network.sent(`POST /api/admin/profiles/${PROFILE.id}/approve`);
  await renderForReader(<ReviewDetail profile={PROFILE} />, { namespaces: ['admin', 'options', 'validation'] });

  await doubleTap(screen.getByRole('button', { name: /Approve & next/ }), sent);
  expect(sent()).toBe(1);
});
