// Hydrating a page the server rendered is one long task in Preact: on a slow phone the page then does not answer a
// tap for a few hundred milliseconds. Parts wrapped here hydrate one task after another instead, each keeping the
// server's HTML as it is until its turn (docs/decisions/0053).
import { Suspense, useState, type ReactNode } from 'react';
import { whenPageShown } from '@/lib/page-shown';
import { pageArrivedRendered } from '@/lib/server-rendered';

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

// True while the page the server sent is being hydrated; a page the browser renders itself hydrates nothing. Read from
// what the page held before the app's first render: by the time this module loads, the app may have drawn its outline.
// Once the first page is on the screen, the parts of later pages render at once.
let firstPage = typeof window !== 'undefined' && pageArrivedRendered;
whenPageShown(() => (firstPage = false));
let lastTurn: Promise<void> = Promise.resolve();

function takeTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = lastTurn = lastTurn
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      turn.done = true;
    });
  return turn;
}

function WaitForTurn({ turn, children }: { turn: Turn; children: ReactNode }) {
  if (!turn.done) throw turn.promise;
  return children;
}

/**
 * Hydrates `children` in a task of its own after the parts before it; renders them at once on any later page.
 * `children` must render one root element: while a part waits, Preact keeps the server's first node of it only.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (firstPage ? takeTurn() : null));
  if (!turn) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}
