// Above the results: one chip per active filter, each with its own remove button, and Clear for all of them.
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOptionText, type OptionList } from '@/lib/option-text';
import { formatNumber } from '@/lib/format';
import { useFactText } from '@/lib/fact-text';
import { EMPTY_FILTERS, type CandidateFilters } from '../api/search-candidates';

interface Chip {
  key: string;
  label: string;
  without: CandidateFilters;
}

function useChips(filters: CandidateFilters): Chip[] {
  const { t, i18n } = useTranslation('candidates');
  const { optionText } = useOptionText();
  const { countryName, visaText, licenceText } = useFactText();
  const chips: Chip[] = [];
  if (filters.q.trim()) chips.push({ key: 'q', label: t('chips.text', { text: filters.q.trim() }), without: { ...filters, q: '' } });
  for (const list of ['industries', 'locations', 'languages'] as const satisfies readonly OptionList[]) {
    for (const value of filters[list]) {
      chips.push({ key: `${list}:${value}`, label: optionText(list, value), without: { ...filters, [list]: filters[list].filter((v) => v !== value) } });
    }
  }
  const { minYears, maxYears } = filters;
  if (minYears !== '' || maxYears !== '') {
    const min = formatNumber(Number(minYears));
    const max = formatNumber(Number(maxYears));
    const label =
      minYears !== '' && maxYears !== ''
        ? t('chips.yearsBetween', { min, max })
        : minYears !== ''
          ? t('chips.yearsAtLeast', { count: Number(minYears) })
          : t('chips.yearsAtMost', { count: Number(maxYears) });
    chips.push({ key: 'years', label, without: { ...filters, minYears: '', maxYears: '' } });
  }
  const facts = [
    ['visaStatuses', visaText],
    ['inCountries', (code: string) => t('chips.inCountry', { country: countryName(code) })],
    ['nationalities', countryName],
    ['licences', licenceText],
  ] as const;
  for (const [list, text] of facts) {
    for (const value of filters[list]) {
      chips.push({ key: `${list}:${value}`, label: text(value), without: { ...filters, [list]: filters[list].filter((v) => v !== value) } });
    }
  }
  if (filters.availableWithin !== '') {
    const days = Number(filters.availableWithin);
    chips.push({ key: 'available', label: days === 0 ? t('chips.availableNow') : t('chips.availableWithin', { days: formatNumber(days) }), without: { ...filters, availableWithin: '' } });
  }
  if (filters.maxSalary !== '' && filters.salaryCurrency) {
    const amount = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: filters.salaryCurrency, maximumFractionDigits: 0 }).format(Number(filters.maxSalary));
    chips.push({ key: 'salary', label: t('chips.salaryUpTo', { amount }), without: { ...filters, maxSalary: '' } });
  }
  if (filters.hasVideo) chips.push({ key: 'hasVideo', label: t('filters.hasVideo'), without: { ...filters, hasVideo: false } });
  if (filters.fresh) chips.push({ key: 'fresh', label: t('filters.freshChip'), without: { ...filters, fresh: false } });
  return chips;
}

export function ActiveFilterChips({ filters, onChange }: { filters: CandidateFilters; onChange: (next: CandidateFilters) => void }) {
  const { t } = useTranslation('candidates');
  const chips = useChips(filters);
  if (chips.length === 0) return null;
  return (
    // One row that scrolls sideways on a phone, so the cards stay in view; wrapped on wider screens.
    <div className="-mx-4 mt-3 flex items-center gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
      <ul className="flex shrink-0 gap-2 sm:flex-wrap sm:shrink" aria-label={t('chips.label')}>
        {chips.map((chip) => (
          <li key={chip.key} className="min-w-0">
            {/* A long search text is cut short with an ellipsis, the × kept in view: the button's name and title
                hold the whole text. */}
            <button
              type="button"
              onClick={() => onChange(chip.without)}
              aria-label={t('chips.remove', { filter: chip.label })}
              title={chip.label}
              className="inline-flex min-h-9 max-w-60 items-center gap-1.5 whitespace-nowrap rounded-full border border-brand-200 bg-brand-50 ps-3 pe-2 text-sm font-medium text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:max-w-xs"
            >
              <bdi className="min-w-0 truncate">{chip.label}</bdi>
              <X aria-hidden="true" className="h-4 w-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => onChange({ ...EMPTY_FILTERS, sort: filters.sort })}
        className="min-h-9 shrink-0 rounded-md px-2 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('filters.clear')}
      </button>
    </div>
  );
}
