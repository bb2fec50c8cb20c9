// The search's relevance tiers, and its ways of reading a page (walking a sort index, or finding the matches through
// indexes and sorting them), on a real database: all must give exactly the same pages. The HTTP
// side (who may search, filters, bad input) is in server/routes/candidates.api.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { candidateSearchSchema, type CandidateSearch } from '#shared/candidates.ts';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createCandidateSearch, type CandidateSearchService } from './candidate-search/search.ts';

let testDatabase: TestDatabase;
const db = (): Db => testDatabase.database.db;
const COMPANY = randomUUID();
const base = new Date('2026-03-01T00:00:00Z').getTime();
let hour = 0;

interface Person {
  fullName: string;
  location?: string;
  industries?: string[];
  languages?: string[];
  bio?: string;
  yearsOfExperience?: number | null;
}

/** An approved job seeker, each one newer than the last. */
async function seeker(person: Person): Promise<string> {
  const [user] = await db()
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, role: 'job_seeker', status: 'active' })
    .returning({ id: users.id });
  const [profile] = await db()
    .insert(jobSeekerProfiles)
    .values({
      userId: user!.id,
      fullName: person.fullName,
      phone: '+971501234567',
      location: person.location ?? 'Dubai, UAE',
      industries: person.industries ?? ['Retail'],
      languages: person.languages ?? ['English'],
      bio: person.bio ?? null,
      yearsOfExperience: person.yearsOfExperience === undefined ? 4 : person.yearsOfExperience,
      createdAt: new Date(base + ++hour * 3600 * 1000),
    })
    .returning({ id: jobSeekerProfiles.id });
  return profile!.id;
}

const input = (query: Record<string, string | number>) => candidateSearchSchema.parse(query);
const ids = (result: { items: { id: string }[] }) => result.items.map((c) => c.id);

/** Every page of a search, in order, with the totals each page gave. */
async function allPages(search: CandidateSearchService, query: Record<string, string | number>) {
  const seen: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<CandidateSearchService['search']>> = await search.search(COMPANY, input({ ...query, ...(cursor ? { cursor } : {}) }) as CandidateSearch);
    seen.push(...ids(page));
    totals.push(page.total);
    cursor = page.nextCursor;
  } while (cursor);
  return { seen, totals };
}

const p: Record<string, string> = {};

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // Oldest first: in each pair below the better match is the older one, so only the tier can put it first.
  p.thomasName = await seeker({ fullName: 'Thomas George', bio: 'Forklift operator.' });
  p.thomasBio = await seeker({ fullName: 'Anil Kumar', bio: 'Drove for Thomas Transport for six years.' });
  p.securityIndustry = await seeker({ fullName: 'Kwame Mensah', industries: ['Security'], location: 'Doha, Qatar', bio: 'Mall patrols.' });
  p.securityBio = await seeker({ fullName: 'Joseph Mathew', industries: ['Retail'], bio: 'Security checks at a mall, moved from Doha.' });
  p.dohaPlace = await seeker({ fullName: 'Maria Santos', location: 'Doha, Qatar', industries: ['Hospitality'], bio: 'Housekeeping.' });
  p.dohaBio = await seeker({ fullName: 'Priya Menon', location: 'Sharjah, UAE', industries: ['Healthcare'], bio: 'Nurse, five years in Doha.' });
  p.tagalogLanguage = await seeker({ fullName: 'Jomar Cruz', languages: ['English', 'Tagalog'], bio: 'Barista.' });
  p.tagalogBio = await seeker({ fullName: 'Bilal Khan', languages: ['Urdu'], bio: 'Learning Tagalog from my team.' });
  // A crowd, so that pages have something to walk: every third one a driver.
  for (let i = 0; i < 45; i++) {
    const id = await seeker({
      fullName: `Crowd Member ${i}`,
      location: i % 2 ? 'Riyadh, Saudi Arabia' : 'Dubai, UAE',
      industries: i % 3 === 0 ? ['Transportation'] : ['Construction'],
      languages: i % 4 === 0 ? ['Arabic', 'English'] : ['Hindi'],
      bio: i % 3 === 0 ? `Light and heavy driver, ${i} deliveries a day.` : 'Mason on villa projects.',
      yearsOfExperience: i % 5 === 0 ? null : i % 17,
    });
    // Every other one last said they were looking four months ago.
    if (i % 2 === 0) await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: sql`now() - interval '120 days'` }).where(eq(jobSeekerProfiles.id, id));
    // The hiring facts, all mixed; every seventh has said none.
    if (i % 7 !== 0) {
      await db()
        .update(jobSeekerProfiles)
        .set({
          nationality: ['NP', 'IN', 'PH', 'PK'][i % 4],
          currentCountry: i % 3 === 1 ? 'IN' : 'AE',
          visaStatus: ['employment', 'transferable', 'visit', 'cancelled', 'gcc_national'][i % 5],
          availableFrom: sql`current_date + ${(i * 7) % 70}::int`,
          drivingLicences: i % 3 === 0 ? ['gcc_light', 'heavy'] : [],
          licenceCountry: i % 3 === 0 ? 'AE' : null,
          salaryMin: 1500 + (i % 6) * 500,
          salaryCurrency: i % 8 === 1 ? 'SAR' : 'AED',
        })
        .where(eq(jobSeekerProfiles.id, id));
    }
  }
});
afterAll(() => testDatabase.drop());

