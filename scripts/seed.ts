// `npm run db:seed -- --profiles N [--seed S]`: realistic GCC job seekers for demos and benchmarks, written straight
// into DATABASE_URL (or the embedded database, like `npm run db:migrate`) in batches.
//
// Deterministic: the same --seed gives the same people, ids and dates, so running it twice adds nothing the second
// time (rows that exist are skipped). A different --seed adds a different crowd.
//
// The CV paths point to /objects/cv/<uuid> files that do not exist: no upload record stands behind them, so the app
// answers 404 for them, and the clean-up of unused uploads ignores them. Profiles with a video share one real sample
// (/objects/sample/<SAMPLE_VIDEO_ID>): a few seconds of a test picture with a tone, made once by ffmpeg as the app
// makes every video (an MP4 with a poster), so cards show a picture and the player plays.
// Seeded accounts have no password: they are there to be found, not to sign in.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { LANGUAGES, type INDUSTRIES, type LOCATIONS } from '#shared/constants.ts';
import { objects } from '#shared/schema.ts';
import { systemClock } from '../server/clock.ts';
import type { Config } from '../server/config.ts';
import type { Db } from '../server/db/client.ts';
import { createStorage } from '../server/storage/create-storage.ts';
import { makePlayable } from '../server/video/make-playable.ts';

/** The one video every seeded profile with a video shows. */
export const SAMPLE_VIDEO_ID = '5eed0000-0000-4000-8000-000000000001';
export const SAMPLE_VIDEO_URL = `/objects/sample/${SAMPLE_VIDEO_ID}`;

/** Draws the id a video of its own would have had, so a --seed gives the same people as before the shared sample. */
const drawnVideoId = (random: { uuid(): string }) => random.uuid();

type Industry = (typeof INDUSTRIES)[number];
type Language = (typeof LANGUAGES)[number];
type Location = (typeof LOCATIONS)[number];

/** A small, fast, seedable PRNG (mulberry32). */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  /** Picks by weight: [[value, weight], ...]. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries.at(-1)![0];
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, weighted, uuid };
}
type Random = ReturnType<typeof randomSource>;

interface Community {
  weight: number;
  first: readonly string[];
  last: readonly string[];
  /** Languages of home, picked from besides English. */
  languages: readonly (readonly [Language, number])[];
  englishChance: number;
  /** Nationalities (ISO codes), by share. */
  nationalities: readonly (readonly [string, number])[];
}

