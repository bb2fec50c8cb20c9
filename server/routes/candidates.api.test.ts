// The Job Seeker Database API: who may use it, which profiles ever show, every filter and sort on a
// small set of profiles (exact ids), keyset pages, bad input (400, never 500), events, the shortlist and the files.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ProfileInput } from '#shared/profile.ts';
import { candidateEvents, companyProfiles, jobSeekerProfiles, users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { jobSeekerWithProfile, mp4, PDF, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';
import { INDUSTRIES, LANGUAGES, LOCATIONS } from '#shared/constants.ts';
import { countOptions } from '../services/candidate-search/counts.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
type Seeker = Awaited<ReturnType<typeof jobSeekerWithProfile>>;
type CompanyState = 'active' | 'pending_payment' | 'expired' | 'suspended' | 'no profile';

/** A company account in the given state, written straight to the database (onboarding is tested elsewhere). */
async function company(app: TestApp, state: CompanyState = 'active', now = new Date()): Promise<Agent & { companyId: string }> {
  const agent = await signedInAgent(app, { role: 'company' });
  if (state === 'no profile') return { ...agent, companyId: '' };
  const ended = state === 'expired';
  const [row] = await app.testDatabase.database.db
    .insert(companyProfiles)
    .values({
      userId: agent.id,
      companyName: `Company of ${agent.email}`,
      contactPerson: 'Hiring Manager',
      phone: '+971501112233',
      email: agent.email,
      subscriptionPlan: 'monthly',
      // An expired subscription is still marked active: the end date alone ends access.
      subscriptionStatus: state === 'expired' ? 'active' : state,
      subscriptionStartDate: state === 'pending_payment' ? null : new Date(now.getTime() - (ended ? 40 : 5) * DAY),
      subscriptionEndDate: state === 'pending_payment' ? null : new Date(now.getTime() + (ended ? -10 : 25) * DAY),
    })
    .returning();
  return { ...agent, companyId: row!.id };
}

/** A profile that has not given its hiring facts (tested in hiring-facts.api.test.ts). */
const NO_FACTS = {
  nationality: null,
  currentCountry: null,
  visaStatus: null,
  availableFrom: null,
  drivingLicences: null,
  licenceCountry: null,
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
  verifiedFacts: [],
};

const setUserStatus = (userId: string, status: string) => db().update(users).set({ status }).where(eq(users.id, userId));

/** A job seeker with a profile, approved by the team (users.status 'active'). */
async function approvedSeeker(overrides: Partial<ProfileInput>, createdAt: Date): Promise<Seeker> {
  const seeker = await jobSeekerWithProfile(testApp, overrides);
  await setUserStatus(seeker.id, 'active');
  await db().update(jobSeekerProfiles).set({ createdAt }).where(eq(jobSeekerProfiles.id, seeker.profile.id));
  return seeker;
}

// The visible set, oldest first. Every test below that lists profiles knows exactly these six.
const base = new Date('2026-01-01T00:00:00Z').getTime();
let amina: Seeker, rahul: Seeker, maria: Seeker, kwame: Seeker, omar: Seeker, priya: Seeker;
// The ones that never show: each would match the Hospitality / Dubai filters and the word 'hotels'.
let hidden: Seeker, pending: Seeker, rejected: Seeker, suspended: Seeker;
let active: Agent & { companyId: string };

const NEVER: Partial<ProfileInput> = {
  location: 'Dubai, UAE',
  industries: ['Hospitality'],
  languages: ['English', 'Arabic'],
  bio: 'Waiter in Dubai hotels, driver and nurse and cleaner too.',
  yearsOfExperience: 5,
};

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  const at = (hours: number) => new Date(base + hours * 3600 * 1000);
  amina = await approvedSeeker(
    { fullName: 'Amina Yusuf', location: 'Dubai, UAE', industries: ['Hospitality', 'Retail'], languages: ['English', 'Arabic'], yearsOfExperience: 5, bio: 'Front desk and guest relations, five years in Dubai hotels.' },
    at(1),
  );
  rahul = await approvedSeeker(
    { fullName: 'Rahul Nair', location: 'Abu Dhabi, UAE', industries: ['Construction'], languages: ['English', 'Hindi', 'Malayalam'], yearsOfExperience: 12, bio: 'Steel fixer and shuttering carpenter on high-rise towers.' },
    at(2),
  );
  maria = await approvedSeeker(
    { fullName: 'Maria Santos', location: 'Dubai, UAE', industries: ['Cleaning Services', 'Hospitality'], languages: ['English', 'Tagalog'], yearsOfExperience: 3, bio: 'Housekeeping and deep cleaning for villas and offices.' },
    at(3),
  );
  kwame = await approvedSeeker(
    { fullName: 'Kwame Mensah', location: 'Doha, Qatar', industries: ['Security'], languages: ['English'], yearsOfExperience: undefined, bio: 'Security guard with SIRA licence, malls and events.' },
    at(4),
  );
  omar = await approvedSeeker(
    { fullName: 'Omar Haddad', location: 'Riyadh, Saudi Arabia', industries: ['Transportation'], languages: ['Arabic'], yearsOfExperience: 20, bio: 'Heavy truck driver with a GCC licence.' },
    at(5),
  );
  priya = await approvedSeeker(
    { fullName: 'Priya Menon', location: 'Sharjah, UAE', industries: ['Healthcare'], languages: ['English', 'Malayalam'], yearsOfExperience: 8, bio: 'Registered nurse, DHA licensed, ICU and ward experience.' },
    at(6),
  );
  // Maria has no video (a profile from before videos were required, say).
  await db().update(jobSeekerProfiles).set({ videoUrl: null }).where(eq(jobSeekerProfiles.id, maria.profile.id));

  hidden = await approvedSeeker({ ...NEVER, fullName: 'Hidden Hotelier' }, at(7));
  await db().update(jobSeekerProfiles).set({ visibility: 'hidden' }).where(eq(jobSeekerProfiles.id, hidden.profile.id));
  pending = await jobSeekerWithProfile(testApp, { ...NEVER, fullName: 'Pending Hotelier' });
  rejected = await jobSeekerWithProfile(testApp, { ...NEVER, fullName: 'Rejected Hotelier' });
  await setUserStatus(rejected.id, 'rejected');
  suspended = await approvedSeeker({ ...NEVER, fullName: 'Suspended Hotelier' }, at(8));
  await setUserStatus(suspended.id, 'suspended');

  active = await company(testApp);
});
afterAll(() => testApp.close());

