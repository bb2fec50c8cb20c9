import { useState } from 'react';
import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CandidateOptionCounts } from '#shared/candidates.ts';
import { renderForReader } from '@/test/render';
import arabic from '@/locales/ar/candidates.json';
import { EMPTY_FILTERS, type CandidateFilters } from '../api/search-candidates';
import { FilterPanel } from './filter-panel';

/** The panel on the search page: the page keeps the filters and searches with each change it is told of. */
function SearchPage({ counts, search }: { counts?: CandidateOptionCounts; search: (filters: CandidateFilters) => void }) {
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  return (
    <>
      <FilterPanel
        idPrefix="filters"
        filters={filters}
        counts={counts}
        onChange={(next) => {
          setFilters(next);
          search(next);
        }}
      />
      <button type="button" onClick={() => setFilters(EMPTY_FILTERS)}>
        Clear
      </button>
    </>
  );
}

const showPanel = async (options: { counts?: CandidateOptionCounts; language?: 'en' | 'ar' } = {}) => {
  const search = vi.fn<(filters: CandidateFilters) => void>();
  await renderForReader(<SearchPage counts={options.counts} search={search} />, { language: options.language, namespaces: ['candidates', 'options'] });
  return { search, user: userEvent.setup({ delay: null }) };
};

describe('the filter panel', () => {
  it('searches at once when a trade is ticked or unticked, with no Apply step', async () => {
    const { search, user } = await showPanel();
    const industries = screen.getByRole('group', { name: 'Industries' });
    const construction = within(industries).getByRole('checkbox', { name: 'Construction' });
    expect(construction).not.toBeChecked();

    await user.click(construction);
    expect(construction).toBeChecked();
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ industries: ['Construction'] }));

    await user.click(within(industries).getByRole('checkbox', { name: 'Hospitality' }));
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ industries: ['Construction', 'Hospitality'] }));
    await user.click(construction);
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ industries: ['Hospitality'] }));
    expect(screen.queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
  });

  it('says how many each option would find, as the option’s description and not its name', async () => {
    await showPanel({ counts: { industries: { Construction: 1204, Retail: 3 }, locations: null, languages: { English: 0 } } });
    const construction = screen.getByRole('checkbox', { name: 'Construction' });
    expect(construction).toHaveAccessibleDescription('1,204');
    expect(screen.getByRole('checkbox', { name: 'Hospitality' })).toHaveAccessibleDescription('0');
    expect(screen.getByRole('checkbox', { name: 'English' })).toHaveAccessibleDescription('0');
    // Too many matches to count by location: no numbers there.
    expect(screen.getByRole('checkbox', { name: 'Dubai, UAE' })).not.toHaveAccessibleDescription();
  });

  it('tells when the minimum years are above the maximum, and searches only once they make sense', async () => {
    const { search, user } = await showPanel();
    const min = screen.getByRole('spinbutton', { name: 'Minimum years of experience' });
    const max = screen.getByRole('spinbutton', { name: 'Maximum years of experience' });

    await user.type(max, '5');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ minYears: '', maxYears: '5' }));
    search.mockClear();
    await user.type(min, '10');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum years must not be more than the maximum.');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription('The minimum years must not be more than the maximum.');
    // '1' was in order and searched; '10' is kept in the box as typed, not searched.
    expect(search).toHaveBeenCalledTimes(1);
    expect(min).toHaveValue(10);

    await user.clear(max);
    await user.type(max, '12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ minYears: '10', maxYears: '12' }));
  });

  it('tells when the years are not whole years from 0 to 50, and does not search with them', async () => {
    const { search, user } = await showPanel();
    const min = screen.getByRole('spinbutton', { name: 'Minimum years of experience' });
    for (const typed of ['60', '-5']) {
      await user.clear(min);
      search.mockClear();
      await user.type(min, typed);
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter whole years from 0 to 50.');
      expect(min).toHaveAccessibleDescription('Please enter whole years from 0 to 50.');
      expect(search).not.toHaveBeenCalledWith(expect.objectContaining({ minYears: typed }));
    }
    await user.clear(min);
    await user.type(min, '5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ minYears: '5' }));
  });

  it('empties the years boxes when the filters are cleared elsewhere', async () => {
    const { user } = await showPanel();
    const min = screen.getByRole('spinbutton', { name: 'Minimum years of experience' });
    await user.type(min, '3');
    expect(min).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(min).toHaveValue(null);
  });

  it('adds nationalities as removable chips, each offered once', async () => {
    const { search, user } = await showPanel();
    const add = screen.getByRole('combobox', { name: 'Add a nationality' });
    await user.selectOptions(add, 'IN');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ nationalities: ['IN'] }));
    const remove = screen.getByRole('button', { name: 'Remove filter: India' });
    expect(within(add).getByRole('option', { name: 'India' })).toBeDisabled();
    // The box goes back to its prompt, ready for another.
    expect(add).toHaveValue('');

    await user.click(remove);
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ nationalities: [] }));
    expect(screen.queryByRole('button', { name: 'Remove filter: India' })).not.toBeInTheDocument();
    expect(within(add).getByRole('option', { name: 'India' })).toBeEnabled();
  });

  it('takes a salary in whole amounts with its currency, AED unless chosen', async () => {
    const { search, user } = await showPanel();
    const amount = screen.getByRole('spinbutton', { name: 'At most, a month' });
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('AED');

    await user.type(amount, '3000');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ maxSalary: '3000', salaryCurrency: 'AED' }));
    // Its label is still shown with a number typed (a placeholder would have gone): the amount is the most.
    expect(screen.getByText('At most, a month').tagName).toBe('LABEL');
    await user.selectOptions(currency, 'SAR');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ maxSalary: '3000', salaryCurrency: 'SAR' }));
  });

  it('picks one start date at a time', async () => {
    const { search, user } = await showPanel();
    const start = screen.getByRole('group', { name: 'Can start' });
    expect(within(start).getByRole('radio', { name: 'Any time' })).toBeChecked();
    await user.click(within(start).getByRole('radio', { name: 'Within 30 days' }));
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ availableWithin: '30' }));
    expect(within(start).getByRole('radio', { name: 'Any time' })).not.toBeChecked();
  });

  it('speaks Arabic to an Arabic reader', async () => {
    const { user } = await showPanel({ language: 'ar' });
    expect(screen.getByRole('group', { name: arabic.filters.industries })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: arabic.filters.hasVideo })).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: arabic.filters.maxYears }), '2');
    await user.type(screen.getByRole('spinbutton', { name: arabic.filters.minYears }), '9');
    expect(screen.getByRole('alert')).toHaveTextContent(arabic.filters.yearsOrder);
    // The currencies by their code and their Arabic name, as the amounts in the chips are written in Arabic too.
    const currency = screen.getByRole('combobox', { name: arabic.filters.salaryCurrency });
    expect(within(currency).getByRole('option', { selected: true })).toHaveTextContent(/^AED · درهم/);
    expect(within(currency).getAllByRole('option').map((option) => option.textContent)).toContain(`SAR · ${new Intl.DisplayNames(['ar'], { type: 'currency' }).of('SAR')}`);
  });
});
