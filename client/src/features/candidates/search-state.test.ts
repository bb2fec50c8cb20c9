import { describe, expect, it } from 'vitest';
import { readSearchState, searchStateQuery } from './search-state';

describe('the search read from the address of /dashboard', () => {
  it('keeps what the search accepts, lists with a space after a comma included', () => {
    const { filters } = readSearchState('q=welder&locations=Dubai, UAE,Doha, Qatar&minYears=2&maxYears=10&maxSalary=3000&salaryCurrency=AED&availableWithin=30');
    expect(filters).toMatchObject({ q: 'welder', locations: ['Dubai, UAE', 'Doha, Qatar'], minYears: '2', maxYears: '10', maxSalary: '3000', salaryCurrency: 'AED', availableWithin: '30' });
  });

  it('leaves out what the search would refuse, so the page searches without it instead of showing the refusal', () => {
    for (const [query, left] of [
      ['minYears=abc', 'minYears'],
      ['minYears=-5', 'minYears'],
      ['maxYears=2.5', 'maxYears'],
      ['maxYears=999', 'maxYears'],
      ['maxSalary=0', 'maxSalary'],
      ['salaryCurrency=XYZ', 'salaryCurrency'],
      ['availableWithin=forever', 'availableWithin'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      expect(readSearchState(query).filters[left], query).toBe('');
    }
    expect(readSearchState('industries=Construction,Astronaut,Construction').filters.industries).toEqual(['Construction']);
    // Read as the search reads it, so the filter panel shows the number searched.
    expect(readSearchState('minYears=1e1&maxYears= 12').filters).toMatchObject({ minYears: '10', maxYears: '12' });
    // A range the wrong way round means nothing: both ends are left out.
    expect(readSearchState('minYears=10&maxYears=2').filters).toMatchObject({ minYears: '', maxYears: '' });
    expect(searchStateQuery(readSearchState('minYears=abc&maxYears=5'))).toBe('maxYears=5');
  });
});