const ids = (res: request.Response) => (res.body.items as { id: string }[]).map((c) => c.id);
const search = (query: Record<string, string | number | boolean> = {}, agent: Agent = active) => agent.agent.get('/api/candidates').query(query);
const idsOf = (...seekers: Seeker[]) => seekers.map((s) => s.profile.id);

describe('who may use the Job Seeker Database', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/candidates'],
      ['GET', '/api/candidates/option-counts'],
      ['GET', `/api/candidates/${id}`],
      ['POST', `/api/candidates/${id}/contact`, { channel: 'email' }],
      ['GET', '/api/shortlist'],
      ['PUT', `/api/shortlist/${id}`, { note: 'Call on Sunday' }],
      ['DELETE', `/api/shortlist/${id}`],
    ] as const;
  const call = (agent: request.Agent | ReturnType<typeof request>, [method, url, body]: ReturnType<typeof routes>[number]) => {
    const req = method === 'GET' ? agent.get(url) : method === 'POST' ? agent.post(url) : method === 'PUT' ? agent.put(url) : agent.delete(url);
    return body ? req.send(body) : req;
  };

  it('answers 401 to anonymous callers on every route', async () => {
    for (const route of routes(amina.profile.id)) {
      const res = await call(request(testApp.app), route);
      expect(res.status, route.join(' ')).toBe(401);
    }
  });

  it('answers 403 to job seekers and to companies without an active, unexpired subscription, on every route', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const refused = [
      ['job seeker', seeker, 'This is not available for your account type'],
      ...(await Promise.all(
        (['no profile', 'pending_payment', 'expired', 'suspended'] as const).map(async (state) => [state, await company(testApp, state), /subscription is not active/] as const),
      )),
    ] as const;
    for (const [who, agent, message] of refused) {
      for (const route of routes(amina.profile.id)) {
        const res = await call(agent.agent, route);
        expect(res.status, `${who}: ${route.join(' ')}`).toBe(403);
        expect(res.body.message).toMatch(message);
      }
    }
    // Nothing was recorded or saved on their behalf.
    expect(await db().select().from(candidateEvents).where(eq(candidateEvents.profileId, amina.profile.id))).toHaveLength(0);
  });

  it('serves an active company on every route', async () => {
    const own = await company(testApp);
    const statuses = [];
    for (const route of routes(amina.profile.id)) statuses.push((await call(own.agent, route)).status);
    expect(statuses).toEqual([200, 200, 200, 204, 200, 200, 204]);
  });
});

