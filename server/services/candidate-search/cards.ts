// Rows of profiles made into the cards a company sees: the columns to select and how each becomes a card's field.
// Shared by the search's pages, the saved searches' alerts, the shortlist and the candidate page.
import { sql, type SQL } from 'drizzle-orm';
import type { CandidateCard } from '#shared/candidates.ts';
import { VERIFIABLE_FACTS, type HiringFacts } from '#shared/hiring-facts.ts';

/** How much of the bio a card shows (see summaryOf). */
export const SUMMARY_LENGTH = 160;

/** The hiring facts of a card, selected from the profile `alias` (a date as text, not a Date in local time). */
export const factColumns = (alias: SQL) =>
  sql`${alias}.nationality, ${alias}.current_country, ${alias}.visa_status, ${alias}.available_from::text as available_from,
    ${alias}.driving_licences, ${alias}.licence_country, ${alias}.salary_min, ${alias}.salary_max, ${alias}.salary_currency, ${alias}.fact_verifications`;

/** The columns a candidate card is made from, as the search and the shortlist select them. */
export interface CardRow extends Record<string, unknown> {
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
  nationality: string | null;
  current_country: string | null;
  visa_status: string | null;
  available_from: string | null;
  driving_licences: string[] | null;
  licence_country: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  fact_verifications: Record<string, unknown> | null;
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
    nationality: row.nationality,
    currentCountry: row.current_country,
    visaStatus: row.visa_status as HiringFacts['visaStatus'],
    availableFrom: row.available_from,
    drivingLicences: row.driving_licences as HiringFacts['drivingLicences'],
    licenceCountry: row.licence_country,
    salaryMin: row.salary_min,
    salaryMax: row.salary_max,
    salaryCurrency: row.salary_currency as HiringFacts['salaryCurrency'],
    verifiedFacts: VERIFIABLE_FACTS.filter((fact) => row.fact_verifications?.[fact] !== undefined),
  };
}
