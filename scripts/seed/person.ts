// One seeded job seeker, drawn from the seed's tables: name, place, languages, work, hiring facts and their profile.
// Apart from the writing of batches (scripts/seed.ts), which only needs the rows.
import { LANGUAGES } from '#shared/constants.ts';
import type { Random } from './random-source.ts';
import { SAMPLE_VIDEO_URL } from './sample-video.ts';
import {
  COMMUNITIES,
  COUNTRY_OF_PLACE,
  CURRENCY_OF_COUNTRY,
  EXTRAS,
  INDUSTRY_WEIGHTS,
  LOCATION_WEIGHTS,
  PAY_AED,
  PER_AED,
  WORK,
  type Community,
  type Language,
  type Location,
} from './workforce.ts';

/** Draws the id a video of its own would have had, so a --seed gives the same people as before the shared sample. */
const drawnVideoId = (random: { uuid(): string }) => random.uuid();

/** E.164 mobile numbers by country, as the profile form stores them. */
function phoneFor(location: Location, random: Random): string {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  const country = location.split(', ')[1];
  switch (country) {
    case 'UAE':
      return `+9715${random.pick(['0', '2', '4', '5', '6', '8'])}${digits(7)}`;
    case 'Saudi Arabia':
      return `+9665${random.pick(['0', '3', '4', '5', '6', '9'])}${digits(7)}`;
    case 'Qatar':
      return `+974${random.pick(['3', '5', '6', '7'])}${digits(7)}`;
    case 'Bahrain':
      return `+9733${random.pick(['3', '4', '6', '9'])}${digits(6)}`;
    case 'Kuwait':
      return `+965${random.pick(['5', '6', '9'])}${digits(7)}`;
    default:
      return `+9689${digits(7)}`;
  }
}

function distinct<T>(pickOne: () => T, count: number): T[] {
  const chosen = new Set<T>();
  for (let tries = 0; chosen.size < count && tries < count * 10; tries++) chosen.add(pickOne());
  return [...chosen];
}

const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/**
 * The hiring facts of a seeded profile, drawn from their own stream (`random`), so the other fields of a seed stay
 * what they were before the facts existed. About a quarter say none (profiles from before the facts).
 */
function hiringFacts(random: Random, community: Community, location: string, industries: readonly string[]) {
  if (random.chance(0.25)) return null;
  const nationality = random.weighted(community.nationalities);
  const gulf = COUNTRY_OF_PLACE[location.split(', ')[1]!]!;
  const inGulf = random.chance(0.8);
  const currentCountry = inGulf ? gulf : nationality;
  const visaStatus = inGulf
    ? random.weighted([['employment', 40], ['transferable', 25], ['visit', 20], ['cancelled', 15]] as const)
    : random.chance(0.5) ? 'cancelled' : null;
  // Days from today: said "immediately" some time ago (in the past), or a start date to come.
  const availableInDays = random.chance(0.45) ? -random.int(0, 200) : random.chance(0.1) ? null : random.int(1, 120);
  const drives = industries.includes('Transportation') || random.chance(0.2);
  const drivingLicences = drives
    ? [...new Set([random.weighted([['gcc_light', 6], ['heavy', 3], ['bus', 1], ['equipment', 2]] as const), ...(random.chance(0.3) ? ['gcc_light'] : [])])].sort()
    : random.chance(0.7) ? [] : null;
  const currency = random.chance(0.15) ? null : CURRENCY_OF_COUNTRY[gulf]!;
  const pay = random.weighted(PAY_AED) * (0.8 + random.next() * 0.4);
  const round = (n: number) => Math.max(1, Math.round(n / 10) * 10);
  return {
    nationality,
    currentCountry,
    visaStatus,
    availableInDays,
    drivingLicences,
    licenceCountry: drivingLicences && drivingLicences.length > 0 ? gulf : null,
    salaryMin: currency ? round(pay * PER_AED[currency]!) : null,
    salaryMax: currency && random.chance(0.6) ? round(pay * 1.3 * PER_AED[currency]!) : null,
    salaryCurrency: currency,
  };
}

export function person(random: Random, seed: number, index: number, until: Date, factsRandom: Random) {
  const community = random.weighted(COMMUNITIES.map((c) => [c, c.weight] as const));
  const firstName = random.pick(community.first);
  const lastName = random.pick(community.last);
  const location = random.weighted(LOCATION_WEIGHTS);
  const industries = distinct(() => random.weighted(INDUSTRY_WEIGHTS), random.weighted([[1, 5], [2, 4], [3, 1]] as const)).sort();
  const home = distinct(() => random.weighted(community.languages), random.chance(0.25) ? 2 : 1);
  const languages = new Set<Language>(home);
  if (random.chance(community.englishChance)) languages.add('English');
  if (location !== 'Muscat, Oman' && random.chance(0.2)) languages.add('Arabic');
  const years = random.chance(0.05) ? null : Math.min(30, Math.floor(random.next() ** 1.6 * 31));
  const work = random.pick(WORK[industries[0]!]);
  const where = location.split(', ')[0];
  const bio = random.chance(0.04)
    ? null
    : [
        years === null || years === 0 ? `${work}.` : `${work}, ${years} year${years === 1 ? '' : 's'} in the Gulf${random.chance(0.4) ? `, now in ${where}` : ''}.`,
        ...(industries[1] ? [`Also worked in ${industries[1].toLowerCase()}.`] : []),
        random.pick(EXTRAS),
      ].join(' ');
  // Most profiles are approved and visible; some wait for review, were refused, are suspended or hidden.
  const status = random.weighted([['active', 88], ['pending', 7], ['rejected', 3], ['suspended', 2]] as const);
  const createdAt = new Date(until.getTime() - Math.floor(random.next() * TWO_YEARS_MS));
  const userId = random.uuid();
  const profileId = random.uuid();
  const hasVideo = random.chance(0.6);
  const hasCv = random.chance(0.9);
  return {
    user: {
      id: userId,
      email: `${firstName}.${lastName}.${seed}.${index}@seed.example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      firstName,
      lastName,
      role: 'job_seeker',
      status,
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    },
    profile: {
      id: profileId,
      userId,
      fullName: `${firstName} ${lastName}`,
      phone: phoneFor(location, random),
      location,
      industries,
      languages: [...languages].sort((a, b) => LANGUAGES.indexOf(a) - LANGUAGES.indexOf(b)),
      // A path to a file that does not exist, and the shared sample video (see the top of scripts/seed.ts).
      cvUrl: hasCv ? `/objects/cv/${random.uuid()}` : null,
      videoUrl: hasVideo && drawnVideoId(random) ? SAMPLE_VIDEO_URL : null,
      bio,
      yearsOfExperience: years,
      visibility: random.chance(0.05) ? 'hidden' : 'visible',
      facts: hiringFacts(factsRandom, community, location, industries),
      submittedAt: createdAt,
      reviewedAt: status === 'pending' ? null : new Date(createdAt.getTime() + random.int(1, 24) * 3600 * 1000),
      createdAt,
      updatedAt: createdAt,
    },
  };
}