describe('which profiles appear', () => {
  it('lists approved, visible job seekers only, newest first, with the count', async () => {
    const res = await search();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(idsOf(priya, omar, kwame, maria, rahul, amina));
    expect(res.body.total).toBe(6);
    expect(res.body.nextCursor).toBeNull();
  });

  it('never shows hidden, pending, rejected or suspended job seekers, even when every filter and word matches them', async () => {
    const res = await search({ q: 'hotels', industries: 'Hospitality', locations: 'Dubai, UAE' });
    expect(ids(res)).toEqual(idsOf(amina));
    expect(res.body.total).toBe(1);
  });

  it('answers the same 404 for hidden, pending, rejected, suspended and unknown profiles, on every profile route', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [hidden.profile.id, pending.profile.id, rejected.profile.id, suspended.profile.id, unknown, 'not-a-uuid']) {
      const answers = [
        await active.agent.get(`/api/candidates/${id}`),
        await active.agent.post(`/api/candidates/${id}/contact`).send({ channel: 'email' }),
        await active.agent.put(`/api/shortlist/${id}`).send({}),
      ];
      for (const res of answers) {
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual({ code: 'candidate.not_found', message: 'This job seeker is not available' });
      }
    }
    expect(await db().select().from(candidateEvents).where(eq(candidateEvents.profileId, hidden.profile.id))).toHaveLength(0);
  });

  it('shows a job seeker from approval on, and not once suspended or hidden, at once', async () => {
    // A first page that holds every match is its own count; larger counts are kept for a minute (candidate-search tests).
    const first = await search({ limit: 50 });
    expect(first.body.total).toBe(6);

    await setUserStatus(rahul.id, 'suspended');
    expect((await search({ limit: 50 })).body.total).toBe(5);
    expect(ids(await search({ limit: 50 }))).not.toContain(rahul.profile.id);
    expect((await active.agent.get(`/api/candidates/${rahul.profile.id}`)).status).toBe(404);

    await setUserStatus(rahul.id, 'active');
    await db().update(jobSeekerProfiles).set({ visibility: 'hidden' }).where(eq(jobSeekerProfiles.id, priya.profile.id));
    expect((await search({ limit: 50 })).body.total).toBe(5);
    expect((await active.agent.get(`/api/candidates/${priya.profile.id}`)).status).toBe(404);

    await db().update(jobSeekerProfiles).set({ visibility: 'visible' }).where(eq(jobSeekerProfiles.id, priya.profile.id));
    const back = await search({ limit: 2 });
    expect(ids(back)).toEqual(idsOf(priya, omar));
    expect((await search({ limit: 50 })).body.total).toBe(6);
  });
});

