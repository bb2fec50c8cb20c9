// Keys typed one task apart, as a browser delivers them: the page is drawn again between them.
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { adminListQuery } from '../api/admin-list';
import { PagedList, SearchBox } from './paged-list';

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

  it('stops at the longest search the console takes, which the server would refuse in English', async () => {
    const { onSearch, box } = showSearchBox();
    await userEvent.setup().type(box, `${'x'.repeat(120)}{Enter}`);
    expect(onSearch).toHaveBeenLastCalledWith('x'.repeat(100));
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

/** A console list with its search box, as the payments page has them. */
function SearchedList() {
  const [q, setQ] = useState('');
  const query = useInfiniteQuery(adminListQuery<{ id: string; name: string }>('/api/admin/things', { q }));
  return (
    <>
      <SearchBox label="Search payments" onSearch={setQ} />
      <PagedList query={query} empty="Nothing found.">
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item.id}>{item.name}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

describe('a console list searched', () => {
  it('keeps the list it replaces in view, dimmed and busy, until the new one comes, then says the new total', async () => {
    const network = holdRequests();
    await renderForReader(<SearchedList />, { namespaces: ['admin'] });
    await waitFor(() => expect(network.sent('GET /api/admin/things?')).toBe(1));
    network.answer(200, { items: [{ id: '1', name: 'Acme Trading' }, { id: '2', name: 'Gulf Build' }], total: 2, nextCursor: null });
    const total = await screen.findByText('2 in all');
    expect(total).toHaveAttribute('aria-live', 'polite');

    await userEvent.setup().type(screen.getByRole('searchbox'), 'gulf{Enter}');
    await waitFor(() => expect(network.sent('GET /api/admin/things?q=gulf')).toBe(1));
    // No skeleton while the search is read: the last list, marked busy.
    expect(screen.getByText('Acme Trading')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(total.parentElement).toHaveAttribute('aria-busy', 'true');

    network.answer(200, { items: [{ id: '2', name: 'Gulf Build' }], total: 1, nextCursor: null });
    await waitFor(() => expect(screen.queryByText('Acme Trading')).not.toBeInTheDocument());
    expect(screen.getByText('1 in all').parentElement).toHaveAttribute('aria-busy', 'false');
  });
});