describe('relevance: where the words are found, then the newest', () => {
  const search = () => createCandidateSearch(db());
  it.each([
    ['a name above a mention in a bio', 'thomas', () => [p.thomasName, p.thomasBio]],
    ['an industry above a mention in a bio', 'security', () => [p.securityIndustry, p.securityBio]],
    ['a place above a mention in a bio', 'doha', () => [p.dohaPlace, p.securityIndustry, p.dohaBio, p.securityBio]],
    ['a language above a mention in a bio', 'tagalog', () => [p.tagalogLanguage, p.tagalogBio]],
    // Kwame: Security is his industry, Doha his place (the place decides); Joseph has both words in his bio only.
    ['the weakest word decides', 'security doha', () => [p.securityIndustry, p.securityBio]],
  ])('%s', async (_name, q, expected) => {
    const result = await search().search(COMPANY, input({ q }) as CandidateSearch);
    expect(ids(result)).toEqual(expected());
    expect(result.total).toBe(expected().length);
  });

  it('puts those who said lately that they are still looking before the others, whatever the tier', async () => {
    const named = await seeker({ fullName: 'Grout Idris', bio: 'Tiles.' });
    const mentioned = await seeker({ fullName: 'Karim Haddad', bio: 'Grout and tiles for bathrooms.' });
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: sql`now() - interval '100 days'` }).where(eq(jobSeekerProfiles.id, named));
    for (const options of [{}, { maxWalk: 0 }, { maxWalk: Number.POSITIVE_INFINITY }]) {
      const { seen } = await allPages(createCandidateSearch(db(), options), { q: 'grout', limit: 1 });
      // The name is the better tier, but its owner has been quiet for 100 days.
      expect(seen).toEqual([mentioned, named]);
    }
  });

  it('puts a newer profile of a better tier first at once, though the count was kept', async () => {
    const service = search();
    expect(ids(await service.search(COMPANY, input({ q: 'falconer' }) as CandidateSearch))).toEqual([]);
    const before = await service.search(COMPANY, input({ q: 'forklift' }) as CandidateSearch);
    expect(ids(before)).toEqual([p.thomasName]);
    const falconer = await seeker({ fullName: 'Sami Falconer', bio: 'Forklift and reach truck.' });
    const named = await seeker({ fullName: 'Forklift Ali', bio: 'Warehouse.' });
    const after = await service.search(COMPANY, input({ q: 'forklift' }) as CandidateSearch);
    expect(ids(after)).toEqual([named, falconer, p.thomasName]);
    expect(after.total).toBe(3);
    expect(ids(await service.search(COMPANY, input({ q: 'falconer' }) as CandidateSearch))).toEqual([falconer]);
  });
});

