// The search's answers to every query of the benchmark's mix (scripts/bench-queries.ts), with a second page each, the
// filters' option counts and a saved search's new matches, on a seeded crowd, compared byte for byte with the answers
// kept in bench-queries.fixture.json. The fixture was written by the search as it was before it was cut into modules,
// so any change of an answer shows here, whichever way the search reads its pages (each reading below must give the
// same). After a deliberate change of the answers: `npx vitest run --project api -u <this file>`, and say why.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { candidateSearchSchema, type CandidateSearch } from '#shared/candidates.ts';
import { companyProfiles, users } from '#shared/schema.ts';
import { QUERIES } from '../../../scripts/bench-queries.ts';
import { seedProfiles } from '../../../scripts/seed.ts';
import type { Db } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { findNewMatches } from './new-matches.ts';
import { createCandidateSearch, type CandidateSearchOptions } from './search.ts';

let testDatabase: TestDatabase;
const db = (): Db => testDatabase.database.db;
let companyId = '';
const FIXTURE = new URL('./bench-queries.fixture.json', import.meta.url);

/** A few more than the benchmark asks: the fresh filter, a tier each (name, place, language), a short word, small pages. */
const MORE_QUERIES = ['q=driver&fresh=true&limit=5', 'q=kumar&limit=5', 'q=doha&limit=5', 'q=tagalog&limit=5', 'q=ac&limit=5', 'hasVideo=false&sort=experience&limit=5'];

/** The ways of reading a page: the planner's own choice, always through indexes, always walking, and a low bar for walking (the cap). */
const READINGS: Record<string, CandidateSearchOptions> = { chosen: {}, found: { maxWalk: 0 }, walked: { maxWalk: Number.POSITIVE_INFINITY }, capped: { maxWalk: 300 } };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // Dates that do not move with the day the test runs: one crowd last said it was looking long ago (never fresh),
  // the other in the years ahead (always fresh), so relevance reads both bands.
  await seedProfiles(db(), { profiles: 1500, seed: 11, until: new Date('2000-01-01T00:00:00Z') });
  await seedProfiles(db(), { profiles: 1500, seed: 12, until: new Date('2100-01-01T00:00:00Z') });
  // The seed counts start dates from today: moved to fixed dates, each on its side of 'available within 30 days'.
  await db().execute(sql`update job_seeker_profiles
    set available_from = case when available_from <= current_date + 30 then date '2000-01-01' else date '2100-01-01' end + (available_from - current_date)
    where available_from is not null`);
  const [user] = await db().insert(users).values({ email: 'bench.queries.company@example.com', role: 'company', status: 'active' }).returning({ id: users.id });
  const [company] = await db()
    .insert(companyProfiles)
    .values({ userId: user!.id, companyName: 'Bench Queries', contactPerson: 'Bench', phone: '+971501112233', email: 'bench.queries.company@example.com', subscriptionPlan: 'monthly' })
    .returning({ id: companyProfiles.id });
  companyId = company!.id;
  // Some job seekers blocked the company, some are on its shortlist: every answer leaves out the one and marks the other.
  await db().execute(sql`insert into company_blocks (profile_id, company_id)
    select id, ${companyId} from (select id, row_number() over (order by id) as n from job_seeker_profiles) p where n % 37 = 0`);
  await db().execute(sql`insert into shortlists (profile_id, company_id)
    select id, ${companyId} from (select id, row_number() over (order by id) as n from job_seeker_profiles) p where n % 23 = 0 and n % 37 <> 0`);
  await db().execute(sql`analyze company_blocks, shortlists`);
}, 120_000);
afterAll(() => testDatabase.drop());

const parse = (q: string) => candidateSearchSchema.parse(Object.fromEntries(new URLSearchParams(q))) as CandidateSearch;

const sortedCounts = (counts: object | null): unknown =>
  counts &&
  Object.fromEntries(
    Object.entries(counts).map(([group, byOption]) => [
      group,
      byOption && typeof byOption === 'object' ? Object.fromEntries(Object.entries(byOption).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : byOption,
    ]),
  );

/** Every answer, by what was asked, in the order asked (the counts a search keeps carry over, as in a process). */
async function answers(options: CandidateSearchOptions): Promise<[string, unknown][]> {
  const search = createCandidateSearch(db(), options);
  const result: [string, unknown][] = [];
  for (const q of [...QUERIES, ...MORE_QUERIES]) {
    const name = q || '(no filters)';
    const first = await search.search(companyId, parse(q));
    result.push([`${name} page 1`, first]);
    if (first.nextCursor) result.push([`${name} page 2`, await search.search(companyId, parse(`${q}${q ? '&' : ''}cursor=${encodeURIComponent(first.nextCursor)}`))]);
    // Counts are maps: the order their keys come out of PostgreSQL's aggregation is no part of the answer.
    result.push([`${name} option counts`, sortedCounts(await search.optionCounts(parse(q)))]);
    result.push([`${name} new matches`, await findNewMatches(db(), companyId, parse(q), new Date('2099-03-01T00:00:00Z'), new Date('2099-05-01T00:00:00Z'), 3)]);
  }
  return result;
}

/** One answer a line, as JSON, so a difference reads as the lines that differ. */
const text = (entries: [string, unknown][]) => `{\n${entries.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n')}\n}\n`;

describe("the benchmark's queries", () => {
  it('answer as they did before the search was cut into modules', async () => {
    const chosen = await answers(READINGS.chosen!);
    // The fixture must hold pages worth comparing: full first pages, second pages, counts.
    expect(chosen.filter(([key]) => key.endsWith('page 2')).length).toBeGreaterThanOrEqual(QUERIES.length - 2);
    await expect(text(chosen)).toMatchFileSnapshot(fileURLToPath(FIXTURE));
  });

  for (const [name, options] of Object.entries(READINGS).filter(([name]) => name !== 'chosen')) {
    it(`answer the same when the pages are ${name}`, async () => {
      expect(text(await answers(options))).toBe(readFileSync(FIXTURE, 'utf8'));
    });
  }
});
