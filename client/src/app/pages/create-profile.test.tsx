// Creating the profile from what the phone kept: the kept CV and video are sent, and once the profile is saved the
// draft is let go (the page opened again would otherwise offer a profile that exists).
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepDraft, keptDraft } from '@/lib/kept-video';
import { cancelSending } from '@/features/profile/video-sending';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import CreateProfilePage from './create-profile';

const AMINA = signedInJobSeeker({ id: 'user-amina', firstName: 'Amina', lastName: 'Yusuf' });
const KEPT_CV = '/objects/cv/0b6f8a52-1c1e-4c55-9a3e-3f1d6f7e2a10';
const KEPT_VIDEO = '/objects/video/5d0e1c2b-7a6f-4e3d-8c9b-1a2b3c4d5e6f';

afterEach(() => {
  localStorage.clear();
  cancelSending();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('/create-profile', () => {
  it('sends the profile with the CV and video the phone kept, then lets the draft go', async () => {
    keepDraft(AMINA.id, {
      values: { phone: '050 123 4567', location: 'Dubai, UAE', industries: ['Construction'], languages: ['Arabic'] },
      cvUrl: KEPT_CV,
      video: { url: KEPT_VIDEO, name: 'out.mp4', size: 3_000_000 },
    });
    const sent: unknown[] = [];
    vi.mocked(fetch).mockImplementation((input, init) => {
      const url = String(input);
      if (url.startsWith('/api/job-seeker/draft-uploads')) return Promise.resolve(json({ cv: { url: KEPT_CV, secondsLeft: 80_000 }, video: { url: KEPT_VIDEO, secondsLeft: 80_000 } }));
      if (url === '/api/job-seeker/profile' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Promise.resolve(json({ id: 'profile-1' }, 201));
      }
      if (url === '/api/auth/user') return Promise.resolve(json({ ...AMINA, profile: { id: 'profile-1', reviewStatus: 'pending' } }));
      return new Promise<Response>(() => {});
    });
    await renderForReader(<CreateProfilePage />, { namespaces: ['common', 'profile', 'options', 'uploader', 'validation'], user: AMINA });
    const user = userEvent.setup({ delay: null });
    // The page's frame and the next page's code load first: a few seconds on a busy machine.
    await screen.findByText('Uploaded: out.mp4', undefined, { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      fullName: 'Amina Yusuf',
      phone: '050 123 4567',
      location: 'Dubai, UAE',
      industries: ['Construction'],
      languages: ['Arabic'],
      cvUrl: KEPT_CV,
      videoUrl: KEPT_VIDEO,
    });
    await waitFor(() => expect(keptDraft(AMINA.id)).toBeUndefined());
    expect(localStorage.getItem('wazifa.profileDraft')).toBeNull();
  });
});