describe('long bios: the sort indexes hold the start of a bio, the table all of it', () => {
  const everyWay = async (q: string, sort = 'relevance') => {
    const pages = await Promise.all(
      [{ maxWalk: 0 }, { maxWalk: Number.POSITIVE_INFINITY }, {}].map((options) =>
        allPages(createCandidateSearch(db(), options), { q, sort, limit: 5 }),
      ),
    );
    expect(pages[0]!.seen).toEqual(pages[1]!.seen);
    expect(pages[2]!.seen).toEqual(pages[1]!.seen);
    return pages[0]!.seen;
  };

  it('finds names and bios written in Arabic, Devanagari and Malayalam script, by whole words and beginnings', async () => {
    const arabicName = await seeker({ fullName: 'محمد عبد الله', bio: 'Carpenter.' });
    const arabicBio = await seeker({ fullName: 'Samir Haddad', bio: 'سائق شاحنات في الرياض منذ عشر سنوات' });
    const hindi = await seeker({ fullName: 'राजेश कुमार', bio: 'राजमिस्त्री, दुबई में पाँच साल' });
    const malayalam = await seeker({ fullName: 'Anoop Nair', bio: 'ഇലക്ട്രീഷ്യൻ, ഷാർജയിൽ ജോലി' });
    expect(await everyWay('محمد')).toEqual([arabicName]);
    expect(await everyWay('محم')).toEqual([arabicName]);
    expect(await everyWay('شاحنات الرياض')).toEqual([arabicBio]);
    expect(await everyWay('राजेश')).toEqual([hindi]);
    expect(await everyWay('दुबई')).toEqual([hindi]);
    expect(await everyWay('ഇലക്ട്രീഷ്യൻ')).toEqual([malayalam]);
    // A name in one script is not found by its spelling in another.
    expect(await everyWay('mohammed')).toEqual([]);
  });

  it('takes the largest profile the form allows, and finds it by a word at the end of its bio', async () => {
    // Distinct one-letter words of a 3-byte script make the largest text vectors: far past what an index row holds.
    const letters = (from: number, n: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(from + i * 7));
    const name = letters(0x4e00, 60).join(' ').slice(0, 120);
    const bio = letters(0x5e00, 1000).join(' ').slice(0, 2000);
    const id = await seeker({
      fullName: name,
      industries: ['Construction', 'Hospitality', 'Retail', 'Cleaning Services', 'Security', 'Transportation', 'Healthcare', 'Manufacturing'],
      languages: ['English', 'Arabic', 'Hindi', 'Urdu', 'Tagalog', 'Bengali', 'Malayalam', 'Tamil', 'Other'],
      bio,
    });
    const last = bio.split(' ').at(-1)!;
    expect(await everyWay(last)).toEqual([id]);
    expect(await everyWay(last, 'newest')).toEqual([id]);
    expect(await everyWay(`${name.split(' ')[0]} ${last}`)).toEqual([id]);
  });

  it('finds a word past the start of a bio, and not the part of a word cut at the end of the start', async () => {
    // The start is the first 161 bytes less a cut word: here 'hydraulics' begins at byte 160, so 'hy' is cut off.
    const start = `${'Warehouse picker and packer. '.repeat(5)}Loads`;
    const filler = 'x'.repeat(158 - Buffer.byteLength(start) - 1);
    const id = await seeker({ fullName: 'Long Bio', bio: `${start} ${filler} hydraulics and pneumatics fitter on a long list of plants.` });
    expect(await everyWay('pneumatics')).toEqual([id]);
    expect(await everyWay('hydraulics', 'experience')).toEqual([id]);
    // Someone is called Hy, so that there is something to walk to.
    const hy = await seeker({ fullName: 'Hy Tran', bio: 'Cook.' });
    expect(await everyWay('hy', 'newest')).toEqual([hy]);
    expect(await everyWay('hy', 'experience')).toEqual([hy]);
    expect(await everyWay('packer')).toContain(id);
  });
});

