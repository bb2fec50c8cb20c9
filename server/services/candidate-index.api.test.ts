// The in-memory index of the listed profiles keeps to the profiles: every change committed before a search is in its
// answer, whichever way the profile changed (candidate-index.ts). That its pages equal the SQL search's is checked in
// candidate-search.api.test.ts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSearchSchema } from '#shared/candidates.ts';
import { companyProfiles, jobSeekerProfiles, shortlists, users } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createCandidateIndex, parseVector, parseWordQuery, type CandidateIndex } from './candidate-index.ts';
import { normalizeSearch } from './candidate-search.ts';

let testDatabase: TestDatabase;
const db = (): Db => testDatabase.database.db;
let COMPANY: string;
let hour = 0;

async function seeker(fullName: string, bio: string): Promise<{ userId: string; profileId: string }> {
  const [user] = await db().insert(users).values({ email: `${randomUUID()}@example.com`, role: 'job_seeker', status: 'active' }).returning({ id: users.id });
  const [profile] = await db()
    .insert(jobSeekerProfiles)
    .values({
      userId: user!.id,
      fullName,
      phone: '+971501234567',
      location: 'Dubai, UAE',
      industries: ['Retail'],
      languages: ['English'],
      bio,
      yearsOfExperience: 3,
      createdAt: new Date(Date.UTC(2026, 2, 1) + ++hour * 3_600_000),
    })
    .returning({ id: jobSeekerProfiles.id });
  return { userId: user!.id, profileId: profile!.id };
}

const newIndex = () => createCandidateIndex(db());

async function found(index: CandidateIndex, q: string) {
  const page = await index.page(normalizeSearch(candidateSearchSchema.parse({ q })), undefined, COMPANY);
  expect(page, 'the index answers').toBeDefined();
  return page!.rows.map((row) => row.card.id);
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const [owner] = await db().insert(users).values({ email: `${randomUUID()}@example.com`, role: 'company', status: 'active' }).returning({ id: users.id });
  const [company] = await db()
    .insert(companyProfiles)
    .values({ userId: owner!.id, companyName: 'Saving Co', contactPerson: 'Sara', phone: '+971501112233', email: 'hr@saving.example', subscriptionPlan: 'monthly' })
    .returning({ id: companyProfiles.id });
  COMPANY = company!.id;
});
afterAll(() => testDatabase.drop());

describe('the in-memory index', () => {
  it('sees at once every change committed before a search', async () => {
    const index = newIndex();
    const baker = await seeker('Omar Baker', 'Bread and pastry.');
    expect(await found(index, 'pastry')).toEqual([baker.profileId]);

    // A new profile, and an edit of the bio.
    const chef = await seeker('Lina Chef', 'Pastry chef.');
    expect(await found(index, 'pastry')).toEqual([chef.profileId, baker.profileId]);
    await db().update(jobSeekerProfiles).set({ bio: 'Bread only.' }).where(eq(jobSeekerProfiles.id, baker.profileId));
    expect(await found(index, 'pastry')).toEqual([chef.profileId]);
    expect(await found(index, 'bread')).toEqual([baker.profileId]);

    // Hidden by its owner, then shown again.
    await db().update(jobSeekerProfiles).set({ visibility: 'hidden' }).where(eq(jobSeekerProfiles.id, chef.profileId));
    expect(await found(index, 'pastry')).toEqual([]);
    await db().update(jobSeekerProfiles).set({ visibility: 'visible' }).where(eq(jobSeekerProfiles.id, chef.profileId));
    expect(await found(index, 'pastry')).toEqual([chef.profileId]);

    // The account suspended (the profile is no longer listed), then active again.
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, chef.userId));
    expect(await found(index, 'pastry')).toEqual([]);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, chef.userId));
    expect(await found(index, 'pastry')).toEqual([chef.profileId]);

    // Deleted.
    await db().delete(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, chef.profileId));
    expect(await found(index, 'pastry')).toEqual([]);
  });

  it('marks the profiles the company saved, as they are now', async () => {
    const index = newIndex();
    const { profileId } = await seeker('Noor Saved', 'Barista.');
    const marked = async () => {
      const page = await index.page(normalizeSearch(candidateSearchSchema.parse({ q: 'barista' })), undefined, COMPANY);
      return page!.rows.map((row) => row.card.shortlisted);
    };
    expect(await marked()).toEqual([false]);
    await db().insert(shortlists).values({ companyId: COMPANY, profileId });
    expect(await marked()).toEqual([true]);
  });
});

describe('reading what PostgreSQL wrote', () => {
  it('reads a tsvector: lexemes, weights (D when none is written), quotes and backslashes', () => {
    expect(parseVector(`'dubai':5C 'driver':1A,7 'o''neil':3B 'back\\\\slash':9 'bare'`)).toEqual({
      lexemes: ['dubai', 'driver', "o'neil", 'back\\slash', 'bare'],
      weights: [4, 1 | 8, 2, 8, 8],
    });
  });

  it('reads the query of one word: one lexeme, as a prefix or whole; none; or anything else (undefined)', () => {
    expect(parseWordQuery(`'driv':*`)).toEqual({ lexeme: 'driv', prefix: true });
    expect(parseWordQuery(`'al'`)).toEqual({ lexeme: 'al', prefix: false });
    expect(parseWordQuery('')).toBeNull();
    expect(parseWordQuery(`'x':* & 'y':*`)).toBeUndefined();
    expect(parseWordQuery(`'x' <-> 'y'`)).toBeUndefined();
  });
});
