import { screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { VerifyEmailBanner } from './verify-email-banner';

const UNCONFIRMED = signedInJobSeeker({ emailVerified: false });

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the banner asking to confirm the e-mail address', () => {
  it('shows for someone signed in whose address is not confirmed, unless they closed it in this tab', async () => {
    const shown = await renderForReader(<VerifyEmailBanner />, { user: UNCONFIRMED });
    expect(await screen.findByRole('button', { name: 'Send again' })).toBeTruthy();
    shown.unmount();

    sessionStorage.setItem('wazifa.verify-banner-hidden', '1');
    const closed = await renderForReader(<VerifyEmailBanner />, { user: UNCONFIRMED });
    expect(closed.container.textContent).toBe('');
  });

  it('leaves the tab’s storage alone for a visitor and for a confirmed address: a first read of it can hold the page', async () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const visitor = await renderForReader(<VerifyEmailBanner />, { user: null });
    expect(visitor.container.textContent).toBe('');
    visitor.unmount();
    const confirmed = await renderForReader(<VerifyEmailBanner />, { user: { ...UNCONFIRMED, emailVerified: true } });
    expect(confirmed.container.textContent).toBe('');
    expect(read).not.toHaveBeenCalledWith('wazifa.verify-banner-hidden');
  });
});
