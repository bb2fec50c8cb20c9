// The hiring facts of a profile as a list of labelled values, each fact the review team verified with its mark. Shown
// to the job seeker on /profile, to companies on the candidate page and to the team in review.
import type { ReactNode } from 'react';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { HiringFacts, VerifiableFact } from '#shared/hiring-facts.ts';
import { Detail } from '@/components/ui/detail';
import { useFactText } from '@/lib/fact-text';

/** The facts' values in the reader's language (null where not given). */
export function useHiringFactValues(facts: HiringFacts): Record<'nationality' | 'currentCountry' | 'visaStatus' | 'availableFrom' | 'drivingLicence' | 'salary', string | null> {
  const { t, i18n } = useTranslation('options');
  const { countryName, visaText, licenceText, availabilityText, salaryText } = useFactText();
  const licences = facts.drivingLicences;
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  return {
    nationality: facts.nationality && countryName(facts.nationality),
    currentCountry: facts.currentCountry && countryName(facts.currentCountry),
    visaStatus: facts.visaStatus && visaText(facts.visaStatus),
    availableFrom: facts.availableFrom && availabilityText(facts.availableFrom),
    drivingLicence:
      licences === null
        ? null
        : licences.length === 0
          ? t('facts.noLicence')
          : facts.licenceCountry
            ? t('facts.licenceIssued', { licences: list(licences.map(licenceText)), country: countryName(facts.licenceCountry) })
            : list(licences.map(licenceText)),
    salary: salaryText(facts),
  };
}

/** The mark of a verified fact: an icon with its meaning for screen readers and on hover. */
export function VerifiedMark({ className }: { className?: string }) {
  const { t } = useTranslation('options');
  return (
    <span className={className ?? 'inline-flex text-brand-700'} title={t('facts.verified')}>
      <BadgeCheck aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{t('facts.verified')}</span>
    </span>
  );
}

export function HiringFactList({ facts, verified, action }: {
  facts: HiringFacts;
  verified: readonly VerifiableFact[];
  /** Something to show beside a verifiable fact (the review's verify button). */
  action?: (fact: VerifiableFact) => ReactNode;
}) {
  const { t } = useTranslation('options');
  const values = useHiringFactValues(facts);
  const rows = ['nationality', 'currentCountry', 'visaStatus', 'availableFrom', 'drivingLicence', 'salary'] as const;
  const verifiable = (row: (typeof rows)[number]): row is VerifiableFact => row !== 'availableFrom' && row !== 'salary';
  return (
    <dl className="space-y-4">
      {rows.map((row) => (
        <Detail key={row} label={t(`facts.${row}`)}>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {values[row] === null ? <span className="font-normal text-slate-500">{t('facts.notGiven')}</span> : <span>{values[row]}</span>}
            {verifiable(row) && verified.includes(row) && (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-800">
                <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                {t('facts.verified')}
              </span>
            )}
            {verifiable(row) && action?.(row)}
          </span>
        </Detail>
      ))}
    </dl>
  );
}
