import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInJobSeeker } from '@/test/current-user';
import { currentUserQuery } from './auth';
import i18n from './i18n';
import { createQueryClient } from './query-client';

afterEach(() => i18n.changeLanguage('en'));

/** Fetches who is signed in; answers what the page read the moment the app learnt it. */
async function learnWhoIsSignedIn(answer: Response) {
  vi.mocked(fetch).mockResolvedValue(answer);
  const queryClient = createQueryClient();
  const seen: string[] = [];
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      seen.push(`${i18n.language} ${document.documentElement.dir} ${i18n.hasLoadedNamespace('common', { lng: 'ar' })}`);
    }
  });
  await queryClient.fetchQuery(currentUserQuery);
  return seen;
}

describe('who is signed in', () => {
  it("is known once the account's language and its texts are in place, on a page opened in another", async () => {
    await i18n.changeLanguage('en');
    const user = signedInJobSeeker({ locale: 'ar' });
    const seen = await learnWhoIsSignedIn(new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(seen).toEqual(['ar rtl true']);
  });

  it("leaves a visitor's page in its language", async () => {
    await i18n.changeLanguage('en');
    const seen = await learnWhoIsSignedIn(new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }));
    expect(seen.map((reading) => reading.split(' ').slice(0, 2).join(' '))).toEqual(['en ltr']);
  });
});
