import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { AccountSecurity } from './account-security';

it('changes the password once when "Change Password" is tapped twice: the second would be refused, its current password no longer the one', async () => {
  const network = holdRequests();
  const sent = () => network.sent('POST /api/auth/password');
  await renderForReader(<AccountSecurity hasPassword />, { namespaces: ['auth', 'validation'] });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Current password'), 'old-password-1');
  await user.type(screen.getByLabelText(/^New password/), 'new-password-2');

  await doubleTap(screen.getByRole('button', { name: 'Change Password' }), sent);
  expect(sent()).toBe(1);

  network.answer(204);
  expect(await screen.findByText('Your password is changed. Your other devices are signed out.')).toBeTruthy();
  expect(sent()).toBe(1);
});