describe('walking an index and finding the matches through indexes give the same pages', () => {
  const queries: Record<string, string | number>[] = [
    { q: 'driver' },
    { q: 'driver', sort: 'newest' },
    { q: 'driver', sort: 'experience' },
    { q: 'driver', locations: 'Riyadh, Saudi Arabia', minYears: 2 },
    { q: 'doha' },
    { q: 'doha', sort: 'newest' },
    { q: 'english', sort: 'experience' },
    { q: 'tagalog', sort: 'newest', limit: 1 },
    { q: 'dubai mason', sort: 'experience' },
    { q: 'english' },
    { q: 'member', languages: 'Arabic', hasVideo: 'false' },
    { q: 'zzz' },
    // The better tiers found through the name, industries, languages and places.
    { q: 'security' },
    { q: 'security doha' },
    { q: 'tagalog' },
    { q: 'kwame security' },
    { q: 'cleaner' },
    { q: 'riyadh english', sort: 'newest' },
    { q: 'crowd riyadh', industries: 'Transportation' },
    // Only those who said lately that they are still looking (a column the sort indexes do not carry).
    { q: 'driver', fresh: 'true' },
    { q: 'driver', sort: 'experience', fresh: 'true' },
    { q: 'crowd', sort: 'newest', fresh: 'true' },
    // The hiring facts (columns the sort indexes carry).
    { q: 'driver', visaStatuses: 'transferable,visit' },
    { q: 'driver', availableWithin: 30, sort: 'experience' },
    { q: 'crowd', nationalities: 'NP,IN', licences: 'heavy', sort: 'newest' },
    { q: 'mason', maxSalary: 2500, salaryCurrency: 'AED', inCountries: 'AE' },
    { visaStatuses: 'transferable', availableWithin: 30 },
    { nationalities: 'PH', sort: 'experience' },
  ];
  it.each(queries.flatMap((query) => [1, 2, 7].map((limit) => ({ ...query, limit }))))('%o', async (query) => {
    const whole = await allPages(createCandidateSearch(db()), { ...query, limit: 50 });
    // As chosen by the counts; through indexes; walking prepared statements; walking statements planned each time.
    for (const options of [{}, { maxWalk: 0 }, { maxWalk: Number.POSITIVE_INFINITY }, { maxWalk: Number.POSITIVE_INFINITY, maxPrepared: 0 }]) {
      const paged = await allPages(createCandidateSearch(db(), options), query);
      expect(paged.seen).toEqual(whole.seen);
      expect(new Set(paged.totals)).toEqual(new Set([whole.seen.length]));
    }
    expect(new Set(whole.seen).size).toBe(whole.seen.length);
  });

  it.each(['doha', 'english', 'driver', 'security doha', 'dubai mason'])('finds the same profiles in every order: %s', async (q) => {
    const inOrder = (sort: string) => allPages(createCandidateSearch(db()), { q, sort, limit: 3 });
    const [relevance, newest, experience] = [await inOrder('relevance'), await inOrder('newest'), await inOrder('experience')];
    expect(relevance.seen.length).toBeGreaterThan(0);
    expect([...newest.seen].sort()).toEqual([...relevance.seen].sort());
    expect([...experience.seen].sort()).toEqual([...relevance.seen].sort());
    expect(new Set([...relevance.totals, ...newest.totals, ...experience.totals])).toEqual(new Set([relevance.seen.length]));
  });

  it('keeps only those who said they are still looking in the last 90 days, when asked', async () => {
    for (const options of [{}, { maxWalk: 0 }, { maxWalk: Number.POSITIVE_INFINITY }]) {
      const { seen } = await allPages(createCandidateSearch(db(), options), { q: 'driver', fresh: 'true', limit: 4 });
      expect(seen).toHaveLength(7);
    }
    const crowdTransport = await allPages(createCandidateSearch(db()), { q: 'crowd', industries: 'Transportation', fresh: 'true', limit: 4 });
    expect(crowdTransport.seen).toHaveLength(7);
  });

  it('keeps only those whose facts match the hiring-fact filters', async () => {
    const drivers = await allPages(createCandidateSearch(db()), { q: 'driver', limit: 50 });
    const transferable = await allPages(createCandidateSearch(db()), { q: 'driver', visaStatuses: 'transferable', availableWithin: 45, limit: 50 });
    const rows = await db().select().from(jobSeekerProfiles);
    const expected = rows
      .filter((r) => drivers.seen.includes(r.id) && r.visaStatus === 'transferable' && r.availableFrom !== null)
      .filter((r) => Date.parse(r.availableFrom!) <= Date.now() + 45 * 24 * 3600 * 1000)
      .map((r) => r.id);
    expect(transferable.seen.length).toBeGreaterThan(0);
    expect([...transferable.seen].sort()).toEqual(expected.sort());
  });

  it('finds every crowd driver, and only them', async () => {
    for (const options of [{}, { maxWalk: 0 }, { maxWalk: Number.POSITIVE_INFINITY }]) {
      const { seen } = await allPages(createCandidateSearch(db(), options), { q: 'driver', limit: 4 });
      expect(seen).toHaveLength(15);
    }
  });
});

describe('counts', () => {
  it('keeps the count of a filter set for a short time, then counts again', async () => {
    let now = new Date('2026-06-01T08:00:00Z');
    const service = createCandidateSearch(db(), { clock: { now: () => now }, countFreshMs: 60_000 });
    const query = input({ q: 'plasterer', limit: 1 }) as CandidateSearch;
    await seeker({ fullName: 'Plaster One', bio: 'Plasterer.' });
    await seeker({ fullName: 'Plaster Two', bio: 'Plasterer.' });
    expect((await service.search(COMPANY, query)).total).toBe(2);
    const third = await seeker({ fullName: 'Plaster Three', bio: 'Plasterer and painter.' });
    now = new Date(now.getTime() + 30_000);
    const kept = await service.search(COMPANY, query);
    // The count is a minute old at most; the page itself is current.
    expect(kept.total).toBe(2);
    expect(ids(kept)).toEqual([third]);
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await service.search(COMPANY, query)).total).toBe(3);
  });
});
