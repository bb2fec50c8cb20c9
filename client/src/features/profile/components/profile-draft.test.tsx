// A new profile is kept on the phone until it is saved: what was typed and chosen survives a reload (a form opened
// again), for its own account only, and a kept upload is offered only once the server says it is still there. So do
// the changes to a saved profile, for as long as the profile is the version they change.
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '#shared/auth.ts';
import type { OwnProfile } from '#shared/profile.ts';
import type { DraftUploads } from '#shared/uploads.ts';
import { logOut } from '@/lib/auth';
import { keepDraft, keptDraft } from '@/lib/kept-video';
import { savedProfile, signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { cancelSending } from '../video-sending';
import { ProfileForm } from './profile-form';
import KeptVideoSender from './kept-video-sender';

const AMINA = signedInJobSeeker({ id: 'user-amina', firstName: 'Amina', lastName: 'Yusuf' });
const LAYLA = signedInJobSeeker({ id: 'user-layla', firstName: 'Layla', lastName: 'Haddad' });

afterEach(() => {
  localStorage.clear();
  // The video's state lives with the page, as in the browser: each test starts with nothing on its way.
  cancelSending();
});

/** The form as /create-profile shows it; unmounted and shown again, it is the page reloaded. */
async function openCreateProfile(user: CurrentUser = AMINA) {
  const view = await renderForReader(
    <ProfileForm submitLabel="Create Profile" pendingLabel="Creating..." pending={false} onSubmit={() => Promise.resolve()} keepDraft />,
    { namespaces: ['profile', 'options', 'uploader', 'validation'], user },
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const industries = () => screen.getByRole('group', { name: /^Industries/ });
const languages = () => screen.getByRole('group', { name: /^Languages/ });

/** The server's answer to which kept uploads are still there. */
function serverHas(answer: DraftUploads) {
  const asked: string[] = [];
  vi.mocked(fetch).mockImplementation((input) => {
    asked.push(String(input));
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return asked;
}

const KEPT_CV = '/objects/cv/0b6f8a52-1c1e-4c55-9a3e-3f1d6f7e2a10';
const KEPT_VIDEO = '/objects/video/5d0e1c2b-7a6f-4e3d-8c9b-1a2b3c4d5e6f';
const A_DAY = 24 * 60 * 60;

describe('a profile being made, kept on the phone', () => {
  it('opens again with what was typed and chosen, "More about you" open when it holds something', async () => {
    const first = await openCreateProfile();
    await first.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Dubai, UAE');
    await first.user.click(within(industries()).getByRole('checkbox', { name: 'Construction' }));
    await first.user.click(within(languages()).getByRole('checkbox', { name: 'Arabic' }));
    await first.user.click(screen.getByText('More about you'));
    await first.user.type(screen.getByRole('textbox', { name: 'About You (optional)' }), 'Steel fixer in Doha.');
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Visa status (optional)' }), 'employment');
    first.unmount();

    await openCreateProfile();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amina Yusuf');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('050 123 4567');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Dubai, UAE');
    expect(within(industries()).getByRole('checkbox', { name: 'Construction' })).toBeChecked();
    expect(within(languages()).getByRole('checkbox', { name: 'Arabic' })).toBeChecked();
    expect(within(languages()).getByRole('checkbox', { name: 'English' })).not.toBeChecked();
    expect(screen.getByText('More about you').closest('details')!.open).toBe(true);
    expect(screen.getByRole('textbox', { name: 'About You (optional)' })).toHaveValue('Steel fixer in Doha.');
    expect(screen.getByRole('combobox', { name: 'Visa status (optional)' })).toHaveValue('employment');
    // Nothing to check with the server: no upload was kept.
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is its own account's: another person signed in on the same phone starts empty, and leaves it alone", async () => {
    const amina = await openCreateProfile(AMINA);
    await amina.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    amina.unmount();

    const layla = await openCreateProfile(LAYLA);
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Layla Haddad');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('');
    layla.unmount();

    await openCreateProfile(AMINA);
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('050 123 4567');
  });

  it('is let go when its person signs out', async () => {
    const typing = await openCreateProfile();
    await typing.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    typing.unmount();
    const kept = await openCreateProfile();
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('050 123 4567');
    kept.unmount();

    vi.mocked(fetch).mockResolvedValue(new Response(null, { status: 204 }));
    await logOut();
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));

    await openCreateProfile();
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('');
  });

  it('is let go once the account has a profile, saved here or on another phone', async () => {
    keepDraft(AMINA.id, { values: { phone: '050 123 4567' } });
    await renderForReader(<KeptVideoSender userId={AMINA.id} title="Amina Yusuf" />, { user: AMINA });
    expect(keptDraft(AMINA.id)).toBeDefined();
    const withProfile = { ...AMINA, profile: { id: 'profile-1', reviewStatus: 'pending' } } as CurrentUser;
    await renderForReader(<KeptVideoSender userId={AMINA.id} title="Amina Yusuf" />, { user: withProfile });
    await waitFor(() => expect(keptDraft(AMINA.id)).toBeUndefined());
  });

  it('offers a kept CV and video only once the server says they are still there, for long enough', async () => {
    keepDraft(AMINA.id, { values: { phone: '050 123 4567' }, cvUrl: KEPT_CV, video: { url: KEPT_VIDEO, name: 'out.mp4', size: 3_000_000 } });
    const asked = serverHas({ cv: { url: KEPT_CV, secondsLeft: A_DAY - 600 }, video: { url: KEPT_VIDEO, secondsLeft: A_DAY - 600 } });
    await openCreateProfile();
    expect(await screen.findByText('Uploaded: out.mp4')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'CV' })).getByRole('button', { name: 'Uploaded' })).toBeInTheDocument();
    expect(asked).toEqual([`/api/job-seeker/draft-uploads?cvUrl=${encodeURIComponent(KEPT_CV)}&videoUrl=${encodeURIComponent(KEPT_VIDEO)}`]);
  });

  it('does not offer a kept upload the server no longer has, or is about to clean up, and forgets it', async () => {
    keepDraft(AMINA.id, { values: { phone: '050 123 4567' }, cvUrl: KEPT_CV, video: { url: KEPT_VIDEO, name: 'out.mp4', size: 3_000_000 } });
    // The video is gone (a day unused, or refused); the CV has ten minutes left: too little to finish the form.
    serverHas({ cv: { url: KEPT_CV, secondsLeft: 600 }, video: null });
    await openCreateProfile();
    await waitFor(() => expect(keptDraft(AMINA.id)).toEqual({ userId: AMINA.id, values: { phone: '050 123 4567' } }));
    expect(screen.queryByText('Uploaded: out.mp4')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record a video' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'CV' })).getByRole('button', { name: 'Upload CV' })).toBeInTheDocument();
    // What was typed stays.
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('050 123 4567');
  });
});

