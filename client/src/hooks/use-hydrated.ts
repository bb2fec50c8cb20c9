import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the server renders and while the page it rendered is hydrated, true after (and at once in a page the
 * browser renders alone): for what only the browser can know, such as its cookies and languages, so that hydration
 * sees what the server rendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
