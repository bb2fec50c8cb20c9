// A double tap on a form's button over a slow connection: the requests wait until the test answers them, and the
// test counts what reached the server.
import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/preact';
import { expect, vi } from 'vitest';

export function holdRequests() {
  const waiting: Array<(response: Response) => void> = [];
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>((resolve) => waiting.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return {
    /** How many requests went to `request` ('POST /api/reports'). */
    sent: (request: string) => fetch.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === request).length,
    /** Answers the oldest request still waiting. */
    answer: (status: number, body: unknown = {}) =>
      waiting.shift()?.(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  };
}

/**
 * Taps `button` twice, the second tap before the page has been drawn again (a browser handles a tap before its
 * timers), and waits until `request` has been sent and a second one would have followed: each tap's checking of the
 * form and sending are promises, all settled by the event loop's next turn (no timer is waited for).
 */
export async function doubleTap(button: HTMLElement, sent: () => number) {
  await userEvent.setup({ delay: null }).dblClick(button);
  await waitFor(() => expect(sent()).toBeGreaterThan(0));
  await new Promise((resolve) => setImmediate(resolve));
}