describe('filters and sorts', () => {
  it.each([
    ['industries (any of them)', { industries: 'Hospitality' }, () => idsOf(maria, amina)],
    ['two industries', { industries: 'Hospitality,Security' }, () => idsOf(kwame, maria, amina)],
    ['languages', { languages: 'Malayalam' }, () => idsOf(priya, rahul)],
    ['two languages', { languages: 'Tagalog,Hindi' }, () => idsOf(maria, rahul)],
    ['a location with its comma', { locations: 'Dubai, UAE' }, () => idsOf(maria, amina)],
    ['two locations', { locations: 'Dubai, UAE,Doha, Qatar' }, () => idsOf(kwame, maria, amina)],
    ['a range of years (unknown years left out)', { minYears: 5, maxYears: 12 }, () => idsOf(priya, rahul, amina)],
    ['at most some years', { maxYears: 4 }, () => idsOf(maria)],
    ['at least some years', { minYears: 10 }, () => idsOf(omar, rahul)],
    ['with video', { hasVideo: 'true' }, () => idsOf(priya, omar, kwame, rahul, amina)],
    ['without video', { hasVideo: 'false' }, () => idsOf(maria)],
    ['filters together', { industries: 'Hospitality,Construction', languages: 'English', minYears: 4 }, () => idsOf(rahul, amina)],
    ['sorted by experience, unknown years last', { sort: 'experience' }, () => idsOf(omar, rahul, priya, amina, maria, kwame)],
    ['sorted by newest', { sort: 'newest', languages: 'Arabic' }, () => idsOf(omar, amina)],
  ] as const)('%s', async (_name, query, expected) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected());
    expect(res.body.total).toBe(expected().length);
  });

  it.each([
    ['a word of the bio', 'driver', () => idsOf(omar)],
    ['a name', 'rahul', () => idsOf(rahul)],
    ['the start of a word', 'shutter', () => idsOf(rahul)],
    ["'cleaner' finds Cleaning Services", 'cleaner', () => idsOf(maria)],
    ['an English form of a bio word', 'nursing', () => idsOf(priya)],
    ['an industry', 'security', () => idsOf(kwame)],
    ['a place', 'riyadh', () => idsOf(omar)],
    ['three letters are a prefix', 'abu', () => idsOf(rahul)],
    ['a word of one or two letters is taken whole, not as a prefix', 'ab', () => []],
    ['every word must match', 'malayalam nurse', () => idsOf(priya)],
    ['quotes, operators and punctuation are only text', '"driver" & (truck) | !! \' : * OR', () => idsOf(omar)],
    ['words of other scripts find nothing, and do not fail', 'مرحبا 日本語 ½²', () => []],
  ] as const)('text: %s', async (_name, q, expected) => {
    const res = await search({ q });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected());
    expect(res.body.total).toBe(expected().length);
  });

  it('ranks by relevance when there is text: where the words are found, then the newest', async () => {
    // Maria and Amina both live in Dubai (Amina says so in her bio too): the same tier, so the newest first. The
    // tiers themselves are tested in server/services/candidate-search.api.test.ts.
    expect(ids(await search({ q: 'dubai' }))).toEqual(idsOf(maria, amina));
    const text = await search({ q: 'english', industries: 'Hospitality,Healthcare', sort: 'newest' });
    expect(ids(text)).toEqual(idsOf(priya, maria, amina));
  });

  it('keeps only the job seekers who said lately that they are still looking, when asked', async () => {
    const everyone = ids(await search({}));
    const [kept] = await db().select({ at: jobSeekerProfiles.lookingConfirmedAt }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, maria.profile.id));
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: new Date(Date.now() - 91 * DAY) }).where(eq(jobSeekerProfiles.id, maria.profile.id));
    try {
      expect(ids(await search({ fresh: 'true' }))).toEqual(everyone.filter((id) => id !== maria.profile.id));
      // Without the filter she is there, last: the newest order is the newest sign of life.
      const all = ids(await search({ fresh: 'false' }));
      expect([...all].sort()).toEqual([...everyone].sort());
      expect(all.at(-1)).toBe(maria.profile.id);
      const card = (await search({ q: 'maria' })).body.items[0];
      expect(Date.now() - new Date(card.lookingConfirmedAt).getTime()).toBeGreaterThan(90 * DAY);
    } finally {
      await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: kept!.at }).where(eq(jobSeekerProfiles.id, maria.profile.id));
    }
  });

  it('shapes cards as the grid shows them', async () => {
    const res = await search({ q: 'rahul' });
    expect(res.body.items[0]).toEqual({
      id: rahul.profile.id,
      fullName: 'Rahul Nair',
      location: 'Abu Dhabi, UAE',
      yearsOfExperience: 12,
      industries: ['Construction'],
      languages: ['English', 'Hindi', 'Malayalam'],
      summary: 'Steel fixer and shuttering carpenter on high-rise towers.',
      hasVideo: true,
      videoUrl: rahul.profile.videoUrl,
      // The video has not been made playable here (no worker runs in this test): no poster yet.
      posterUrl: null,
      avatarUrl: null,
      shortlisted: false,
      // Said at creation; the test's profiles are all new.
      lookingConfirmedAt: expect.any(String),
      ...NO_FACTS,
    });
    expect(Date.now() - new Date(res.body.items[0].lookingConfirmedAt).getTime()).toBeLessThan(DAY);
  });
});