/** The form as /profile/edit shows it; unmounted and shown again, the page left by a Back gesture and opened again. */
async function openEditProfile(profile: OwnProfile) {
  const view = await renderForReader(
    <ProfileForm initial={profile} submitLabel="Save Changes" pendingLabel="Saving..." pending={false} onSubmit={() => Promise.resolve()} keepDraft />,
    { namespaces: ['profile', 'options', 'uploader', 'validation'], user: AMINA },
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const CHANGES_BACK = 'Your changes that were not saved yet are back. Save them, or go back to your profile as it is saved.';
const SAVED = savedProfile({ bio: 'Front desk, five years in Dubai hotels.' });

describe('changes to a saved profile, kept on the phone', () => {
  it('come back when the form is left and opened again, said so, and can be undone to the saved profile', async () => {
    const first = await openEditProfile(SAVED);
    expect(screen.queryByRole('status')).toBeNull();
    const bio = screen.getByRole('textbox', { name: 'About You (optional)' });
    await first.user.clear(bio);
    await first.user.type(bio, 'Night manager now, at a Marina hotel.');
    await first.user.click(within(languages()).getByRole('checkbox', { name: 'Hindi' }));
    first.unmount();

    const again = await openEditProfile(SAVED);
    expect(screen.getByRole('status')).toHaveTextContent(CHANGES_BACK);
    expect(screen.getByRole('textbox', { name: 'About You (optional)' })).toHaveValue('Night manager now, at a Marina hotel.');
    expect(within(languages()).getByRole('checkbox', { name: 'Hindi' })).toBeChecked();

    await again.user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getByRole('textbox', { name: 'About You (optional)' })).toHaveValue('Front desk, five years in Dubai hotels.');
    expect(within(languages()).getByRole('checkbox', { name: 'Hindi' })).not.toBeChecked();
    expect(screen.queryByText(CHANGES_BACK)).toBeNull();
    expect(keptDraft(AMINA.id, 'edit')).toBeUndefined();
    // The Undo button went with the form it reset: the focus is on what says so, not lost to the page's start.
    const undone = screen.getByRole('status');
    expect(undone).toHaveTextContent('Your changes are undone: the form shows your profile as it is saved.');
    await waitFor(() => expect(undone).toHaveFocus());
  });

  it('survive what the form does not edit changing meanwhile: shown or hidden, a review', async () => {
    const first = await openEditProfile(SAVED);
    await first.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '9');
    first.unmount();
    // Only what differs from the saved profile is kept.
    expect(keptDraft(AMINA.id, 'edit')).toMatchObject({ values: { phone: `${SAVED.phone}9` } });
    expect(Object.keys(keptDraft(AMINA.id, 'edit')!.values as object)).toEqual(['phone']);

    await openEditProfile({ ...SAVED, visibility: 'hidden', reviewStatus: 'pending', updatedAt: '2026-11-25T09:00:00.000Z' });
    expect(screen.getByRole('status')).toHaveTextContent(CHANGES_BACK);
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(`${SAVED.phone}9`);
  });

  it('are not laid over a profile changed since (saved on another phone, or reviewed), and are let go', async () => {
    const first = await openEditProfile(SAVED);
    await first.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '9');
    first.unmount();
    expect(keptDraft(AMINA.id, 'edit')).toMatchObject({ values: { phone: `${SAVED.phone}9` } });

    const changedSince = { ...SAVED, bio: 'Saved on another phone.', updatedAt: '2026-11-25T09:00:00.000Z' };
    await openEditProfile(changedSince);
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(SAVED.phone);
    expect(screen.getByRole('textbox', { name: 'About You (optional)' })).toHaveValue('Saved on another phone.');
    expect(screen.queryByText(CHANGES_BACK)).toBeNull();
    expect(keptDraft(AMINA.id, 'edit')).toBeUndefined();
  });

  it('and a new profile’s draft leave each other alone', async () => {
    keepDraft(AMINA.id, { values: { phone: '050 123 4567' } });
    const editing = await openEditProfile(SAVED);
    await editing.user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '9');
    expect(keptDraft(AMINA.id)).toEqual({ userId: AMINA.id, values: { phone: '050 123 4567' } });
    // The account has a profile: the new profile's draft is let go, the changes stay.
    const withProfile = { ...AMINA, profile: { id: 'profile-1', reviewStatus: 'approved' } } as CurrentUser;
    await renderForReader(<KeptVideoSender userId={AMINA.id} title="Amina Yusuf" />, { user: withProfile });
    await waitFor(() => expect(keptDraft(AMINA.id)).toBeUndefined());
    expect(keptDraft(AMINA.id, 'edit')).toMatchObject({ values: { phone: `${SAVED.phone}9` } });

    vi.mocked(fetch).mockResolvedValue(new Response(null, { status: 204 }));
    await logOut();
    expect(keptDraft(AMINA.id, 'edit')).toBeUndefined();
  });
});
