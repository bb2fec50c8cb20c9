// The sign-in and sign-up page opened from a team invitation (?invite=): the address the invitation went to, the only
// one that can join, is in the e-mail field already.
import { screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationPreview } from '#shared/company-team.ts';
import { answerRequests } from '@/test/api-answers';
import { renderForReader } from '@/test/render';
import LoginPage from './login';

const invitation: InvitationPreview = { companyName: 'Acme QA', email: 'sara@acme-qa.test', invitedBy: 'Omar Ali', expiresAt: '2026-12-14T08:00:00.000Z' };

afterEach(() => window.history.replaceState(null, '', '/'));

describe('signing up or in from a team invitation', () => {
  it.each(['/signup?type=company&invite=tok-1', '/login?invite=tok-1'])('fills in the invited address on %s', async (address) => {
    window.history.replaceState(null, '', address);
    answerRequests({ '/api/invitations/preview': invitation });
    await renderForReader(<LoginPage />, { namespaces: ['auth', 'validation'] });
    // The page's first drawing loads its parts: a while on a busy machine.
    const field = await screen.findByLabelText('E-mail', {}, { timeout: 10_000 });
    await waitFor(() => expect(field).toHaveValue('sara@acme-qa.test'), { timeout: 5_000 });
  });

  it('leaves the field empty without an invitation, and asks for none', async () => {
    window.history.replaceState(null, '', '/signup?type=company');
    answerRequests({});
    await renderForReader(<LoginPage />, { namespaces: ['auth', 'validation'] });
    expect(await screen.findByLabelText('E-mail', {}, { timeout: 10_000 })).toHaveValue('');
  });
});
