import { useRef } from 'react';

/**
 * Sends one request at a time: `sendOnce(() => mutation.mutateAsync(...))` drops a second call made before the first
 * has been answered. A button disabled by the mutation's `isPending` is drawn too late for a double tap: the second
 * tap comes while the form is still checking what was typed, or before the page has been drawn again, and the server
 * would refuse the repeat (a 409 over the first one's success) or do it twice.
 */
export function useSendOnce() {
  const sending = useRef(false);
  return async (send: () => Promise<unknown>): Promise<void> => {
    if (sending.current) return;
    sending.current = true;
    try {
      await send();
    } catch {
      // A refusal is told by the caller (the mutation's onError); it only ends the sending.
    } finally {
      sending.current = false;
    }
  };
}
