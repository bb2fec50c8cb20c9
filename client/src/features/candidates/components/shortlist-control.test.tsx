import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import type { CandidateDetail } from '#shared/candidates.ts';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { ShortlistControl } from './shortlist-control';

const CANDIDATE = { id: '0b6f1c52-3f4e-4a8e-9d7c-2f5a1e6b8c90', shortlist: null } as CandidateDetail;

it('saves the candidate once when "Save to Shortlist" is tapped twice: each answer said so in a toast of its own', async () => {
  const network = holdRequests();
  const sent = () => network.sent(`PUT /api/shortlist/${CANDIDATE.id}`);
  await renderForReader(<ShortlistControl candidate={CANDIDATE} />, { namespaces: ['candidates'] });

  await doubleTap(screen.getByRole('button', { name: 'Save to Shortlist' }), sent);
  expect(sent()).toBe(1);

  network.answer(200, {});
  expect(await screen.findByText('Saved to your shortlist')).toBeTruthy();
  expect(sent()).toBe(1);
});

it('lets a note take the direction of what is written in it: an English note in Arabic reads left to right', async () => {
  await renderForReader(<ShortlistControl candidate={CANDIDATE} />, { language: 'ar', namespaces: ['candidates'] });
  expect(screen.getByRole('textbox')).toHaveClass('[unicode-bidi:plaintext]');
});