// The communities that make most of the Gulf's workforce, roughly by their share.
const COMMUNITIES: readonly Community[] = [
  {
    // India (Kerala, Tamil Nadu, the north)
    weight: 30,
    first: ['Rahul', 'Anil', 'Suresh', 'Vijay', 'Arjun', 'Deepak', 'Manoj', 'Rajesh', 'Priya', 'Anjali', 'Lakshmi', 'Divya', 'Sreejith', 'Vishnu', 'Arun', 'Kavya', 'Meera', 'Ramesh', 'Sanjay', 'Nikhil', 'Jomon', 'Biju', 'Shibu', 'Reshma', 'Karthik', 'Senthil', 'Murugan', 'Selvi', 'Amit', 'Sunil'],
    last: ['Nair', 'Menon', 'Pillai', 'Kumar', 'Sharma', 'Verma', 'Thomas', 'Varghese', 'Joseph', 'Kurian', 'Iyer', 'Reddy', 'Patel', 'Singh', 'Das', 'Krishnan', 'Subramanian', 'George', 'Mathew', 'Yadav'],
    languages: [['Malayalam', 4], ['Hindi', 5], ['Tamil', 3], ['Urdu', 1]],
    englishChance: 0.8,
    nationalities: [['IN', 1]],
  },
  {
    // Pakistan
    weight: 14,
    first: ['Muhammad', 'Ali', 'Imran', 'Bilal', 'Usman', 'Hamza', 'Asif', 'Tariq', 'Zeeshan', 'Ayesha', 'Fatima', 'Sana', 'Waqas', 'Faisal', 'Naveed', 'Shahid'],
    last: ['Khan', 'Ahmed', 'Hussain', 'Raza', 'Qureshi', 'Malik', 'Butt', 'Chaudhry', 'Iqbal', 'Shah', 'Abbasi', 'Mirza'],
    languages: [['Urdu', 6], ['Hindi', 1]],
    englishChance: 0.65,
    nationalities: [['PK', 1]],
  },
  {
    // Bangladesh
    weight: 10,
    first: ['Rafiq', 'Karim', 'Jahid', 'Sohel', 'Mizanur', 'Abdur', 'Shahin', 'Rubel', 'Nasrin', 'Rina', 'Habib', 'Mamun'],
    last: ['Rahman', 'Islam', 'Hossain', 'Uddin', 'Miah', 'Akter', 'Alam', 'Sarker', 'Chowdhury', 'Begum'],
    languages: [['Bengali', 6], ['Hindi', 1], ['Urdu', 1]],
    englishChance: 0.45,
    nationalities: [['BD', 1]],
  },
  {
    // Nepal and Sri Lanka
    weight: 7,
    first: ['Bikash', 'Ramesh', 'Sujan', 'Prakash', 'Sita', 'Anita', 'Nuwan', 'Kasun', 'Chaminda', 'Dilani', 'Tharindu', 'Roshan'],
    last: ['Gurung', 'Tamang', 'Thapa', 'Shrestha', 'Rai', 'Magar', 'Perera', 'Fernando', 'Silva', 'Jayasuriya', 'Bandara'],
    languages: [['Hindi', 3], ['Other', 4], ['Tamil', 1]],
    englishChance: 0.6,
    nationalities: [['NP', 3], ['LK', 2]],
  },
  {
    // The Philippines
    weight: 14,
    first: ['Maria', 'Jose', 'Mark', 'John Paul', 'Mary Grace', 'Rowena', 'Jennifer', 'Ramon', 'Cristina', 'Joy', 'Ariel', 'Rodel', 'Lovely', 'Jerome', 'Angelica', 'Marvin'],
    last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Torres', 'Flores', 'Navarro'],
    languages: [['Tagalog', 1]],
    englishChance: 0.95,
    nationalities: [['PH', 1]],
  },
  {
    // Egypt, the Levant, Sudan, Morocco
    weight: 15,
    first: ['Ahmed', 'Mohamed', 'Mahmoud', 'Omar', 'Youssef', 'Khaled', 'Hassan', 'Mostafa', 'Rami', 'Samer', 'Nour', 'Rania', 'Hala', 'Layla', 'Yasmin', 'Tarek', 'Osama', 'Fadi'],
    last: ['Hassan', 'Ibrahim', 'Abdelrahman', 'El Sayed', 'Mansour', 'Haddad', 'Khalil', 'Nasser', 'Saleh', 'Fathy', 'Osman', 'Haddad', 'Al Amin', 'Benali'],
    languages: [['Arabic', 1]],
    englishChance: 0.55,
    nationalities: [['EG', 6], ['JO', 2], ['LB', 1], ['SD', 2], ['MA', 1], ['SY', 1]],
  },
  {
    // East and West Africa
    weight: 10,
    first: ['Chinedu', 'Emeka', 'Oluwaseun', 'Ngozi', 'Kwame', 'Ama', 'Kofi', 'Wanjiru', 'Otieno', 'Achieng', 'Mercy', 'Grace', 'Samuel', 'Abebe', 'Tsegaye', 'Hiwot', 'Joseph', 'Faith'],
    last: ['Okafor', 'Adeyemi', 'Okonkwo', 'Mensah', 'Boateng', 'Owusu', 'Mwangi', 'Kamau', 'Odhiambo', 'Wanjala', 'Tesfaye', 'Bekele', 'Nakato', 'Mugisha'],
    languages: [['Other', 4], ['Arabic', 1]],
    englishChance: 0.9,
    nationalities: [['NG', 3], ['GH', 2], ['KE', 3], ['ET', 2], ['UG', 2]],
  },
];

const LOCATION_WEIGHTS: readonly (readonly [Location, number])[] = [
  ['Dubai, UAE', 24], ['Abu Dhabi, UAE', 12], ['Sharjah, UAE', 9], ['Ajman, UAE', 4], ['Ras Al Khaimah, UAE', 3],
  ['Fujairah, UAE', 2], ['Umm Al Quwain, UAE', 1], ['Riyadh, Saudi Arabia', 12], ['Jeddah, Saudi Arabia', 8],
  ['Dammam, Saudi Arabia', 5], ['Doha, Qatar', 8], ['Manama, Bahrain', 3], ['Kuwait City, Kuwait', 5], ['Muscat, Oman', 4],
];

const INDUSTRY_WEIGHTS: readonly (readonly [Industry, number])[] = [
  ['Construction', 18], ['Hospitality', 14], ['Retail', 12], ['Manufacturing', 7], ['Healthcare', 8],
  ['Transportation', 11], ['Cleaning Services', 10], ['Security', 8], ['Warehouse', 9], ['Other', 3],
];

