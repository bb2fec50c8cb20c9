// Editing a saved profile: the changes are kept on the phone while the form is open, and let go when the person
// cancels them or saves them (the form opened again would otherwise offer them back).
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptDraft } from '@/lib/kept-video';
import { cancelSending } from '@/features/profile/video-sending';
import { savedProfile, signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import EditProfilePage from './edit-profile';

const PROFILE = savedProfile();
const AMINA = signedInJobSeeker({ id: 'user-amina', firstName: 'Amina', lastName: 'Yusuf', profile: PROFILE });

afterEach(() => {
  localStorage.clear();
  cancelSending();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function openEditProfile() {
  await renderForReader(<EditProfilePage />, { namespaces: ['common', 'profile', 'options', 'uploader', 'validation'], user: AMINA });
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: 'About You (optional)' }, { timeout: 10_000 }), ' Barista too.');
  expect(keptDraft(AMINA.id, 'edit')).toMatchObject({ values: { bio: `${PROFILE.bio} Barista too.` } });
  return user;
}

describe('/profile/edit', () => {
  it('lets the kept changes go on Cancel', async () => {
    const user = await openEditProfile();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(keptDraft(AMINA.id, 'edit')).toBeUndefined();
  });

  it('lets the kept changes go once they are saved', async () => {
    const sent: unknown[] = [];
    vi.mocked(fetch).mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/job-seeker/profile' && init?.method === 'PATCH') {
        sent.push(JSON.parse(String(init.body)));
        return Promise.resolve(json({ ...PROFILE, bio: `${PROFILE.bio} Barista too.`, reviewStatus: 'pending' }));
      }
      if (url === '/api/auth/user') return Promise.resolve(json(AMINA));
      return new Promise<Response>(() => {});
    });
    const user = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ bio: `${PROFILE.bio} Barista too.` })]));
    await waitFor(() => expect(keptDraft(AMINA.id, 'edit')).toBeUndefined());
  });
});
