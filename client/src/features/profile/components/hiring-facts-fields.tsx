// The hiring facts of the profile form: nationality, the country the job seeker is in, visa, when they can start,
// driving licence and expected pay. All optional; what is left empty is sent as "not said".
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { COUNTRY_CODES, LICENCE_TYPES, SALARY_CURRENCIES, SALARY_MAX, VISA_STATUSES } from '#shared/hiring-facts.ts';
import { GCC_COUNTRIES, type OwnProfile, type profileFormSchema } from '#shared/profile.ts';
import { Field, Input, Select } from '@/components/ui/field';
import { today, useFactText } from '@/lib/fact-text';

type Form = UseFormReturn<z.input<typeof profileFormSchema>, unknown, z.output<typeof profileFormSchema>>;

/** An empty choice is "not said" (null), not an empty string. */
const emptyIsNull = { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) };
const numberOrNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };

/** The form's starting values for the facts of a profile (or a new one). */
export function hiringFactDefaults(initial?: OwnProfile) {
  return {
    nationality: initial?.nationality ?? null,
    currentCountry: initial?.currentCountry ?? null,
    visaStatus: initial?.visaStatus ?? null,
    // A start date that has come is "immediately".
    availableFrom: initial?.availableFrom ? (initial.availableFrom <= today() ? 'immediately' : initial.availableFrom) : null,
    drivingLicences: initial?.drivingLicences ?? null,
    licenceCountry: initial?.licenceCountry ?? null,
    salaryMin: initial?.salaryMin ?? null,
    salaryMax: initial?.salaryMax ?? null,
    salaryCurrency: initial?.salaryCurrency ?? null,
  };
}

function CountrySelect({ ids, placeholder, gccFirst, field, form }: {
  ids: object;
  placeholder: string;
  gccFirst?: boolean;
  field: 'nationality' | 'currentCountry' | 'licenceCountry';
  form: Form;
}) {
  const { t } = useTranslation('profile');
  const { countryName, byCountryName } = useFactText();
  const all = byCountryName(COUNTRY_CODES);
  const option = (code: string) => (
    <option key={code} value={code}>
      {countryName(code)}
    </option>
  );
  return (
    <Select {...ids} {...form.register(field, emptyIsNull)}>
      <option value="">{placeholder}</option>
      {gccFirst ? (
        <>
          <optgroup label={t('form.gccCountries')}>{byCountryName(GCC_COUNTRIES).map(option)}</optgroup>
          <optgroup label={t('form.otherCountries')}>{all.filter((code) => !(GCC_COUNTRIES as string[]).includes(code)).map(option)}</optgroup>
        </>
      ) : (
        all.map(option)
      )}
    </Select>
  );
}

