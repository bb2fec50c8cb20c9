import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { doubleTap } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { SignUpPasswordForm } from './sign-up-password-form';

it('confirms the address once when "Confirm and Sign In" is tapped twice: the link is spent by the first', async () => {
  const onSubmit = vi.fn((_password: string) => new Promise<void>(() => {}));
  await renderForReader(<SignUpPasswordForm pending={false} onSubmit={onSubmit} />, { namespaces: ['auth', 'validation'] });
  await userEvent.setup({ delay: null }).type(screen.getByLabelText('Password'), 'chosen-password-1');

  await doubleTap(screen.getByRole('button', { name: 'Confirm and Sign In' }), () => onSubmit.mock.calls.length);
  expect(onSubmit).toHaveBeenCalledTimes(1);
});
