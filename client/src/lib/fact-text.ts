import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HiringFacts } from '#shared/hiring-facts.ts';
import { formatDate } from './format';

/** Today as YYYY-MM-DD (UTC, as the server stores "immediately"). */
export const today = () => new Date().toISOString().slice(0, 10);

/** The hiring facts in the reader's language: countries through Intl, the lists through the `options` catalogue. */
export function useFactText() {
  const { t, i18n } = useTranslation('options');
  const language = i18n.language;
  const { regions, currencies, collator } = useMemo(
    () => ({
      regions: new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }),
      currencies: new Intl.DisplayNames([language], { type: 'currency', fallback: 'code' }),
      collator: new Intl.Collator(language),
    }),
    [language],
  );
  const countryName = (code: string) => regions.of(code) ?? code;
  return {
    countryName,
    /** Codes in the order of their names in the reader's language. */
    byCountryName: (codes: readonly string[]) => [...codes].sort((a, b) => collator.compare(countryName(a), countryName(b))),
    /**
     * "AED · درهم إماراتي": the code, as pay slips and adverts write it, then the name in the reader's language for
     * one who does not read it. A select too narrow for the name still shows the code.
     */
    currencyText: (code: string) => {
      const name = currencies.of(code);
      return name && name !== code ? `${code} · ${name}` : code;
    },
    visaText: (status: string) => t(`visaStatuses.${status}`, { defaultValue: status }),
    licenceText: (type: string) => t(`licences.${type}`, { defaultValue: type }),
    /** "Available now" for a start date on or before today, else "Available from 12 Dec 2026". */
    availabilityText: (date: string) => (date <= today() ? t('availability.now') : t('availability.from', { date: formatDate(date, 'short') })),
    /** The expected monthly pay as a range in its currency, or null when not given. */
    salaryText: (facts: Pick<HiringFacts, 'salaryMin' | 'salaryMax' | 'salaryCurrency'>) => {
      const { salaryMin: min, salaryMax: max, salaryCurrency: currency } = facts;
      if (!currency || (min === null && max === null)) return null;
      const money = new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 });
      if (min !== null && max !== null && min !== max) return t('salary.range', { range: money.formatRange(min, max) });
      if (min !== null) return t(max === null ? 'salary.from' : 'salary.range', { amount: money.format(min), range: money.format(min) });
      return t('salary.upTo', { amount: money.format(max!) });
    },
  };
}
