import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { DeleteAccountPanel } from './delete-account-panel';

it('asks once to delete the account when the red button is tapped twice: the second came signed out, refused', async () => {
  const network = holdRequests();
  const sent = () => network.sent('POST /api/account/deletion');
  await renderForReader(<DeleteAccountPanel hasPassword returnTo="/account" />, { namespaces: ['account-data'] });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.type(screen.getByLabelText('Your password'), 'my-password-1');

  await doubleTap(screen.getByRole('button', { name: 'Delete my account now' }), sent);
  expect(sent()).toBe(1);
});

it('takes the focus to its warning when opened, then the password, and back to its button when cancelled', async () => {
  await renderForReader(<DeleteAccountPanel hasPassword returnTo="/profile" />, { namespaces: ['account-data'] });
  const user = userEvent.setup({ delay: null });
  screen.getByRole('button', { name: 'Delete my account' }).focus();
  await user.keyboard('{Enter}');
  expect(document.activeElement?.textContent).toMatch(/cannot be undone/i);
  await user.tab();
  expect(screen.getByLabelText('Your password')).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
});

it('leaves the focus where it is when the form opens by itself, back from signing in again to confirm', async () => {
  window.location.hash = '#delete-account';
  try {
    await renderForReader(<DeleteAccountPanel hasPassword={false} returnTo="/profile" />, { namespaces: ['account-data'] });
    expect(screen.getByRole('button', { name: 'Delete my account now' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  } finally {
    window.location.hash = '';
  }
});
