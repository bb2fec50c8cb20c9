// The filters of the Job Seeker Database: each change searches at once (no Apply step).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS } from '#shared/constants.ts';
import { Input } from '@/components/ui/field';
import { useOptionText } from '@/lib/option-text';
import { useFactText } from '@/lib/fact-text';
import { COUNTRY_CODES, LICENCE_TYPES, SALARY_CURRENCIES, SALARY_MAX, VISA_STATUSES } from '#shared/hiring-facts.ts';
import { GCC_COUNTRIES } from '#shared/profile.ts';
import { X } from 'lucide-react';
import { Select } from '@/components/ui/field';
import { FRESH_DAYS, type CandidateOptionCounts } from '#shared/candidates.ts';
import { formatNumber } from '@/lib/format';
import type { CandidateFilters } from '../api/search-candidates';

function OptionList(props: {
  /** Names the counts' elements; unique on the page. */
  id: string;
  /** The option's name in the reader's language. */
  text: (option: string) => string;
  legend: string;
  options: readonly string[];
  chosen: string[];
  /** How many each option would find, when the matches are few enough to count. */
  counts: Record<string, number> | null | undefined;
  onChange: (next: string[]) => void;
}) {
  const { id: countId, text, legend, options, chosen, counts, onChange } = props;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 space-y-1">
        {options.map((option, i) => (
          <label key={option} className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={chosen.includes(option)}
              // The option's name stays its name; the count is read as its description.
              aria-describedby={counts ? `${countId}-${i}` : undefined}
              onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
            />
            <span className={counts && !counts[option] && !chosen.includes(option) ? 'text-slate-500' : undefined}>{text(option)}</span>
            {counts && (
              // Out of the name (the label holds it), read as the description.
              <span id={`${countId}-${i}`} aria-hidden="true" className="ms-auto text-xs tabular-nums text-slate-500">
                {formatNumber(counts[option] ?? 0)}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function YearsInput(props: { errorId: string; label: string; placeholder: string; value: string; invalid: boolean; onChange: (next: string) => void }) {
  const { errorId, label, placeholder, value, invalid, onChange } = props;
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={LIMITS.yearsOfExperienceMin}
      max={LIMITS.yearsOfExperienceMax}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      controlSize="md"
    />
  );
}

interface Props {
  /** Begins the ids of the panel's elements: a page holds two panels (the sidebar's and the drawer's). */
  idPrefix: string;
  filters: CandidateFilters;
  counts?: CandidateOptionCounts;
  /** Called with every change: the search follows at once (years once both make sense). */
  onChange: (next: CandidateFilters) => void;
}

/** What is wrong with the years as typed, if anything: such years are shown with a message and not searched. */
function problemWith(years: { minYears: string; maxYears: string }): 'range' | 'order' | null {
  const whole = (value: string) => value === '' || (/^\d+$/.test(value) && Number(value) <= LIMITS.yearsOfExperienceMax);
  if (!whole(years.minYears) || !whole(years.maxYears)) return 'range';
  return years.minYears !== '' && years.maxYears !== '' && Number(years.minYears) > Number(years.maxYears) ? 'order' : null;
}

/** The start-date choices: any time, now, or within so many days. */
const AVAILABLE_WITHIN = ['', '0', '30', '60', '90'] as const;

export function FilterPanel({ idPrefix, filters, counts, onChange }: Props) {
  const { t } = useTranslation('candidates');
  const { optionText } = useOptionText();
  const { countryName, byCountryName, visaText, licenceText, currencyText } = useFactText();
  const availableName = `${idPrefix}-available-within`;
  const yearsErrorId = `${idPrefix}-years-order-error`;
  const set = <K extends keyof CandidateFilters>(key: K, value: CandidateFilters[K]) => onChange({ ...filters, [key]: value });
  // The years as typed: years out of range or a minimum above the maximum are shown here and not searched (the search
  // would refuse them).
  const [years, setYears] = useState({ minYears: filters.minYears, maxYears: filters.maxYears });
  const [shownYears, setShownYears] = useState({ minYears: filters.minYears, maxYears: filters.maxYears });
  if (shownYears.minYears !== filters.minYears || shownYears.maxYears !== filters.maxYears) {
    // Changed elsewhere (a chip removed, Clear, Back): the inputs follow.
    setShownYears({ minYears: filters.minYears, maxYears: filters.maxYears });
    setYears({ minYears: filters.minYears, maxYears: filters.maxYears });
  }
  const yearsProblem = problemWith(years);
  const setYear = (key: 'minYears' | 'maxYears', value: string) => {
    const next = { ...years, [key]: value };
    setYears(next);
    if (!problemWith(next)) {
      setShownYears(next);
      onChange({ ...filters, ...next });
    }
  };
  return (
    <div className="space-y-6">
      <OptionList id={`${idPrefix}-industries`} text={(o) => optionText('industries', o)} legend={t('filters.industries')} options={INDUSTRIES} chosen={filters.industries} counts={counts?.industries} onChange={(v) => set('industries', v)} />
      <OptionList id={`${idPrefix}-visa-statuses`} text={visaText} legend={t('filters.visaStatuses')} options={VISA_STATUSES} chosen={filters.visaStatuses} counts={undefined} onChange={(v) => set('visaStatuses', v)} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('filters.available')}</legend>
        <div className="mt-2 space-y-1">
          {AVAILABLE_WITHIN.map((days) => (
            <label key={days} className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50">
              <input type="radio" name={availableName} className="h-4 w-4 accent-brand-700" checked={filters.availableWithin === days} onChange={() => set('availableWithin', days)} />
              {days === '' ? t('filters.availableAny') : days === '0' ? t('filters.availableNow') : t('filters.availableWithin', { days: formatNumber(Number(days)) })}
            </label>
          ))}
        </div>
      </fieldset>
      <OptionList id={`${idPrefix}-in-countries`} text={countryName} legend={t('filters.inCountries')} options={byCountryName(GCC_COUNTRIES)} chosen={filters.inCountries} counts={undefined} onChange={(v) => set('inCountries', v)} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('filters.nationalities')}</legend>
        {filters.nationalities.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {filters.nationalities.map((code) => (
              <li key={code}>
                <button
                  type="button"
                  onClick={() => set('nationalities', filters.nationalities.filter((c) => c !== code))}
                  aria-label={t('chips.remove', { filter: countryName(code) })}
                  className="inline-flex min-h-8 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 ps-2.5 pe-1.5 text-sm text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {countryName(code)}
                  <X aria-hidden="true" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Select
          aria-label={t('filters.addNationality')}
          controlSize="md"
          className="mt-2"
          value=""
          onChange={(event) => {
            const code = event.currentTarget.value;
            if (code && !filters.nationalities.includes(code)) set('nationalities', [...filters.nationalities, code]);
          }}
        >
          <option value="">{t('filters.addNationality')}</option>
          {byCountryName(COUNTRY_CODES).map((code) => (
            <option key={code} value={code} disabled={filters.nationalities.includes(code)}>
              {countryName(code)}
            </option>
          ))}
        </Select>
      </fieldset>
      <OptionList id={`${idPrefix}-licences`} text={licenceText} legend={t('filters.licences')} options={LICENCE_TYPES} chosen={filters.licences} counts={undefined} onChange={(v) => set('licences', v)} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('filters.salary')}</legend>
        {/* The currency under the amount: its name in the reader's language is wider than the panel's half. The
            amount's label stays in view once a number is typed, which says it is the most, not the least. */}
        <div className="mt-2 grid gap-2">
          <label htmlFor={`${idPrefix}-max-salary`} className="text-sm text-slate-700">
            {t('filters.maxSalary')}
          </label>
          <Input
            id={`${idPrefix}-max-salary`}
            type="number"
            inputMode="numeric"
            min={1}
            max={SALARY_MAX}
            value={filters.maxSalary}
            onChange={(event) => {
              const value = event.currentTarget.value;
              // Whole amounts in range only (the search refuses others); a currency is needed with an amount.
              if (value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= SALARY_MAX)) {
                onChange({ ...filters, maxSalary: value, salaryCurrency: filters.salaryCurrency || 'AED' });
              }
            }}
            controlSize="md"
          />
          <Select aria-label={t('filters.salaryCurrency')} controlSize="md" value={filters.salaryCurrency || 'AED'} onChange={(event) => set('salaryCurrency', event.currentTarget.value)}>
            {SALARY_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currencyText(currency)}
              </option>
            ))}
          </Select>
        </div>
      </fieldset>
      <OptionList id={`${idPrefix}-locations`} text={(o) => optionText('locations', o)} legend={t('filters.locations')} options={LOCATIONS} chosen={filters.locations} counts={counts?.locations} onChange={(v) => set('locations', v)} />
      <OptionList id={`${idPrefix}-languages`} text={(o) => optionText('languages', o)} legend={t('filters.languages')} options={LANGUAGES} chosen={filters.languages} counts={counts?.languages} onChange={(v) => set('languages', v)} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('filters.experience')}</legend>
        <div className="mt-2 flex items-center gap-2">
          <YearsInput errorId={yearsErrorId} label={t('filters.minYears')} placeholder={t('filters.min')} value={years.minYears} invalid={Boolean(yearsProblem)} onChange={(v) => setYear('minYears', v)} />
          <span aria-hidden="true">–</span>
          <YearsInput errorId={yearsErrorId} label={t('filters.maxYears')} placeholder={t('filters.max')} value={years.maxYears} invalid={Boolean(yearsProblem)} onChange={(v) => setYear('maxYears', v)} />
        </div>
        {yearsProblem && (
          <p id={yearsErrorId} role="alert" className="mt-2 text-sm text-red-700">
            {yearsProblem === 'range'
              ? t('filters.yearsRange', { min: formatNumber(LIMITS.yearsOfExperienceMin), max: formatNumber(LIMITS.yearsOfExperienceMax) })
              : t('filters.yearsOrder')}
          </p>
        )}
      </fieldset>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-900">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={filters.hasVideo} onChange={(event) => set('hasVideo', event.currentTarget.checked)} />
        {t('filters.hasVideo')}
      </label>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-900">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={filters.fresh} onChange={(event) => set('fresh', event.currentTarget.checked)} />
        {t('filters.fresh', { days: FRESH_DAYS })}
      </label>
    </div>
  );
}
