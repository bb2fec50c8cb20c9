// The Job Seeker Database: search parameters, cards, the candidate page and the shortlist.
import { z } from 'zod';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS } from './constants.ts';
import { AVAILABLE_WITHIN_MAX, COUNTRY_CODES, LICENCE_TYPES, SALARY_CURRENCIES, SALARY_MAX, VISA_STATUSES, type HiringFacts, type VerifiableFact } from './hiring-facts.ts';
import { text } from './text.ts';

export const CANDIDATE_SORTS = ['relevance', 'newest', 'experience'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];
export const CANDIDATE_PAGE_SIZE = 24;
export const CANDIDATE_PAGE_MAX = 50;
export const SEARCH_TEXT_MAX = 200;
/** 'Showing N job seekers' is exact up to this many; beyond it, it reads 'N+'. */
export const SEARCH_TOTAL_CAP = 10_000;
/** A job seeker who has not said they are still looking for this many days is no longer fresh. */
export const FRESH_DAYS = 90;

/** A list parameter: repeated (?industries=a&industries=b) or comma-separated (?industries=a,b). A comma followed by a
 *  space belongs to the value: locations read 'Dubai, UAE' (so ?locations=Dubai, UAE,Doha, Qatar is two). */
const listOf = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(/,(?! )/) : [v])).filter((v) => v !== ''),
    z.array(z.enum(options, { error: message })).max(options.length, message).optional(),
  );

const years = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be whole years`)
    .min(LIMITS.yearsOfExperienceMin, `${name} must be between 0 and 50`)
    .max(LIMITS.yearsOfExperienceMax, `${name} must be between 0 and 50`)
    .optional();

/** GET /api/candidates query. */
export const candidateSearchSchema = z
  .object({
    q: text('The search', { error: 'q must be text' }).max(SEARCH_TEXT_MAX, `Please keep the search under ${SEARCH_TEXT_MAX} characters`).optional(),
    industries: listOf(INDUSTRIES, 'Unknown industry'),
    languages: listOf(LANGUAGES, 'Unknown language'),
    locations: listOf(LOCATIONS, 'Unknown location'),
    minYears: years('minYears'),
    maxYears: years('maxYears'),
    hasVideo: z.enum(['true', 'false'], { error: 'hasVideo must be true or false' }).transform((v) => v === 'true').optional(),
    // Only job seekers who said they are still looking within FRESH_DAYS.
    fresh: z.enum(['true', 'false'], { error: 'fresh must be true or false' }).transform((v) => v === 'true').optional(),
    // The hiring facts (shared/hiring-facts.ts). A profile that has not said a fact is left out by its filter.
    nationalities: listOf(COUNTRY_CODES, 'Unknown nationality'),
    inCountries: listOf(COUNTRY_CODES, 'Unknown country'),
    visaStatuses: listOf(VISA_STATUSES, 'Unknown visa status'),
    availableWithin: z.coerce
      .number({ error: `availableWithin must be a number of days between 0 and ${AVAILABLE_WITHIN_MAX}` })
      .int(`availableWithin must be a number of days between 0 and ${AVAILABLE_WITHIN_MAX}`)
      .min(0, `availableWithin must be a number of days between 0 and ${AVAILABLE_WITHIN_MAX}`)
      .max(AVAILABLE_WITHIN_MAX, `availableWithin must be a number of days between 0 and ${AVAILABLE_WITHIN_MAX}`)
      .optional(),
    licences: listOf(LICENCE_TYPES, 'Unknown driving licence'),
    // Who expects at most this much a month (the lower end of their range), in salaryCurrency.
    maxSalary: z.coerce
      .number({ error: `maxSalary must be a whole number between 1 and ${SALARY_MAX}` })
      .int(`maxSalary must be a whole number between 1 and ${SALARY_MAX}`)
      .min(1, `maxSalary must be a whole number between 1 and ${SALARY_MAX}`)
      .max(SALARY_MAX, `maxSalary must be a whole number between 1 and ${SALARY_MAX}`)
      .optional(),
    salaryCurrency: z.enum(SALARY_CURRENCIES, { error: `salaryCurrency must be one of ${SALARY_CURRENCIES.join(', ')}` }).optional(),
    sort: z.enum(CANDIDATE_SORTS, { error: 'sort must be relevance, newest or experience' }).optional(),
    cursor: z.string().max(500, 'The page cursor is not valid').optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${CANDIDATE_PAGE_MAX}`)
      .max(CANDIDATE_PAGE_MAX, `limit must be between 1 and ${CANDIDATE_PAGE_MAX}`)
      .default(CANDIDATE_PAGE_SIZE),
  })
  .refine((q) => q.minYears === undefined || q.maxYears === undefined || q.minYears <= q.maxYears, {
    message: 'minYears must not be more than maxYears',
    path: ['minYears'],
  })
  .refine((q) => q.maxSalary === undefined || q.salaryCurrency !== undefined, {
    message: 'maxSalary needs salaryCurrency',
    path: ['salaryCurrency'],
  });
export type CandidateSearchInput = z.input<typeof candidateSearchSchema>;
export type CandidateSearch = z.output<typeof candidateSearchSchema>;

/** GET /api/candidates/option-counts: per list, how many job seekers each option would find with the other filters
 *  kept; null where the matches are too many to count cheaply. */
export type CandidateOptionCounts = Record<'industries' | 'locations' | 'languages', Record<string, number> | null>;

/** A card in the grid, from real profiles. */
export interface CandidateCard extends HiringFacts {
  id: string;
  fullName: string;
  location: string;
  yearsOfExperience: number | null;
  industries: string[];
  languages: string[];
  /** The start of the bio, for the card. */
  summary: string | null;
  hasVideo: boolean;
  /** Where the introduction video plays from, and its poster once the app has made the video playable. */
  videoUrl: string | null;
  posterUrl: string | null;
  avatarUrl: string | null;
  shortlisted: boolean;
  /** When the job seeker last said they are still looking for work. */
  lookingConfirmedAt: string;
  /** The hiring facts our review team verified. */
  verifiedFacts: VerifiableFact[];
}

export interface CandidateSearchResult {
  items: CandidateCard[];
  /** How many match, exact up to SEARCH_TOTAL_CAP; beyond it this is SEARCH_TOTAL_CAP and totalExact is false. */
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

/** GET /api/candidates/:id: the whole profile for a subscribed company. */
export interface CandidateDetail extends CandidateCard {
  phone: string;
  email: string | null;
  bio: string | null;
  cvUrl: string | null;
  shortlist: { note: string | null; noteBy: string | null; savedAt: string } | null;
}

export const CONTACT_CHANNELS = ['email', 'whatsapp'] as const;
export const contactSchema = z.object({ channel: z.enum(CONTACT_CHANNELS, { error: 'channel must be email or whatsapp' }) });

export const shortlistNoteSchema = z.object({
  note: text('The note', { multiline: true, error: 'The note must be text' }).max(2000, 'Please keep the note under 2000 characters').optional(),
});

export interface ShortlistEntry extends CandidateCard {
  note: string | null;
  /** Who of the team wrote the note. */
  noteBy: string | null;
  savedAt: string;
}

/** The digits wa.me wants: E.164 without the plus. */
export function whatsappLink(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
