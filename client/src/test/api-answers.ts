// What the API answers a part's requests in a component test, by path (the query string aside); any other request
// fails as setup.ts makes every request fail.
import { vi } from 'vitest';

export function answerRequests(answers: Record<string, unknown>) {
  vi.mocked(fetch).mockImplementation((input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (!(path in answers)) return Promise.reject(new Error(`A component test reached for the network: ${String(input)}`));
    return Promise.resolve(new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
}
