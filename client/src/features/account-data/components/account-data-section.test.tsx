import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { AccountDataSection } from './account-data-section';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The copies of data asked so far: none. */
const noCopiesYet = () =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } }));

it("tells a company's colleague what their copy holds and what deleting does, without the job seeker's profile", async () => {
  noCopiesYet();
  const colleague = signedInJobSeeker({ role: 'company', companyRole: 'member', email: 'omar@gulf-build.example' });
  await renderForReader(<AccountDataSection returnTo="/account" />, { namespaces: ['account-data'], user: colleague });
  expect(screen.getByText(/your place in your company's team/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  expect(screen.getByText('At once, you can no longer search the database, and you are signed out on every device.')).toBeInTheDocument();
  expect(screen.queryByText(/your profile/)).not.toBeInTheDocument();
});

it('tells a job seeker about their profile, CV and video', async () => {
  noCopiesYet();
  await renderForReader(<AccountDataSection returnTo="/profile" />, { namespaces: ['account-data'], user: signedInJobSeeker() });
  expect(screen.getByText(/your profile, what companies did with it/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  expect(screen.getByText('At once, companies can no longer find your profile, and you are signed out on every device.')).toBeInTheDocument();
});
