// 'Showing N job seekers' is exact up to SEARCH_TOTAL_CAP and says 'more' beyond it: counting stops there, whatever
// the number of profiles.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { candidateSearchSchema, SEARCH_TOTAL_CAP, type CandidateSearch } from '#shared/candidates.ts';
import { seedProfiles } from '../../scripts/seed.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createCandidateSearch } from './candidate-search/search.ts';

let testDatabase: TestDatabase;
let listed = 0;
const COMPANY = randomUUID();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await seedProfiles(testDatabase.database.db, { profiles: 12_500, seed: 5 });
  const { rows } = await testDatabase.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from job_seeker_profiles where listed and visibility = 'visible'`,
  );
  listed = rows[0]!.n;
}, 120_000);
afterAll(() => testDatabase.drop());

const search = (query: Record<string, string>) =>
  createCandidateSearch(testDatabase.database.db).search(COMPANY, candidateSearchSchema.parse(query) as CandidateSearch);

describe('counts that stop at the cap', () => {
  it('says more than the cap when more match, and keeps paging', async () => {
    expect(listed).toBeGreaterThan(SEARCH_TOTAL_CAP);
    const first = await search({});
    expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalExact: false });
    const second = await search({ cursor: first.nextCursor! });
    expect(second).toMatchObject({ total: SEARCH_TOTAL_CAP, totalExact: false });
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it('is exact below the cap, for filters and for text', async () => {
    const { rows } = await testDatabase.database.db.execute<{ filtered: number; drivers: number }>(sql`
      select count(*) filter (where location = 'Doha, Qatar')::int as filtered,
        count(*) filter (where search_vector @@ (to_tsquery('simple', 'driv:*') || to_tsquery('english', 'driver:*')))::int as drivers
      from job_seeker_profiles where listed and visibility = 'visible'`);
    expect(rows[0]!.filtered).toBeLessThan(SEARCH_TOTAL_CAP);
    expect(await search({ locations: 'Doha, Qatar' })).toMatchObject({ total: rows[0]!.filtered, totalExact: true });
    expect(await search({ q: 'driver' })).toMatchObject({ total: rows[0]!.drivers, totalExact: true });
  });
});
