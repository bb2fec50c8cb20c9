import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@/hooks/use-toast';
import { renderForReader } from '@/test/render';

/** The frame after everything already asked for one (where the toaster reads the focus). */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function viewport(): HTMLElement {
  return screen.getByRole('region', { name: /\(F8\)$/ }).querySelector('ol')!;
}

/** A note being typed near the bottom of the screen, and the button under it that sends it. */
async function renderForm() {
  await renderForReader(
    <form>
      <textarea aria-label="Note" />
      <button type="submit">Send</button>
    </form>,
  );
  const note = screen.getByRole('textbox', { name: 'Note' });
  const lowerHalf = window.innerHeight * 0.8;
  note.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: lowerHalf, width: 300, height: 40 });
  return { note, send: screen.getByRole('button', { name: 'Send' }) };
}

afterEach(() => act(() => dismissToast()));

describe('the toaster', () => {
  it('moves a toast up, away from a field being typed in near the bottom', async () => {
    const { note } = await renderForm();
    act(() => void toast({ title: 'Saved' }));
    expect(viewport().dataset.placement).toBe('bottom');
    act(() => note.focus());
    await waitFor(() => expect(viewport().dataset.placement).toBe('top'));
  });

  it('breaks a long name with no space in it inside the toast, rather than running past its edge', async () => {
    await renderForReader(<p>page</p>);
    const name = `Search saved: ${'S'.repeat(80)}`;
    act(() => void toast({ title: name }));
    // The texts' box may shrink below its words' width and breaks them anywhere (layout is a browser's: the class says it).
    expect((await screen.findByText(name)).parentElement).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
  });

  it('keeps a shown toast up when focus goes to the button below, so it never slides under the press', async () => {
    const { note, send } = await renderForm();
    act(() => void toast({ title: 'Saved' }));
    act(() => note.focus());
    await waitFor(() => expect(viewport().dataset.placement).toBe('top'));
    act(() => send.focus());
    await nextFrame();
    expect(viewport().dataset.placement).toBe('top');
    // Once no toast is shown, the next one goes back to the bottom.
    act(() => dismissToast());
    await waitFor(() => expect(viewport().dataset.placement).toBe('bottom'));
  });

  it('lets presses through the strip around the toasts', async () => {
    await renderForm();
    expect(viewport().className).toContain('pointer-events-none');
    act(() => void toast({ title: 'Saved' }));
    expect(viewport().querySelector('li')?.className).toContain('pointer-events-auto');
  });
});