// A few words about the work, by industry: what people write on such profiles.
const WORK: Record<Industry, readonly string[]> = {
  Construction: ['Steel fixer on high-rise projects', 'Shuttering carpenter, formwork and scaffolding', 'Site foreman for villa and tower projects', 'Mason, block work and plastering', 'Electrician with fit-out and MEP experience', 'Plumber for residential and commercial sites', 'Heavy equipment operator, excavator and loader', 'Welder, certified 6G, pipelines and structures'],
  Hospitality: ['Front desk agent in a five-star hotel', 'Commis chef, continental and Arabic cuisine', 'Barista and coffee shop supervisor', 'Waiter and banquet server', 'Housekeeping attendant and room supervisor', 'Guest relations with resort experience', 'Restaurant cashier and host'],
  Retail: ['Sales associate in a fashion store', 'Cashier and customer service in a hypermarket', 'Store keeper and merchandiser', 'Mobile phone shop salesman', 'Visual merchandiser for mall outlets', 'Supermarket supervisor'],
  Manufacturing: ['Machine operator on a packaging line', 'Quality inspector in a food factory', 'CNC operator and fitter', 'Production helper, aluminium and glass', 'Maintenance technician for plant equipment'],
  Healthcare: ['Registered nurse with DHA licence', 'Caregiver for elderly patients at home', 'Pharmacy assistant', 'Dental assistant', 'Lab technician', 'Physiotherapy assistant'],
  Transportation: ['Heavy truck driver with GCC licence', 'Light vehicle driver, company and school transport', 'Delivery rider with own motorbike', 'Bus driver for staff transport', 'Forklift driver', 'Limousine chauffeur with airport experience'],
  'Cleaning Services': ['Cleaner for offices and villas', 'Housekeeping and deep cleaning', 'Cleaning supervisor for a facility company', 'Pest control technician', 'Laundry and ironing staff'],
  Security: ['Security guard with SIRA licence', 'CCTV operator', 'Security supervisor for a mall', 'Event security and crowd control', 'Lifeguard and safety officer'],
  Warehouse: ['Storekeeper with inventory systems', 'Picker and packer in a logistics centre', 'Warehouse assistant and loader', 'Inventory controller', 'Reach truck operator'],
  Other: ['Office boy and tea maker', 'Gardener and landscaping helper', 'Tailor and alterations', 'Barber and hairdresser', 'Data entry and admin assistant', 'Nanny and housemaid'],
};
const EXTRAS = ['Ready to join immediately.', 'Transferable visa.', 'Visit visa, available now.', 'Hard working and punctual.', 'Good with customers.', 'Can work night shifts.', 'Own car and driving licence.', 'Team player, quick learner.', 'References available.', 'Looking for a long-term position.'];

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

export interface SeedOptions {
  profiles: number;
  seed?: number;
  /** Rows per INSERT. */
  batchSize?: number;
  /** Profiles are created over the two years before this moment. */
  until?: Date;
  onProgress?: (done: number) => void;
  /**
   * Drop the secondary indexes of users and profiles first and build them again at the end: several times faster for a large seed,
   * and only for a database nobody else uses meanwhile (the benchmark's throwaway one): searches would scan the table.
   */
  rebuildIndexes?: boolean;
}

export const DEFAULT_SEED_UNTIL = new Date('2026-11-01T00:00:00Z');
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/** The country of a place of the location list. */
const COUNTRY_OF_PLACE: Record<string, string> = { UAE: 'AE', 'Saudi Arabia': 'SA', Qatar: 'QA', Bahrain: 'BH', Kuwait: 'KW', Oman: 'OM' };
const CURRENCY_OF_COUNTRY: Record<string, string> = { AE: 'AED', SA: 'SAR', QA: 'QAR', BH: 'BHD', KW: 'KWD', OM: 'OMR' };
/** A typical monthly pay in AED, and what one AED is in each currency. */
const PAY_AED: readonly (readonly [number, number])[] = [[1200, 3], [1800, 4], [2500, 4], [3500, 3], [5000, 2], [8000, 1]];
const PER_AED: Record<string, number> = { AED: 1, SAR: 1.02, QAR: 0.99, BHD: 0.1, KWD: 0.084, OMR: 0.105 };

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