describe('option counts', () => {
  // Each option's count is what the search would find with that option alone in its list, the other filters kept.
  it.each(['', 'locations=Dubai, UAE', 'q=hotels', 'industries=Hospitality&languages=English', 'minYears=4&hasVideo=true'])(
    'match the search for each option (%s)',
    async (query) => {
      // A company of its own: the searches below count against its limit.
      const own = await company(testApp);
      const { body: counts } = await own.agent.get(`/api/candidates/option-counts?${query}`).expect(200);
      const params = new URLSearchParams(query);
      for (const facet of ['industries', 'locations', 'languages'] as const) {
        expect(counts[facet], facet).not.toBeNull();
        const options = facet === 'industries' ? INDUSTRIES : facet === 'locations' ? LOCATIONS : LANGUAGES;
        for (const option of options) {
          const alone = new URLSearchParams(params);
          alone.set(facet, option);
          const { body } = await own.agent.get(`/api/candidates?${alone}`).expect(200);
          expect(counts[facet][option] ?? 0, `${facet} ${option} with ${query}`).toBe(body.total);
        }
      }
    },
  );

  it('are left out where the matches are more than the cap', async () => {
    const all = await countOptions(db(), { limit: 24 }, 3);
    expect(all).toEqual({ industries: null, locations: null, languages: null });
    // Two Security workers: few enough to count, with their industries, places and languages.
    const few = await countOptions(db(), { q: 'security', limit: 24 }, 3);
    expect(few.industries).not.toBeNull();
  });

  it('refuse what the search refuses', async () => {
    const res = await active.agent.get('/api/candidates/option-counts?industries=Astronauts').expect(400);
    expect(res.body.message).toBe('Unknown industry');
  });
});

