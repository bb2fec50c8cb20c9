import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderForReader } from '@/test/render';
import { EMPTY_FILTERS } from '../api/search-candidates';
import { ActiveFilterChips } from './active-filter-chips';

describe('the active filters', () => {
  it('cut a long search text short in its chip, its remove button kept on screen and naming the whole text', async () => {
    const word = 'a'.repeat(200);
    await renderForReader(<ActiveFilterChips filters={{ ...EMPTY_FILTERS, q: word }} onChange={() => {}} />, { namespaces: ['candidates', 'options'] });
    const chip = await screen.findByRole('button', { name: `Remove filter: “${word}”` });
    expect(chip).toHaveAttribute('title', `“${word}”`);
    // The chip has a width it stops at; its text, not its ×, gives way, ending in an ellipsis.
    expect(chip).toHaveClass('max-w-60', 'sm:max-w-xs');
    expect(chip.querySelector('bdi')).toHaveClass('min-w-0', 'truncate');
    expect(chip.querySelector('svg')).toHaveClass('shrink-0');
  });
});
