// Rows of profiles made into the cards a company sees: the columns to select and how each becomes a card's field.
// Shared by the search's pages, the saved searches' alerts, the shortlist and the candidate page.
import { sql, type SQL } from 'drizzle-orm';
import type { CandidateCard } from '#shared/candidates.ts';
import { VERIFIABLE_FACTS, type HiringFacts } from '#shared/hiring-facts.ts';
import type { JobSeekerProfile } from '#shared/schema.ts';
import { hiringFactsOf } from '../profiles.ts';

/** How much of the bio a card shows (see summaryOf). */
export const SUMMARY_LENGTH = 160;

/**
 * The hiring facts of a card, selected from the profile `alias` (a date as text, not a Date in local time), named as
 * the schema names them: a card reads them as the owner's profile does (hiringFactsOf).
 */
export const factColumns = (alias: SQL) =>
  sql`${alias}.nationality, ${alias}.current_country as "currentCountry", ${alias}.visa_status as "visaStatus",
    ${alias}.available_from::text as "availableFrom", ${alias}.driving_licences as "drivingLicences", ${alias}.licence_country as "licenceCountry",
    ${alias}.salary_min as "salaryMin", ${alias}.salary_max as "salaryMax", ${alias}.salary_currency as "salaryCurrency",
    ${alias}.fact_verifications as "factVerifications"`;

/** The columns a candidate card is made from, as the search and the shortlist select them. */
export interface CardRow extends Record<string, unknown>, Pick<JobSeekerProfile, keyof HiringFacts | 'factVerifications'> {
  id: string;
  full_name: string;
  location: string;
  years_of_experience: number | null;
  industries: string[];
  languages: string[];
  bio: string | null;
  has_video: boolean;
  video_url: string | null;
  poster_key: string | null;
  looking_confirmed_at: Date | string;
}

/** The poster of a profile's video once the app has made it (videos it keeps as /objects/video/<id>). */
export const posterKeyOfProfile = (profile: ReturnType<typeof sql>) =>
  sql`(select o.poster_key from objects o where o.key = substr(${profile}.video_url, ${'/objects/'.length + 1}))`;

/** The start of the bio for a card: at most SUMMARY_LENGTH characters, cut at a word. */
export function summaryOf(bio: string | null): string | null {
  const text = bio?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUMMARY_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

export function card(row: CardRow & { shortlisted: boolean }): CandidateCard {
  return {
    id: row.id,
    fullName: row.full_name,
    location: row.location,
    yearsOfExperience: row.years_of_experience,
    industries: row.industries,
    languages: row.languages,
    summary: summaryOf(row.bio),
    hasVideo: row.has_video,
    videoUrl: row.video_url,
    posterUrl: row.poster_key ? `/objects/${row.poster_key}` : null,
    avatarUrl: null,
    shortlisted: row.shortlisted,
    lookingConfirmedAt: new Date(row.looking_confirmed_at).toISOString(),
    ...hiringFactsOf(row),
    verifiedFacts: VERIFIABLE_FACTS.filter((fact) => row.factVerifications[fact] !== undefined),
  };
}
