// A sign-in form whose checks could not be loaded (the connection dropped as they came) still goes: the server checks
// what was typed too, and answers.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { renderForReader } from '@/test/render';
import { SignInForm } from './auth-form';

vi.mock('../lib/auth-form-checks', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('sends the form as typed, and shows what the server answers', async () => {
  const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ code: 'auth.invalid_credentials', message: 'Invalid e-mail or password' }, { status: 401 }));
  await renderForReader(<SignInForm />, { namespaces: ['auth', 'validation', 'errors'] });
  fireEvent.submit(screen.getByRole('button', { name: 'Sign In' }).closest('form')!);
  await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
  expect(String(fetched.mock.calls[0]![0])).toContain('/api/auth/login');
  expect(await screen.findByText('Sign-in failed')).toBeTruthy();
});
