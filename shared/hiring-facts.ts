// The facts a hire in the Gulf turns on: nationality, where the person is now, their visa, when they can start, their
// driving licence and the pay they expect. Each is declared by the job seeker (all optional, so profiles made before
// these existed are not wrong, only incomplete); the review team can mark some verified (docs/hiring-facts.md).
import { getCountries } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Every country, as ISO 3166 codes (the phone library's list, which has them all); names come from Intl.DisplayNames. */
export const COUNTRY_CODES = [...getCountries()].sort() as [string, ...string[]];

export const VISA_STATUSES = ['employment', 'transferable', 'visit', 'cancelled', 'gcc_national'] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];

/** Kinds of driving licence; none at all is an empty list (not said is null). */
export const LICENCE_TYPES = ['gcc_light', 'heavy', 'bus', 'equipment'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export const SALARY_CURRENCIES = ['AED', 'SAR', 'QAR', 'BHD', 'KWD', 'OMR', 'USD'] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];
export const SALARY_MAX = 1_000_000;

/** The facts a reviewer can check against documents; when one can start and the pay one expects are intentions. */
export const VERIFIABLE_FACTS = ['nationality', 'currentCountry', 'visaStatus', 'drivingLicence'] as const;
export type VerifiableFact = (typeof VERIFIABLE_FACTS)[number];

/** The most days ahead "available within" can ask about. */
export const AVAILABLE_WITHIN_MAX = 365;

const country = (message: string) => z.enum(COUNTRY_CODES, { error: message });
const salary = z
  .number({ error: 'Please enter the salary as a number' })
  .int('Please enter the salary in whole amounts')
  .min(1, `Please enter a monthly salary between 1 and ${SALARY_MAX.toLocaleString('en')}`)
  .max(SALARY_MAX, `Please enter a monthly salary between 1 and ${SALARY_MAX.toLocaleString('en')}`);

/**
 * The facts as the profile form and the API take them. null clears a fact; a field left out is not changed.
 * availableFrom is a date (YYYY-MM-DD) or 'immediately', which the server stores as the day it was said.
 */
export const hiringFactsSchema = z.object({
  nationality: country('Please select your nationality from the list').nullable().optional(),
  currentCountry: country('Please select the country you are in now').nullable().optional(),
  visaStatus: z.enum(VISA_STATUSES, { error: 'Please select your visa status from the list' }).nullable().optional(),
  availableFrom: z
    .string({ error: 'Please choose when you can start' })
    .refine((value) => value === 'immediately' || z.iso.date().safeParse(value).success, 'Please choose when you can start')
    .nullable()
    .optional(),
  drivingLicences: z
    .array(z.enum(LICENCE_TYPES, { error: 'Please select licences from the list' }))
    .max(LICENCE_TYPES.length, 'Please select licences from the list')
    .nullable()
    .optional(),
  licenceCountry: country('Please select the country that issued your licence').nullable().optional(),
  salaryMin: salary.nullable().optional(),
  salaryMax: salary.nullable().optional(),
  salaryCurrency: z.enum(SALARY_CURRENCIES, { error: 'Please select the currency' }).nullable().optional(),
});
export type HiringFactsInput = z.input<typeof hiringFactsSchema>;

/** The rules between facts, for a whole form (the profile page sends every fact). */
export function checkHiringFacts(facts: HiringFactsInput, ctx: z.RefinementCtx): void {
  if (facts.drivingLicences && facts.drivingLicences.length > 0 && !facts.licenceCountry) {
    ctx.addIssue({ code: 'custom', message: 'Please select the country that issued your licence', path: ['licenceCountry'] });
  }
  // The search compares the lowest the person would accept: a range has its lowest end.
  if (facts.salaryMax != null && facts.salaryMin == null) {
    ctx.addIssue({ code: 'custom', message: 'Please enter the lowest monthly salary too', path: ['salaryMin'] });
  }
  if ((facts.salaryMin != null || facts.salaryMax != null) && !facts.salaryCurrency) {
    ctx.addIssue({ code: 'custom', message: 'Please select the currency', path: ['salaryCurrency'] });
  }
  if (facts.salaryMin != null && facts.salaryMax != null && facts.salaryMin > facts.salaryMax) {
    ctx.addIssue({ code: 'custom', message: 'The lowest salary must not be more than the highest', path: ['salaryMin'] });
  }
}

/** Who marked a fact verified, and when: the fact as it was then (an edit of it removes the mark). */
export interface FactVerification {
  by: string;
  byEmail: string | null;
  at: string;
}

/** The facts as stored and shown: null where not said. availableFrom is a date; on or before today means now. */
export interface HiringFacts {
  nationality: string | null;
  currentCountry: string | null;
  visaStatus: VisaStatus | null;
  availableFrom: string | null;
  drivingLicences: LicenceType[] | null;
  licenceCountry: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: SalaryCurrency | null;
}

/** The facts a job seeker has not said yet, for the profile page's prompt. */
export function missingHiringFacts(facts: HiringFacts): ('nationality' | 'currentCountry' | 'visaStatus' | 'availableFrom' | 'drivingLicences')[] {
  return (['nationality', 'currentCountry', 'visaStatus', 'availableFrom', 'drivingLicences'] as const).filter((fact) => facts[fact] === null);
}

/** Whether a verifiable fact has a value to verify. */
export function hasFact(facts: HiringFacts, fact: VerifiableFact): boolean {
  return fact === 'drivingLicence' ? facts.drivingLicences !== null : facts[fact] !== null;
}

/** A verifiable fact's value as the review page shows it (a licence with its issuing country); null when not said. */
export type FactValue = string | { licences: string[]; country: string | null };
export function factValue(facts: HiringFacts, fact: VerifiableFact): FactValue | null {
  if (fact === 'drivingLicence') return facts.drivingLicences === null ? null : { licences: facts.drivingLicences, country: facts.licenceCountry };
  return facts[fact];
}
export const sameFactValue = (a: FactValue | null | undefined, b: FactValue | null | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const factValueSchema = z.union([
  z.string().max(100),
  z.object({ licences: z.array(z.string().max(40)).max(LICENCE_TYPES.length), country: z.string().max(100).nullable() }),
]);

/**
 * POST /api/admin/profiles/:id/facts/:fact: mark a fact verified, or take the mark away. A mark names the value the
 * reviewer saw, so it never lands on a value changed since the page was opened.
 */
export const factVerificationSchema = z
  .object({ verified: z.boolean({ error: 'verified must be true or false' }), value: factValueSchema.nullable().optional() })
  .refine((input) => !input.verified || input.value !== undefined, { message: 'Please say which value you verified', path: ['value'] });
export const verifiableFactParam = z.enum(VERIFIABLE_FACTS, { error: 'Unknown fact' });
