// Keys typed one task apart, as a browser delivers them: the page is drawn again between them.
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './paged-list';

function showSearchBox() {
  const onSearch = vi.fn();
  render(<SearchBox label="Search payments" onSearch={onSearch} />);
  return { onSearch, box: screen.getByRole('searchbox', { name: 'Search payments' }) };
}

describe("a console list's search box", () => {
  it('searches once typing pauses, not at every key', async () => {
    const { onSearch, box } = showSearchBox();
    await userEvent.setup().type(box, '  acme ');
    await waitFor(() => expect(onSearch).toHaveBeenCalled(), { timeout: 5_000 });
    expect(onSearch.mock.calls).toEqual([['acme']]);
  });

  it('searches at once on Enter', async () => {
    const { onSearch, box } = showSearchBox();
    await userEvent.setup().type(box, 'WZ-2026{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('WZ-2026');
  });

  it('shows the whole list again as soon as the box is emptied', async () => {
    const { onSearch, box } = showSearchBox();
    const user = userEvent.setup();
    await user.type(box, 'acme{Enter}');
    await user.clear(box);
    // Applied only on Enter, an emptied box left the list filtered by the text no longer in it.
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch.mock.calls).toEqual([['acme'], ['']]);
  });
});
