// The filter sidebar of the Job Seeker Database: changes are drafts until Apply Filters; Clear resets all.
import { useTranslation } from 'react-i18next';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS } from '#shared/constants.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useOptionText, type OptionList as OptionListName } from '@/lib/option-text';
import type { CandidateFilters } from '../api/search-candidates';

function OptionList({ list, legend, options, chosen, onChange }: { list: OptionListName; legend: string; options: readonly string[]; chosen: string[]; onChange: (next: string[]) => void }) {
  const { optionText } = useOptionText();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 space-y-1">
        {options.map((option) => (
          <label key={option} className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={chosen.includes(option)}
              onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
            />
            {optionText(list, option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function YearsInput(props: { label: string; placeholder: string; value: string; invalid: boolean; onChange: (next: string) => void }) {
  const { label, placeholder, value, invalid, onChange } = props;
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={LIMITS.yearsOfExperienceMin}
      max={LIMITS.yearsOfExperienceMax}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? 'years-order-error' : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      className="h-10"
    />
  );
}

interface Props {
  draft: CandidateFilters;
  onDraftChange: (next: CandidateFilters) => void;
  onApply: () => void;
  onClear: () => void;
}

export function FilterPanel({ draft, onDraftChange, onApply, onClear }: Props) {
  const { t } = useTranslation('candidates');
  const set = <K extends keyof CandidateFilters>(key: K, value: CandidateFilters[K]) => onDraftChange({ ...draft, [key]: value });
  // The one rule the inputs cannot check themselves; the search would refuse it (400).
  const yearsOutOfOrder = draft.minYears !== '' && draft.maxYears !== '' && Number(draft.minYears) > Number(draft.maxYears);
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!yearsOutOfOrder) onApply();
      }}
    >
      <OptionList list="industries" legend={t('filters.industries')} options={INDUSTRIES} chosen={draft.industries} onChange={(v) => set('industries', v)} />
      <OptionList list="locations" legend={t('filters.locations')} options={LOCATIONS} chosen={draft.locations} onChange={(v) => set('locations', v)} />
      <OptionList list="languages" legend={t('filters.languages')} options={LANGUAGES} chosen={draft.languages} onChange={(v) => set('languages', v)} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('filters.experience')}</legend>
        <div className="mt-2 flex items-center gap-2">
          <YearsInput label={t('filters.minYears')} placeholder={t('filters.min')} value={draft.minYears} invalid={yearsOutOfOrder} onChange={(v) => set('minYears', v)} />
          <span aria-hidden="true">–</span>
          <YearsInput label={t('filters.maxYears')} placeholder={t('filters.max')} value={draft.maxYears} invalid={yearsOutOfOrder} onChange={(v) => set('maxYears', v)} />
        </div>
        {yearsOutOfOrder && (
          <p id="years-order-error" role="alert" className="mt-2 text-sm text-red-700">
            {t('filters.yearsOrder')}
          </p>
        )}
      </fieldset>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-900">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={draft.hasVideo} onChange={(event) => set('hasVideo', event.currentTarget.checked)} />
        {t('filters.hasVideo')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1">
          {t('filters.apply')}
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}
