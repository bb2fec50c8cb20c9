import { fireEvent, render, screen } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/lib/auth';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { signedInJobSeeker } from '@/test/current-user';
import { useLogIn } from './log-in';

afterEach(() => i18n.changeLanguage('en'));

function SignInButton() {
  const logIn = useLogIn();
  return (
    <button type="button" onClick={() => logIn.mutate({ email: 'amina@example.com', password: 'a good long password' })}>
      {logIn.isSuccess ? 'Signed in' : 'Sign in'}
    </button>
  );
}

describe('signing in', () => {
  it("shows the signed-in page only once the account's language and its texts are in place", async () => {
    await i18n.changeLanguage('en');
    const user = signedInJobSeeker({ locale: 'ar' });
    vi.mocked(fetch).mockResolvedValue(new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } }));
    const queryClient = createQueryClient();
    // What the page reads the moment the app learns who signed in (and moves on to their page).
    const seenWithTheUser: string[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey.join('/') === currentUserQuery.queryKey.join('/') && event.query.state.data) {
        seenWithTheUser.push(`${i18n.language} ${document.documentElement.dir} ${i18n.hasLoadedNamespace('common', { lng: 'ar' })}`);
      }
    });
    render(
      <QueryClientProvider client={queryClient}>
        <SignInButton />
      </QueryClientProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Signed in' });
    expect(seenWithTheUser).toEqual(['ar rtl true']);
  });
});
