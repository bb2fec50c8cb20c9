// What the profile's Show/Hide switch says of who finds the profile: a profile shown but not yet approved (waiting
// for review, or sent back) is not in any company's search yet, and the switch does not say it is.
import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@/test/current-user';
import urdu from '@/locales/ur/profile.json';
import { renderForReader } from '@/test/render';
import { VisibilitySwitch } from './visibility-switch';

const switchOf = () => screen.getByRole('switch', { name: /Show my profile to companies|میرا پروفائل کمپنیوں کو دکھائیں/ });

describe('the profile’s Show/Hide switch', () => {
  it('says companies find an approved profile that is shown, and how to stop that', async () => {
    await renderForReader(<VisibilitySwitch visibility="visible" approved />, { namespaces: ['profile'] });
    expect(switchOf()).toHaveAttribute('aria-checked', 'true');
    expect(switchOf()).toHaveAccessibleDescription(/^Companies can find your profile in their searches\. Not looking for work now\?/);
  });

  it('says a profile shown but not yet approved is found once it is', async () => {
    await renderForReader(<VisibilitySwitch visibility="visible" approved={false} />, { namespaces: ['profile'] });
    expect(switchOf()).toHaveAccessibleDescription('Companies will find your profile in their searches once our team has approved it.');
  });

  it('shows a hidden profile not yet approved, and its toast says it is found once approved', async () => {
    vi.mocked(fetch).mockImplementation((input, init) =>
      Promise.resolve(
        String(input) === '/api/job-seeker/profile' && init?.method === 'PATCH'
          ? new Response(JSON.stringify(savedProfile({ visibility: 'visible', reviewStatus: 'pending' })), { status: 200, headers: { 'Content-Type': 'application/json' } })
          : new Response(null, { status: 204 }),
      ),
    );
    await renderForReader(<VisibilitySwitch visibility="hidden" approved={false} />, { namespaces: ['profile'] });
    await userEvent.setup({ delay: null }).click(switchOf());
    expect(await screen.findByText('Companies will find your profile in their searches once our team has approved it.')).toBeInTheDocument();
    expect(screen.queryByText('Companies can find your profile again.')).toBeNull();
  });

  it('says so in the reader’s language', async () => {
    await renderForReader(<VisibilitySwitch visibility="visible" approved={false} />, { language: 'ur', namespaces: ['profile'] });
    expect(switchOf()).toHaveAccessibleDescription(urdu.page.visibleOnceApproved);
  });

  it('says a hidden profile is found by no company, approved or not', async () => {
    await renderForReader(<VisibilitySwitch visibility="hidden" approved={false} />, { namespaces: ['profile'] });
    expect(switchOf()).toHaveAttribute('aria-checked', 'false');
    expect(switchOf()).toHaveAccessibleDescription('Your profile is hidden: companies cannot find it until you show it again.');
  });
});
