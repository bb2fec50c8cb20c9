import { useEffect, useState } from 'react';
import { act, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderForReader } from '@/test/render';
import { pageWithItsOwnBoundary } from './page-boundary';

// A part of a page whose texts never arrive: it waits as long as the page is shown.
const renders = { count: 0 };
const never = new Promise<never>(() => {});
function WaitsForItsTexts(): never {
  renders.count++;
  throw never;
}

function PageOfTwoParts() {
  return (
    <main>
      <WaitsForItsTexts />
      <WaitsForItsTexts />
    </main>
  );
}

let goToNextPage = () => {};
function Pages({ First }: { First: React.ComponentType }) {
  const [page, setPage] = useState<'first' | 'next'>('first');
  useEffect(() => {
    goToNextPage = () => setPage('next');
  }, []);
  return page === 'first' ? <First /> : <h1>The next page</h1>;
}

describe('a page with its own boundary', () => {
  it('shows its outline while it waits, and is not rendered again once left while two of its parts still wait', async () => {
    const First = pageWithItsOwnBoundary(async () => ({ default: PageOfTwoParts }));
    // Under the app's own boundary, as in the app (renderForReader gives one).
    await renderForReader(<Pages First={First} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await vi.waitFor(() => expect(renders.count).toBe(2));

    await act(() => goToNextPage());
    await screen.findByRole('heading', { name: 'The next page' });
    // Each part rendered once, when it was on the page: none again after it was taken off.
    expect(renders.count).toBe(2);
  });
});
