import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { doubleTap } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { NewPasswordForm } from './new-password-form';

it('sends the new password once when its button is tapped twice: the link is spent by the first', async () => {
  const onSubmit = vi.fn((_password: string) => new Promise<void>(() => {}));
  await renderForReader(<NewPasswordForm submitLabel="Save New Password" submittingLabel="Saving..." pending={false} onSubmit={onSubmit} />, {
    namespaces: ['auth', 'validation'],
  });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^New password/), 'new-password-2');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');

  await doubleTap(screen.getByRole('button', { name: 'Save New Password' }), () => onSubmit.mock.calls.length);
  expect(onSubmit).toHaveBeenCalledTimes(1);
});
