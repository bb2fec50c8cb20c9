import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { profileVideoQuery } from './get-profile-video';

describe("the profile video's status", () => {
  it('is abandoned, not refused, when the page lets go of its data (the account deleted, say)', async () => {
    // Asked every few seconds while the video is made playable: one may be in flight as the account goes, and its
    // 401 would be an error in the browser's console.
    let sent: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent = init.signal ?? undefined;
        return new Promise<Response>(() => {});
      }),
    );
    const queryClient: QueryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, profileVideoQuery('/objects/video/1'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent!.aborted).toBe(false);
    queryClient.clear();
    expect(sent!.aborted).toBe(true);
    unsubscribe();
  });
});