/** Builds one job seeker and their profile. */
function person(random: Random, seed: number, index: number, until: Date, factsRandom: Random) {
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
      // A path to a file that does not exist, and the shared sample video (see the top of this file).
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

/**
 * Inserts `profiles` job seekers (users and profiles) in batches; returns how many were new. Set-based: each batch is
 * one statement per table that unnests column arrays, so a million profiles take minutes, not an hour of row-by-row
 * inserts (the statement count, not the rows, was the cost).
 */
export async function seedProfiles(db: Db, options: SeedOptions): Promise<number> {
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 5000;
  const until = options.until ?? DEFAULT_SEED_UNTIL;
  const random = randomSource(seed);
  const factsRandom = randomSource(seed + 1_000_003);
  let inserted = 0;
  // Each index as PostgreSQL itself would write it again, so the rebuilt ones are exactly the migrations'.
  const dropped = options.rebuildIndexes
    ? (
        await db.execute<{ name: string; definition: string }>(sql`
          select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
          where i.indrelid in ('users'::regclass, 'job_seeker_profiles'::regclass) and not i.indisprimary and not i.indisunique`)
      ).rows
    : [];
  for (const index of dropped) await db.execute(sql.raw(`drop index ${index.name}`));
  // One batch is written while the next is made: PostgreSQL and this process work at the same time.
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < options.profiles; start += batchSize) {
    const people = Array.from({ length: Math.min(batchSize, options.profiles - start) }, (_, i) => person(random, seed, start + i, until, factsRandom));
    const done = Math.min(start + batchSize, options.profiles);
    await writing;
    writing = writeBatch(people).then(() => options.onProgress?.(done));
  }
  await writing;

  async function writeBatch(people: ReturnType<typeof person>[]) {
    const column = <T>(pick: (p: (typeof people)[number]) => T) => people.map(pick);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role, status, email_verified_at, created_at, updated_at)
        select * from unnest(${sql.param(column((p) => p.user.id))}::text[], ${sql.param(column((p) => p.user.email))}::text[],
          ${sql.param(column((p) => p.user.firstName))}::text[], ${sql.param(column((p) => p.user.lastName))}::text[], ${sql.param(column((p) => p.user.role))}::text[],
          ${sql.param(column((p) => p.user.status))}::text[], ${sql.param(column((p) => iso(p.user.emailVerifiedAt)))}::timestamptz[],
          ${sql.param(column((p) => iso(p.user.createdAt)))}::timestamptz[], ${sql.param(column((p) => iso(p.user.updatedAt)))}::timestamptz[])
        on conflict do nothing`);
      // Industries and languages travel as comma-joined text (none of their values holds a comma): an array of
      // arrays cannot be unnested row by row.
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into job_seeker_profiles (id, user_id, full_name, phone, location, industries, languages, cv_url, video_url,
          bio, years_of_experience, visibility, submitted_at, reviewed_at, looking_confirmed_at, created_at, updated_at,
          nationality, current_country, visa_status, available_from, driving_licences, licence_country, salary_min, salary_max, salary_currency)
        select id, user_id, full_name, phone, location, string_to_array(industries, ','), string_to_array(languages, ','),
          cv_url, video_url, bio, years_of_experience, visibility, submitted_at, reviewed_at,
          greatest(created_at, coalesce(reviewed_at, created_at)), created_at, updated_at,
          nationality, current_country, visa_status, current_date + available_in_days, string_to_array(driving_licences, ','),
          licence_country, salary_min, salary_max, salary_currency
        from unnest(${sql.param(column((p) => p.profile.id))}::uuid[], ${sql.param(column((p) => p.profile.userId))}::text[],
          ${sql.param(column((p) => p.profile.fullName))}::text[], ${sql.param(column((p) => p.profile.phone))}::text[], ${sql.param(column((p) => p.profile.location))}::text[],
          ${sql.param(column((p) => p.profile.industries.join(',')))}::text[], ${sql.param(column((p) => p.profile.languages.join(',')))}::text[],
          ${sql.param(column((p) => p.profile.cvUrl))}::text[], ${sql.param(column((p) => p.profile.videoUrl))}::text[], ${sql.param(column((p) => p.profile.bio))}::text[],
          ${sql.param(column((p) => p.profile.yearsOfExperience))}::int[], ${sql.param(column((p) => p.profile.visibility))}::text[],
          ${sql.param(column((p) => iso(p.profile.submittedAt)))}::timestamptz[], ${sql.param(column((p) => iso(p.profile.reviewedAt)))}::timestamptz[],
          ${sql.param(column((p) => iso(p.profile.createdAt)))}::timestamptz[], ${sql.param(column((p) => iso(p.profile.updatedAt)))}::timestamptz[],
          ${sql.param(column((p) => p.profile.facts?.nationality ?? null))}::text[], ${sql.param(column((p) => p.profile.facts?.currentCountry ?? null))}::text[],
          ${sql.param(column((p) => p.profile.facts?.visaStatus ?? null))}::text[], ${sql.param(column((p) => p.profile.facts?.availableInDays ?? null))}::int[],
          ${sql.param(column((p) => p.profile.facts?.drivingLicences?.join(',') ?? null))}::text[], ${sql.param(column((p) => p.profile.facts?.licenceCountry ?? null))}::text[],
          ${sql.param(column((p) => p.profile.facts?.salaryMin ?? null))}::int[], ${sql.param(column((p) => p.profile.facts?.salaryMax ?? null))}::int[],
          ${sql.param(column((p) => p.profile.facts?.salaryCurrency ?? null))}::text[])
          as t(id, user_id, full_name, phone, location, industries, languages, cv_url, video_url, bio, years_of_experience,
            visibility, submitted_at, reviewed_at, created_at, updated_at, nationality, current_country, visa_status, available_in_days,
            driving_licences, licence_country, salary_min, salary_max, salary_currency)
        on conflict do nothing
        returning id`);
      inserted += rows.length;
    });
  }
  if (dropped.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const index of dropped) await tx.execute(sql.raw(index.definition));
    });
  }
  // Fresh statistics, so the planner knows the new rows at once (autovacuum would get there later).
  await db.execute(sql`analyze users, job_seeker_profiles`);
  return inserted;
}

