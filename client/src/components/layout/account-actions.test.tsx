import { screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import type { OwnProfile } from '#shared/profile.ts';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { AccountActions } from './account-actions';

it("leads a job seeker who has a profile to it from the menu, in the reader's language", async () => {
  // Only what the menu reads of the profile: that there is one.
  const profile = { id: 'profile-1', reviewStatus: 'pending' } as OwnProfile;
  const shown = await renderForReader(<AccountActions layout="menu" />, { language: 'hi', user: signedInJobSeeker({ profile }) });
  expect(await screen.findByRole('link', { name: 'मेरी प्रोफ़ाइल' })).toHaveAttribute('href', '/profile');
  shown.unmount();

  // Before the profile is made there is nothing to show: the way on is the form.
  await renderForReader(<AccountActions layout="menu" />, { language: 'hi', user: signedInJobSeeker() });
  await screen.findByRole('button', { name: /./ });
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