export function HiringFactsFields({ form, message }: { form: Form; message: (m?: string) => string | undefined }) {
  const { t } = useTranslation('profile');
  const { visaText, licenceText, currencyText } = useFactText();
  const { errors } = form.formState;
  const optional = <span className="font-normal text-slate-600">{t('form.optional')}</span>;

  const initialStart = form.getValues('availableFrom');
  const [startMode, setStartMode] = useState<'' | 'immediately' | 'date'>(!initialStart ? '' : initialStart === 'immediately' ? 'immediately' : 'date');
  const [startDate, setStartDate] = useState(initialStart && initialStart !== 'immediately' ? initialStart : '');
  const setStart = (mode: typeof startMode, date = startDate) => {
    setStartMode(mode);
    setStartDate(date);
    // A date asked for but not chosen is an error to show, not "not said".
    form.setValue('availableFrom', mode === '' ? null : mode === 'immediately' ? 'immediately' : date, { shouldValidate: form.formState.isSubmitted });
  };

  const licences = form.watch('drivingLicences');
  const [licenceMode, setLicenceMode] = useState<'' | 'none' | 'have'>(licences === null || licences === undefined ? '' : licences.length === 0 ? 'none' : 'have');
  const setLicences = (next: string[] | null) =>
    form.setValue('drivingLicences', next as z.input<typeof profileFormSchema>['drivingLicences'], { shouldValidate: form.formState.isSubmitted });

  return (
    <>
      <p className="text-sm text-slate-600">{t('form.hiringFactsIntro')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-nationality" label={<>{t('form.nationality')} {optional}</>} error={message(errors.nationality?.message)}>
          {(ids) => <CountrySelect ids={ids} field="nationality" placeholder={t('form.countryPlaceholder')} form={form} />}
        </Field>
        <Field id="profile-current-country" label={<>{t('form.currentCountry')} {optional}</>} error={message(errors.currentCountry?.message)}>
          {(ids) => <CountrySelect ids={ids} field="currentCountry" gccFirst placeholder={t('form.countryPlaceholder')} form={form} />}
        </Field>
      </div>
      <Field id="profile-visa-status" label={<>{t('form.visaStatus')} {optional}</>} error={message(errors.visaStatus?.message)}>
        {(ids) => (
          <Select {...ids} {...form.register('visaStatus', emptyIsNull)}>
            <option value="">{t('form.visaPlaceholder')}</option>
            {VISA_STATUSES.map((status) => (
              <option key={status} value={status}>
                {visaText(status)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-available-from" label={<>{t('form.availableFrom')} {optional}</>}>
          {(ids) => (
            <Select {...ids} value={startMode} onChange={(event) => setStart(event.currentTarget.value as typeof startMode)}>
              <option value="">{t('form.notSaid')}</option>
              <option value="immediately">{t('form.immediately')}</option>
              <option value="date">{t('form.fromDate')}</option>
            </Select>
          )}
        </Field>
        {startMode === 'date' && (
          <Field id="profile-start-date" label={t('form.startDate')} required error={message(errors.availableFrom?.message)}>
            {(ids) => <Input {...ids} type="date" min={today()} value={startDate} onChange={(event) => setStart('date', event.currentTarget.value)} />}
          </Field>
        )}
      </div>
      <div className="space-y-3">
        <Field id="profile-driving-licence" label={<>{t('form.drivingLicence')} {optional}</>}>
          {(ids) => (
            <Select
              {...ids}
              value={licenceMode}
              onChange={(event) => {
                const mode = event.currentTarget.value as typeof licenceMode;
                setLicenceMode(mode);
                setLicences(mode === '' ? null : mode === 'none' ? [] : (licences ?? []).length > 0 ? licences! : null);
                if (mode !== 'have') form.setValue('licenceCountry', null);
              }}
            >
              <option value="">{t('form.notSaid')}</option>
              <option value="none">{t('form.licenceNone')}</option>
              <option value="have">{t('form.licenceHave')}</option>
            </Select>
          )}
        </Field>
        {licenceMode === 'have' && (
          <div className="space-y-4 rounded-lg border border-slate-200 p-4">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t('form.licenceTypes')}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {LICENCE_TYPES.map((type) => (
                  <label key={type} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-brand-700"
                      checked={(licences ?? []).includes(type)}
                      onChange={(event) => {
                        const rest = (licences ?? []).filter((l) => l !== type);
                        const next = event.currentTarget.checked ? [...rest, type] : rest;
                        setLicences(next.length > 0 ? next : null);
                      }}
                    />
                    {licenceText(type)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field id="profile-licence-country" label={t('form.licenceCountry')} error={message(errors.licenceCountry?.message)}>
              {(ids) => <CountrySelect ids={ids} field="licenceCountry" gccFirst placeholder={t('form.countryPlaceholder')} form={form} />}
            </Field>
          </div>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          {t('form.salary')} {optional}
        </legend>
        <p className="mt-1 text-sm text-slate-600">{t('form.salaryHint')}</p>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field id="profile-salary-min" label={t('form.salaryMin')} error={message(errors.salaryMin?.message)}>
            {(ids) => <Input {...ids} type="number" inputMode="numeric" min={1} max={SALARY_MAX} {...form.register('salaryMin', numberOrNull)} />}
          </Field>
          <Field id="profile-salary-max" label={t('form.salaryMax')} error={message(errors.salaryMax?.message)}>
            {(ids) => <Input {...ids} type="number" inputMode="numeric" min={1} max={SALARY_MAX} {...form.register('salaryMax', numberOrNull)} />}
          </Field>
          {/* A row of its own: the currencies are named in the reader's language. */}
          <div className="col-span-2">
            <Field id="profile-salary-currency" label={t('form.salaryCurrency')} error={message(errors.salaryCurrency?.message)}>
              {(ids) => (
                <Select {...ids} {...form.register('salaryCurrency', emptyIsNull)}>
                  <option value="">{t('form.notSaid')}</option>
                  {SALARY_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currencyText(currency)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </div>
      </fieldset>
    </>
  );
}
