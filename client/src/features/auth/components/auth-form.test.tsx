// The sign-in and sign-up forms load their checks apart, when the person first reaches a field
// (features/auth/lib/auth-form-checks.ts). A form sent before that, with nothing focused, is still checked: the
// fields' messages show in the reader's language and nothing is sent. A double tap, checked twice, is sent once.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { signedInJobSeeker } from '@/test/current-user';
import { renderForReader } from '@/test/render';
import { SignInForm, SignUpForm } from './auth-form';

afterEach(() => {
  vi.restoreAllMocks();
});

it('checks a sign-in form sent before any field was reached, and sends nothing', async () => {
  const fetched = vi.spyOn(globalThis, 'fetch');
  await renderForReader(<SignInForm />, { namespaces: ['auth', 'validation'] });
  fireEvent.submit(screen.getByRole('button', { name: 'Sign In' }).closest('form')!);
  expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
  expect(screen.getByText('Please enter your password')).toBeTruthy();
  expect(fetched).not.toHaveBeenCalled();
});

it('checks a sign-up form in Arabic once typed into, and sends nothing', async () => {
  const fetched = vi.spyOn(globalThis, 'fetch');
  await renderForReader(<SignUpForm role="job_seeker" />, { language: 'ar', namespaces: ['auth', 'validation'] });
  await userEvent.type(screen.getByLabelText(/البريد الإلكتروني/), 'ravi@example.com');
  await userEvent.type(screen.getByLabelText(/^كلمة المرور/), 'short');
  fireEvent.submit(screen.getByLabelText(/البريد الإلكتروني/).closest('form')!);
  expect(await screen.findByText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل')).toBeTruthy();
  expect(fetched).not.toHaveBeenCalled();
});

it('takes the person to the first refused field, the e-mail address, not the password below it', async () => {
  await renderForReader(<SignInForm />, { namespaces: ['auth', 'validation'] });
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
  expect(screen.getByLabelText('E-mail')).toHaveFocus();
});

it('takes the person signing up to the e-mail address when it and the password are refused', async () => {
  await renderForReader(<SignUpForm role="job_seeker" />, { namespaces: ['auth', 'validation'] });
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
  expect(screen.getByLabelText('E-mail')).toHaveFocus();
});

it('creates the account once when "Create Account" is tapped twice before the first has been answered', async () => {
  const network = holdRequests();
  const sent = () => network.sent('POST /api/auth/signup');
  await renderForReader(<SignUpForm role="job_seeker" />, { namespaces: ['auth', 'validation'] });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('E-mail'), 'ravi@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'chosen-password-1');

  await doubleTap(screen.getByRole('button', { name: 'Create Account' }), sent);
  expect(sent()).toBe(1);

  // Once answered (a refusal, say), it may be sent again.
  network.answer(500);
  expect(await screen.findByText('Sign-up failed')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  await waitFor(() => expect(sent()).toBe(2));
});

it('signs in once when "Sign In" is tapped twice: the second would open another session', async () => {
  const network = holdRequests();
  const sent = () => network.sent('POST /api/auth/login');
  await renderForReader(<SignInForm />, { namespaces: ['auth', 'validation'] });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('E-mail'), 'ravi@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'chosen-password-1');

  await doubleTap(screen.getByRole('button', { name: 'Sign In' }), sent);
  expect(sent()).toBe(1);
});

it("takes the sign-up page's place in the history once the account is made: Back does not return to the form", async () => {
  const network = holdRequests();
  const pushed = vi.spyOn(window.history, 'pushState');
  const replaced = vi.spyOn(window.history, 'replaceState');
  await renderForReader(<SignUpForm role="job_seeker" />, { namespaces: ['auth', 'validation'] });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('E-mail'), 'ravi@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'chosen-password-1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  await waitFor(() => expect(network.sent('POST /api/auth/signup')).toBe(1));
  network.answer(201, signedInJobSeeker({ email: 'ravi@example.com', emailVerified: false }));

  await waitFor(() => expect(replaced).toHaveBeenCalledWith(null, '', '/create-profile'));
  expect(pushed).not.toHaveBeenCalled();
});
