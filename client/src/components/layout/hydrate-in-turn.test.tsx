import { act } from '@testing-library/preact';
import { useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Counts the browser's tasks: a timer that sets itself again runs between any two other tasks set after it. */
let task = 0;
let ticking = false;
function tick() {
  task += 1;
  if (ticking) setTimeout(tick, 0);
}

/** A part that says in which task it was hydrated, and answers a click only once it has been. */
function Part({ name, hydrated, clicked }: { name: string; hydrated: string[]; clicked: string[] }) {
  const renderedIn = task;
  useEffect(() => void hydrated.push(`${name} in task ${renderedIn}`), [hydrated, name, renderedIn]);
  return (
    <button type="button" onClick={() => clicked.push(name)}>
      {name}
    </button>
  );
}

afterEach(() => {
  ticking = false;
  document.body.innerHTML = '';
  vi.resetModules();
});

describe('hydrating in turns', () => {
  it('takes over the page the server sent one part per task, in order, keeping its nodes', async () => {
    const hydrated: string[] = [];
    const clicked: string[] = [];
    const page = (Wrap: (props: { children: ReactNode }) => ReactNode) => (
      <main>
        <Wrap>
          <Part name="header" hydrated={hydrated} clicked={clicked} />
        </Wrap>
        <Wrap>
          <Part name="form" hydrated={hydrated} clicked={clicked} />
        </Wrap>
      </main>
    );
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderToString(page(({ children }) => children));
    document.body.append(root);
    const serverButtons = [...root.querySelectorAll('button')];
    // The module reads, as it loads, whether the page arrived rendered.
    const { HydrateInTurn } = await import('./hydrate-in-turn');

    ticking = true;
    tick();
    act(() => void hydrateRoot(root, page(HydrateInTurn)));
    // Nothing is taken over in the task that hydrates: the page stays as the server sent it.
    expect(hydrated).toEqual([]);
    serverButtons[1]!.click();
    expect(clicked).toEqual([]);

    await vi.waitFor(() => expect(hydrated).toHaveLength(2));
    const [header, form] = hydrated.map((entry) => /^(\w+) in task (\d+)$/.exec(entry)!);
    expect([header![1], form![1]]).toEqual(['header', 'form']);
    expect(Number(form![2])).toBeGreaterThan(Number(header![2]));
    // The server's nodes, taken over rather than drawn again.
    expect([...root.querySelectorAll('button')]).toEqual(serverButtons);
    serverButtons[1]!.click();
    expect(clicked).toEqual(['form']);
  });

  it('renders at once on a page the browser draws itself, though its outline is in the page when the part loads', async () => {
    const hydrated: string[] = [];
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    // The app reads, before its first render, that the page arrived empty; then it draws its outline while the page's
    // code (this part among it) loads.
    await import('@/lib/server-rendered');
    root.innerHTML = '<div aria-busy="true">Loading</div>';
    const { HydrateInTurn } = await import('./hydrate-in-turn');
    root.replaceChildren();

    act(() =>
      createRoot(root).render(
        <HydrateInTurn>
          <Part name="form" hydrated={hydrated} clicked={[]} />
        </HydrateInTurn>,
      ),
    );
    expect(hydrated).toEqual([`form in task ${task}`]);
    expect(root.querySelector('button')).toHaveTextContent('form');
  });
});
