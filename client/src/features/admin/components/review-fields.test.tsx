import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '#shared/admin.ts';
import { aCandidate } from '@/test/candidates';
import { renderForReader } from '@/test/render';
import { ReviewFields } from './review-fields';

const { bio, fullName, phone, location, industries, languages, yearsOfExperience } = aCandidate();
const profile = {
  id: 'profile-1',
  userId: 'user-1',
  email: 'ramon.santos@example.com',
  fullName,
  phone,
  location,
  industries,
  languages,
  bio,
  yearsOfExperience,
  visibility: 'visible',
  reviewStatus: 'pending',
  reviewReasons: [],
  reviewNote: null,
  submittedAt: '2026-12-07T05:39:00.000Z',
  lastReviewedValues: null,
} as unknown as ReviewItem;

describe('the fields on the review page', () => {
  it('show the bio in its own direction: an English bio on an Arabic page keeps its full stop at its end', async () => {
    await renderForReader(<ReviewFields profile={profile} changed={() => false} />, { language: 'ar', namespaces: ['admin', 'options'] });
    expect(screen.getByText(bio!)).toHaveAttribute('dir', 'auto');
  });
});