/**
 * The shared sample video and its poster, made once with ffmpeg and kept in the configured storage, with an `objects`
 * row of kind 'sample' (no owner: anyone signed in may play it; it shows nobody).
 */
export async function ensureSampleVideo(config: Config, db: Db): Promise<void> {
  const key = `sample/${SAMPLE_VIDEO_ID}`;
  const [existing] = await db.select({ id: objects.id }).from(objects).where(eq(objects.key, key));
  if (existing) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-sample-'));
  try {
    const source = path.join(dir, 'source.mkv');
    await promisify(execFile)(config.ffmpeg.ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330',
      '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', source,
    ]);
    const out = { videoPath: path.join(dir, 'video'), posterPath: path.join(dir, 'poster') };
    const { durationMs } = await makePlayable(config.ffmpeg, source, out);
    const storage = await createStorage(config, systemClock);
    const [video, poster] = await Promise.all([stat(out.videoPath), stat(out.posterPath)]);
    const posterKey = `poster/${SAMPLE_VIDEO_ID}`;
    await storage.putFile(posterKey, createReadStream(out.posterPath), { size: poster.size, contentType: 'image/jpeg' });
    await storage.putFile(key, createReadStream(out.videoPath), { size: video.size, contentType: 'video/mp4' });
    await db
      .insert(objects)
      .values({ key, kind: 'sample', ownerId: null, contentType: 'video/mp4', size: video.size, status: 'ready', durationMs, posterKey })
      .onConflictDoNothing();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      profiles: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      batch: { type: 'string', default: '5000' },
    },
  });
  const profiles = Number(values.profiles);
  const seed = Number(values.seed);
  const batchSize = Number(values.batch);
  if (!Number.isInteger(profiles) || profiles < 1) throw new Error('--profiles must be a positive whole number');
  if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 20_000) throw new Error('--batch must be between 1 and 20000');

  const { loadConfig } = await import('../server/config.ts');
  const { openDatabaseForCommand } = await import('../server/db/open.ts');
  const { loadOrCreateSessionSecret } = await import('../server/auth/session.ts');
  let config = loadConfig();
  const { database, close } = await openDatabaseForCommand(config);
  // The local storage signs its upload links with the server's secret, kept in DATA_DIR when not configured.
  if (!config.sessionSecret) config = { ...config, sessionSecret: await loadOrCreateSessionSecret(config.dataDir) };
  try {
    const started = Date.now();
    await ensureSampleVideo(config, database.db);
    const inserted = await seedProfiles(database.db, {
      profiles,
      seed,
      batchSize,
      onProgress: (done) => {
        if (process.stdout.isTTY) process.stdout.write(`\r${done} / ${profiles}`);
        else if (done % 10_000 === 0 || done === profiles) console.log(`${done} / ${profiles}`);
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    console.log(`Seeded ${inserted} new job seekers (seed ${seed}; ${profiles - inserted} existed) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
