// Hydrating a page the server rendered is one long task in Preact: on a slow phone the page then does not answer a
// tap for a few hundred milliseconds. Parts wrapped here hydrate one task after another instead, each keeping the
// server's HTML as it is until its turn (docs/decisions/0053).
import { Suspense, useEffect, useState, type ReactNode } from 'react';

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

// True while the page the server sent is being hydrated; a page the browser renders itself hydrates nothing.
let firstPage = typeof window !== 'undefined' && Boolean(document.getElementById('root')?.hasChildNodes());
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

/** Hydrates `children` in a task of its own after the parts before it; renders them at once on any later page. */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (firstPage ? takeTurn() : null));
  if (!turn) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

/** Called by the page once it is on the screen: the parts of later pages render at once. */
export function useFirstPageHydrated() {
  useEffect(() => {
    firstPage = false;
  }, []);
}
