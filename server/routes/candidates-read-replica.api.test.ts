// With a read replica (DATABASE_READ_URL), the company search reads from it and everything else from the primary.
// Here the "replica" is a database of its own holding one job seeker the primary does not have: the search finds
// that one, while the candidate page (read from the primary) does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { activeCompany, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let replica: TestDatabase;
let testApp: TestApp;
let onlyOnReplica: string;

beforeAll(async () => {
  replica = await createTestDatabase();
  const [user] = await replica.database.db
    .insert(users)
    .values({ email: 'replica.only@example.com', role: 'job_seeker', status: 'active' })
    .returning({ id: users.id });
  const [profile] = await replica.database.db
    .insert(jobSeekerProfiles)
    .values({ userId: user!.id, fullName: 'Reem Replica', phone: '+971501234567', location: 'Dubai, UAE', industries: ['Retail'], languages: ['Arabic'] })
    .returning({ id: jobSeekerProfiles.id });
  onlyOnReplica = profile!.id;
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, readDatabase: replica.database });
});
afterAll(async () => {
  await testApp.close();
  await replica.drop();
});

describe('a read replica for the search', () => {
  it('answers the search from the replica, and the rest from the primary', async () => {
    const company = await activeCompany(testApp, { companyName: 'Replica Test LLC' });
    const search = await company.agent.get('/api/candidates').query({ q: 'reem' });
    expect(search.status).toBe(200);
    expect(search.body.items.map((c: { id: string }) => c.id)).toEqual([onlyOnReplica]);
    expect((await company.agent.get(`/api/candidates/${onlyOnReplica}`)).status).toBe(404);
  });
});
