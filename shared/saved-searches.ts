// Saved searches of the Job Seeker Database: a name, the search as the URL of /dashboard carries it, and an optional
// e-mail (daily or weekly) with the profiles that newly match it.
import { z } from 'zod';
import { candidateSearchSchema, type CandidateSearch } from './candidates.ts';
import { text } from './text.ts';

export const SAVED_SEARCH_ALERTS = ['none', 'daily', 'weekly'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];
/** A company keeps at most this many. */
export const SAVED_SEARCHES_MAX = 20;
/** An alert lists at most this many new profiles, then links to the whole search. */
export const SAVED_SEARCH_ALERT_ITEMS = 20;

/** The search part of /dashboard's query: what a saved search keeps (not the page position). */
const SEARCH_KEYS = [
  'q',
  'industries',
  'languages',
  'locations',
  'minYears',
  'maxYears',
  'hasVideo',
  'fresh',
  'nationalities',
  'inCountries',
  'visaStatuses',
  'availableWithin',
  'licences',
  'maxSalary',
  'salaryCurrency',
  'sort',
] as const;

/** Reads a query string as the search reads it; undefined when the search would refuse it. */
export function parseSavedQuery(query: string): CandidateSearch | undefined {
  const params = new URLSearchParams(query);
  const input: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') input[key] = value;
  }
  const parsed = candidateSearchSchema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

/** The query string of a search, its keys in one order, so one search is always written the same way. */
export function savedQueryOf(search: CandidateSearch): string {
  const params = new URLSearchParams();
  if (search.q?.trim()) params.set('q', search.q.trim());
  for (const key of ['industries', 'languages', 'locations'] as const) {
    const values = search[key];
    if (values?.length) params.set(key, [...new Set(values)].sort().join(','));
  }
  if (search.minYears !== undefined) params.set('minYears', String(search.minYears));
  if (search.maxYears !== undefined) params.set('maxYears', String(search.maxYears));
  if (search.hasVideo !== undefined) params.set('hasVideo', String(search.hasVideo));
  if (search.fresh) params.set('fresh', 'true');
  for (const key of ['nationalities', 'inCountries', 'visaStatuses', 'licences'] as const) {
    const values = search[key];
    if (values?.length) params.set(key, [...new Set(values)].sort().join(','));
  }
  if (search.availableWithin !== undefined) params.set('availableWithin', String(search.availableWithin));
  if (search.maxSalary !== undefined) params.set('maxSalary', String(search.maxSalary));
  if (search.salaryCurrency) params.set('salaryCurrency', search.salaryCurrency);
  if (search.sort) params.set('sort', search.sort);
  return params.toString();
}

const query = z
  .string({ error: 'The search is missing' })
  .max(2000, 'The search is too long')
  .refine((value) => parseSavedQuery(value) !== undefined, 'The search is not valid');
const name = text('Name').min(1, 'Please give the search a name').max(80, 'Please keep the name under 80 characters');
const alert = z.enum(SAVED_SEARCH_ALERTS, { error: 'The alert must be none, daily or weekly' });

/** POST /api/saved-searches */
export const createSavedSearchSchema = z.object({ name, query, alert: alert.default('none') });
/** PATCH /api/saved-searches/:id */
export const updateSavedSearchSchema = z
  .object({ name: name.optional(), alert: alert.optional() })
  .refine((value) => value.name !== undefined || value.alert !== undefined, 'Nothing to change');
/** POST /api/alerts/stop: the token of the alert e-mail's link. */
export const stopAlertSchema = z.object({ token: z.string({ error: 'The link is not valid' }).min(1, 'The link is not valid').max(300, 'The link is not valid') });

export interface SavedSearchView {
  id: string;
  name: string;
  /** /dashboard's query string of the search. */
  query: string;
  alert: SavedSearchAlert;
  createdAt: string;
}
