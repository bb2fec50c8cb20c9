import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { doubleTap, holdRequests } from '@/test/double-tap';
import { renderForReader } from '@/test/render';
import { SaveSearchButton } from './save-search-button';

beforeEach(() => {
  // jsdom has the dialog element but not its modal: shown, it is open.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('the save-search dialog', () => {
  it('saves the search once when its button is tapped twice: the second made a second saved search', async () => {
    const network = holdRequests();
    const sent = () => network.sent('POST /api/saved-searches');
    await renderForReader(<SaveSearchButton query="trade=electrician" suggestedName="Electricians" />, { namespaces: ['candidates', 'validation'] });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save search' }));
    await doubleTap(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }), sent);
    expect(sent()).toBe(1);

    network.answer(201, { id: 'search-1', name: 'Electricians' });
    expect(await screen.findByText('Search saved: Electricians')).toBeTruthy();
    expect(sent()).toBe(1);
  });
});