describe('pages', () => {
  async function allPages(query: Record<string, string | number>) {
    const seen: string[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await search({ ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(Number(query.limit));
      seen.push(...ids(res));
      totals.push(res.body.total);
      cursor = res.body.nextCursor;
    } while (cursor);
    return { seen, totals };
  }

  it.each([
    ['newest', { limit: 2 }, () => idsOf(priya, omar, kwame, maria, rahul, amina)],
    ['experience', { limit: 4, sort: 'experience' }, () => idsOf(omar, rahul, priya, amina, maria, kwame)],
    ['experience with a range', { limit: 1, sort: 'experience', minYears: 3 }, () => idsOf(omar, rahul, priya, amina, maria)],
  ] as const)('walks every page in order: %s', async (_name, query, expected) => {
    const { seen, totals } = await allPages(query);
    expect(seen).toEqual(expected());
    expect(new Set(totals)).toEqual(new Set([expected().length]));
  });

  it('walks relevance pages in the order of one big page, without repeats', async () => {
    const whole = ids(await search({ q: 'english', limit: 50 }));
    expect(whole).toHaveLength(5);
    const { seen, totals } = await allPages({ q: 'english', limit: 2 });
    expect(seen).toEqual(whole);
    expect(totals).toEqual([5, 5, 5]);
  });

  it('refuses a cursor of another search', async () => {
    const first = await search({ limit: 2 });
    const other = await search({ limit: 2, industries: 'Hospitality', cursor: first.body.nextCursor });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('The page cursor is not valid');
    const otherSort = await search({ limit: 2, sort: 'experience', cursor: first.body.nextCursor });
    expect(otherSort.status).toBe(400);
  });
});

describe('bad search input: 400 with a message, never 500', () => {
  const tampered = async (change: (c: Record<string, unknown>) => void, query: Record<string, string | number> = { limit: 2 }) => {
    const first = await search(query);
    const cursor = JSON.parse(Buffer.from(first.body.nextCursor, 'base64url').toString()) as Record<string, unknown>;
    change(cursor);
    return Buffer.from(JSON.stringify(cursor)).toString('base64url');
  };

  it.each([
    ['an unknown industry', { industries: 'Plumbing' }, 'Unknown industry'],
    ['an unknown language', { languages: 'Klingon' }, 'Unknown language'],
    ['an unknown location', { locations: 'Dubai' }, 'Unknown location'],
    ['negative years', { minYears: -1 }, 'minYears must be between 0 and 50'],
    ['years that are not a number', { maxYears: 'ten' }, 'maxYears must be a number'],
    ['more years than the profile form allows', { maxYears: 51 }, 'maxYears must be between 0 and 50'],
    ['minYears above maxYears', { minYears: 10, maxYears: 5 }, 'minYears must not be more than maxYears'],
    ['a limit over the maximum', { limit: 51 }, 'limit must be between 1 and 50'],
    ['a limit of zero', { limit: 0 }, 'limit must be between 1 and 50'],
    ['a malformed cursor', { cursor: 'not a cursor' }, 'The page cursor is not valid'],
    ['a cursor of JSON that is not one', { cursor: Buffer.from('{"k":1}').toString('base64url') }, 'The page cursor is not valid'],
    ['a 1,000-character text', { q: 'a'.repeat(1000) }, 'Please keep the search under 200 characters'],
    ['hasVideo=maybe', { hasVideo: 'maybe' }, 'hasVideo must be true or false'],
    ['sort=random', { sort: 'random' }, 'sort must be relevance, newest or experience'],
  ] as const)('%s', async (_name, query, message) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['an id that is not a uuid', (c: Record<string, unknown>) => (c.id = "1' or '1'='1")],
    ['an impossible date', (c: Record<string, unknown>) => (c.k = '2026-02-31T00:00:00.000000Z')],
    ['a date that is not one', (c: Record<string, unknown>) => (c.k = 'yesterday')],
    ['a negative count', (c: Record<string, unknown>) => (c.t = -1)],
    ['a sort key of the wrong kind', (c: Record<string, unknown>) => (c.k = 12)],
  ])('a tampered cursor: %s', async (_name, change) => {
    const res = await search({ limit: 2, cursor: await tampered(change) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The page cursor is not valid');
  });

  it.each([
    // Ranks run from 0 to 7: four tiers of the fresh, then four of the others.
    ['a rank that is not one', (c: Record<string, unknown>) => (c.k = [8, (c.k as [number, string])[1]])],
    ['a tier that is not a whole number', (c: Record<string, unknown>) => (c.k = [0.5, (c.k as [number, string])[1]])],
    ['a date that is not one', (c: Record<string, unknown>) => (c.k = [(c.k as [number, string])[0], 'NaN'])],
    ['a timestamp alone', (c: Record<string, unknown>) => (c.k = (c.k as [number, string])[1])],
    ['a third part', (c: Record<string, unknown>) => (c.k = [...(c.k as [number, string]), 1])],
  ])('a tampered relevance cursor: %s', async (_name, change) => {
    const res = await search({ q: 'english', limit: 2, cursor: await tampered(change, { q: 'english', limit: 2 }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The page cursor is not valid');
  });

  it('takes a 200-character text of any script', async () => {
    const res = await search({ q: '¿ «» ١٢٣ नमस्ते ☃ '.repeat(20).slice(0, 200) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0, totalExact: true, nextCursor: null });
  });
});

describe('a candidate page', () => {
  it('shows the whole profile with the e-mail and records a view', async () => {
    const viewer = await company(testApp);
    const res = await viewer.agent.get(`/api/candidates/${priya.profile.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: priya.profile.id,
      fullName: 'Priya Menon',
      location: 'Sharjah, UAE',
      yearsOfExperience: 8,
      industries: ['Healthcare'],
      languages: ['English', 'Malayalam'],
      summary: 'Registered nurse, DHA licensed, ICU and ward experience.',
      hasVideo: true,
      videoUrl: priya.profile.videoUrl,
      posterUrl: null,
      avatarUrl: null,
      shortlisted: false,
      lookingConfirmedAt: expect.any(String),
      ...NO_FACTS,
      phone: '+971501234567',
      email: priya.email,
      bio: 'Registered nurse, DHA licensed, ICU and ward experience.',
      cvUrl: priya.profile.cvUrl,
      shortlist: null,
    });
    const events = await db().select().from(candidateEvents).where(eq(candidateEvents.companyId, viewer.companyId));
    expect(events).toMatchObject([{ profileId: priya.profile.id, type: 'view', channel: null }]);
  });

  it('records a contact with its channel, and refuses an unknown channel', async () => {
    const contacting = await company(testApp);
    expect((await contacting.agent.post(`/api/candidates/${omar.profile.id}/contact`).send({ channel: 'whatsapp' })).status).toBe(204);
    expect((await contacting.agent.post(`/api/candidates/${omar.profile.id}/contact`).send({ channel: 'email' })).status).toBe(204);
    const bad = await contacting.agent.post(`/api/candidates/${omar.profile.id}/contact`).send({ channel: 'pigeon' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('channel must be email or whatsapp');
    const events = await db().select().from(candidateEvents).where(eq(candidateEvents.companyId, contacting.companyId));
    expect(events.map((e) => [e.profileId, e.type, e.channel])).toEqual([
      [omar.profile.id, 'contact', 'whatsapp'],
      [omar.profile.id, 'contact', 'email'],
    ]);
  });
});

describe('the shortlist', () => {
  it('saves with a note, lists the newest saved first, marks the cards, and removes', async () => {
    const c = await company(testApp);
    const saved = await c.agent.put(`/api/shortlist/${kwame.profile.id}`).send({ note: 'Night shifts at the mall' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: kwame.profile.id, fullName: 'Kwame Mensah', shortlisted: true, note: 'Night shifts at the mall' });
    expect(Date.parse(saved.body.savedAt)).not.toBeNaN();
    await c.agent.put(`/api/shortlist/${maria.profile.id}`).send({}).expect(200);

    const list = await c.agent.get('/api/shortlist');
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual(idsOf(maria, kwame));
    expect(list.body.items[0]).toMatchObject({ note: null, shortlisted: true, hasVideo: false });

    // No note keeps the note; a new one replaces it; an empty one clears it.
    expect((await c.agent.put(`/api/shortlist/${kwame.profile.id}`).send({})).body.note).toBe('Night shifts at the mall');
    expect((await c.agent.put(`/api/shortlist/${kwame.profile.id}`).send({ note: 'Interview Tuesday' })).body.note).toBe('Interview Tuesday');
    expect((await c.agent.put(`/api/shortlist/${maria.profile.id}`).send({ note: '' })).body.note).toBeNull();

    const cards = await search({ industries: 'Security,Cleaning Services' }, c);
    expect(cards.body.items.map((card: { id: string; shortlisted: boolean }) => [card.id, card.shortlisted])).toEqual([
      [kwame.profile.id, true],
      [maria.profile.id, true],
    ]);
    const page = await c.agent.get(`/api/candidates/${kwame.profile.id}`);
    expect(page.body).toMatchObject({ shortlisted: true, shortlist: { note: 'Interview Tuesday', savedAt: saved.body.savedAt } });

    expect((await c.agent.delete(`/api/shortlist/${kwame.profile.id}`)).status).toBe(204);
    expect((await c.agent.delete(`/api/shortlist/${kwame.profile.id}`)).status).toBe(204);
    expect((await c.agent.get('/api/shortlist')).body.items.map((e: { id: string }) => e.id)).toEqual(idsOf(maria));
  });

  it('keeps each company to its own list and notes', async () => {
    const first = await company(testApp);
    const second = await company(testApp);
    await first.agent.put(`/api/shortlist/${amina.profile.id}`).send({ note: 'First company note' }).expect(200);

    expect((await second.agent.get('/api/shortlist')).body).toEqual({ items: [] });
    expect((await second.agent.get(`/api/candidates/${amina.profile.id}`)).body.shortlist).toBeNull();
    expect((await search({ q: 'amina' }, second)).body.items[0].shortlisted).toBe(false);

    await second.agent.put(`/api/shortlist/${amina.profile.id}`).send({ note: 'Second company note' }).expect(200);
    await second.agent.delete(`/api/shortlist/${amina.profile.id}`).expect(204);
    const firstList = await first.agent.get('/api/shortlist');
    expect(firstList.body.items).toHaveLength(1);
    expect(firstList.body.items[0]).toMatchObject({ id: amina.profile.id, note: 'First company note' });
  });

  it('keeps a saved profile out of sight while it is hidden', async () => {
    const c = await company(testApp);
    await c.agent.put(`/api/shortlist/${omar.profile.id}`).send({ note: 'Truck' }).expect(200);
    await db().update(jobSeekerProfiles).set({ visibility: 'hidden' }).where(eq(jobSeekerProfiles.id, omar.profile.id));
    try {
      expect((await c.agent.get('/api/shortlist')).body.items).toEqual([]);
    } finally {
      await db().update(jobSeekerProfiles).set({ visibility: 'visible' }).where(eq(jobSeekerProfiles.id, omar.profile.id));
    }
    expect((await c.agent.get('/api/shortlist')).body.items).toMatchObject([{ id: omar.profile.id, note: 'Truck' }]);
  });
});

describe('CV and video files for companies', () => {
  it('gives an active company the CV as an attachment (recording the download) and the video with Range', async () => {
    const c = await company(testApp);
    const cv = await c.agent.get(rahul.profile.cvUrl).buffer(true);
    expect(cv.status).toBe(200);
    expect(cv.headers['content-disposition']).toMatch(/^attachment/);
    expect(cv.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(cv.body as Buffer, PDF)).toBe(0);

    const video = await c.agent.get(rahul.profile.videoUrl).set('Range', 'bytes=0-99').buffer(true);
    expect(video.status).toBe(206);
    expect(video.headers['content-range']).toBe(`bytes 0-99/${mp4().length}`);
    expect(video.headers['content-disposition']).toBe('inline');
    expect((video.body as Buffer).length).toBe(100);

    const events = await db()
      .select()
      .from(candidateEvents)
      .where(and(eq(candidateEvents.companyId, c.companyId), eq(candidateEvents.profileId, rahul.profile.id)));
    expect(events.map((e) => e.type)).toEqual(['cv_download']);
  });

  it('opens a PDF CV in the browser when asked (?view=inline), with a policy that lets the PDF viewer run', async () => {
    const c = await company(testApp);
    const view = await c.agent.get(`${rahul.profile.cvUrl}?view=inline`).buffer(true);
    expect(view.status).toBe(200);
    // Shown in the page; saved from the viewer, it keeps its owner's name.
    expect(view.headers['content-disposition']).toBe('inline; filename="Rahul-Nair-cv.pdf"');
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-security-policy']).toBe("default-src 'none'; object-src 'self'");
    // Anything else asked for inline still downloads.
    const other = await c.agent.get(`${rahul.profile.cvUrl}?view=embed`);
    expect(other.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('answers 404 to pending and expired companies and to other job seekers, and 401 to anonymous callers', async () => {
    const others = [await company(testApp, 'pending_payment'), await company(testApp, 'expired'), await signedInAgent(testApp, { role: 'job_seeker' })];
    for (const other of others) {
      expect((await other.agent.get(rahul.profile.cvUrl)).status).toBe(404);
      expect((await other.agent.get(rahul.profile.videoUrl)).status).toBe(404);
    }
    expect((await request(testApp.app).get(rahul.profile.cvUrl)).status).toBe(401);
  });

  it('answers 404 to an active company for the files of profiles it may not see', async () => {
    const c = await company(testApp);
    for (const seeker of [hidden, pending, rejected, suspended]) {
      expect((await c.agent.get(seeker.profile.cvUrl)).status).toBe(404);
      expect((await c.agent.get(seeker.profile.videoUrl)).status).toBe(404);
    }
    expect(await db().select().from(candidateEvents).where(eq(candidateEvents.companyId, c.companyId))).toHaveLength(0);
  });
});

describe('the search rate limit', () => {
  it('allows 120 searches a minute per company, then answers 429 with Retry-After', async () => {
    const now = new Date('2026-06-01T10:00:05Z');
    const clock: Clock = { now: () => now };
    const limited = await createTestApp({ env: TRUSTED_PROXY_ENV, clock });
    try {
      const c = await company(limited, 'active', now);
      const other = await company(limited, 'active', now);
      for (let i = 0; i < 120; i += 20) {
        const batch = await Promise.all(Array.from({ length: 20 }, () => c.agent.get('/api/candidates')));
        expect(batch.map((r) => r.status)).toEqual(Array(20).fill(200));
      }
      const over = await c.agent.get('/api/candidates');
      expect(over.status).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(55);
      // Another company is counted on its own.
      expect((await other.agent.get('/api/candidates')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
