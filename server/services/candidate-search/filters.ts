// The search after its defaults, and its filters as SQL conditions: what every statement of the search is made from.
// Kept apart so pages, counts, option counts and alerts filter alike (docs/decisions/0012, 0022).
import { sql, type SQL } from 'drizzle-orm';
import { FRESH_DAYS, type CandidateSearch, type CandidateSort } from '#shared/candidates.ts';
import { searchWords } from './words.ts';

/** The search after its defaults: what the SQL is made from. */
export interface NormalizedSearch {
  words: string[];
  industries: string[];
  languages: string[];
  locations: string[];
  minYears: number | undefined;
  maxYears: number | undefined;
  hasVideo: boolean | undefined;
  fresh: boolean;
  nationalities: string[];
  inCountries: string[];
  visaStatuses: string[];
  availableWithin: number | undefined;
  licences: string[];
  /** Expected pay at most `amount` a month in `currency` (the lower end of the job seeker's range). */
  salary: { amount: number; currency: string } | undefined;
  sort: CandidateSort;
  limit: number;
}

export function normalizeSearch(input: CandidateSearch): NormalizedSearch {
  const words = searchWords(input.q);
  const list = (values: string[] | undefined) => [...new Set(values ?? [])].sort();
  // Relevance needs words to rank by; without them the newest come first.
  const sort = words.length === 0 && (input.sort === undefined || input.sort === 'relevance') ? 'newest' : (input.sort ?? 'relevance');
  return {
    words,
    industries: list(input.industries),
    languages: list(input.languages),
    locations: list(input.locations),
    minYears: input.minYears,
    maxYears: input.maxYears,
    hasVideo: input.hasVideo,
    fresh: input.fresh === true,
    nationalities: list(input.nationalities),
    inCountries: list(input.inCountries),
    visaStatuses: list(input.visaStatuses),
    availableWithin: input.availableWithin,
    licences: list(input.licences),
    salary: input.maxSalary !== undefined && input.salaryCurrency ? { amount: input.maxSalary, currency: input.salaryCurrency } : undefined,
    sort,
    limit: input.limit,
  };
}

/** Identifies the filtered set (not its order): the key of the count. */
export function filterKey(s: NormalizedSearch): string {
  const facts = [s.nationalities, s.inCountries, s.visaStatuses, s.availableWithin ?? null, s.licences, s.salary ?? null];
  // Searches without the hiring facts keep the keys (and cursors) they had before those existed.
  const base = [s.words, s.industries, s.languages, s.locations, s.minYears ?? null, s.maxYears ?? null, s.hasVideo ?? null, s.fresh];
  return JSON.stringify(facts.some((f) => f !== null && !(Array.isArray(f) && f.length === 0)) ? [...base, ...facts] : base);
}

// Filter values are written into the statement as literals, not parameters: a walk is a prepared statement (see
// `read` in search.ts), and PostgreSQL plans a prepared statement once only when its parameters cannot change the plan's cost:
// filters as parameters kept it planning every time. The values are safe to write: industries, languages and places
// come from the lists of shared/constants.ts, countries, visa statuses, licences and currencies from those of
// shared/hiring-facts.ts (candidateSearchSchema refuses anything else), years and amounts are whole numbers, and each
// literal is quoted as PostgreSQL reads it (standard_conforming_strings, on since 9.1).
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
export const wholeNumber = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
};
export const textArray = (values: string[]) => sql`array[${sql.join(values.map(literal), sql`, `)}]::text[]`;

/**
 * Relevance ranks the fresh (who said they are still looking within FRESH_DAYS) before the others, and the fresh
 * filter keeps them alone: a range of the newest index's own key.
 */
const FRESH_SINCE = sql.raw(`now() - interval '${FRESH_DAYS} days'`);
export const inBand = (band: 'fresh' | 'stale') => (band === 'fresh' ? sql`p.looking_confirmed_at > ${FRESH_SINCE}` : sql`p.looking_confirmed_at <= ${FRESH_SINCE}`);

export const LISTED = sql`p.listed and p.visibility = 'visible'`;
/**
 * The profiles that blocked the company are not there for it (services/company-blocks.ts). Uncorrelated, so
 * PostgreSQL reads the company's blocks once per statement into a hash and tests each row against it: a company
 * with a hundred blocks pays a hash probe per row read, not a lookup.
 */
export const notBlocked = (companyId: string) => sql`p.id not in (select b.profile_id from company_blocks b where b.company_id = ${companyId})`;

/** Unknown years (null, read as -1) are left out as soon as a range is asked for. */
export const yearsRange = (s: NormalizedSearch, apartFromSortIndex = false): SQL[] =>
  s.minYears === undefined && s.maxYears === undefined
    ? []
    : [
        sql`${apartFromSortIndex ? sql`coalesce(p.years_of_experience, -1) + 0` : sql`coalesce(p.years_of_experience, -1)`} between ${wholeNumber(s.minYears ?? 0)} and ${wholeNumber(s.maxYears ?? 1000)}`,
      ];

/**
 * The filters other than the text (and other than LISTED), on columns the sort indexes carry. `apartFromSortIndex`
 * writes the years so that they are not a range of the experience index: where the matches are to be found through
 * the text index, the planner would otherwise read every row of a wide years range from that index instead.
 */
export function fieldFilters(s: NormalizedSearch, apartFromSortIndex = false): SQL[] {
  const conditions: SQL[] = [];
  if (s.industries.length > 0) conditions.push(sql`p.industries && ${textArray(s.industries)}`);
  if (s.languages.length > 0) conditions.push(sql`p.languages && ${textArray(s.languages)}`);
  if (s.locations.length > 0) conditions.push(sql`p.location = any(${textArray(s.locations)})`);
  conditions.push(...yearsRange(s, apartFromSortIndex));
  if (s.hasVideo !== undefined) conditions.push(s.hasVideo ? sql`p.video_url is not null` : sql`p.video_url is null`);
  if (s.fresh) conditions.push(inBand('fresh'));
  if (s.nationalities.length > 0) conditions.push(sql`p.nationality = any(${textArray(s.nationalities)})`);
  if (s.inCountries.length > 0) conditions.push(sql`p.current_country = any(${textArray(s.inCountries)})`);
  if (s.visaStatuses.length > 0) conditions.push(sql`p.visa_status = any(${textArray(s.visaStatuses)})`);
  // Today as the database has it: a prepared walk reads it at each run.
  if (s.availableWithin !== undefined) conditions.push(sql`p.available_from <= current_date + ${wholeNumber(s.availableWithin)}`);
  if (s.licences.length > 0) conditions.push(sql`p.driving_licences && ${textArray(s.licences)}`);
  if (s.salary) conditions.push(sql`p.salary_currency = ${literal(s.salary.currency)} and p.salary_min <= ${wholeNumber(s.salary.amount)}`);
  return conditions;
}
