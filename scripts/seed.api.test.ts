// `npm run db:seed`: realistic job seekers, the same ones for the same seed, in batches, listed by the search triggers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, LICENCE_TYPES, SALARY_CURRENCIES, VISA_STATUSES } from '#shared/hiring-facts.ts';
import { sql } from 'drizzle-orm';
import { INDUSTRIES, LANGUAGES, LOCATIONS } from '#shared/constants.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/database.ts';
import { createTestApp } from '../server/test/app.ts';
import { signedInAgent } from '../server/test/fixtures.ts';
import { seedProfiles } from './seed.ts';
import { randomSource } from './seed/random-source.ts';
import { ensureSampleVideo, SAMPLE_VIDEO_ID, SAMPLE_VIDEO_URL } from './seed/sample-video.ts';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

interface Row extends Record<string, unknown> {
  id: string;
  full_name: string;
  phone: string;
  location: string;
  industries: string[];
  languages: string[];
  years_of_experience: number | null;
  video_url: string | null;
  cv_url: string | null;
  bio: string | null;
  visibility: string;
  listed: boolean;
  status: string;
  role: string;
}

const profiles = async () =>
  (
    await testDatabase.database.db.execute<Row>(sql`
      select p.*, u.status, u.role from job_seeker_profiles p join users u on u.id = p.user_id order by p.id`)
  ).rows;

describe('seedProfiles', () => {
  it('writes realistic, mostly approved and visible job seekers in batches, the same ones again for the same seed', async () => {
    const batches: number[] = [];
    expect(await seedProfiles(testDatabase.database.db, { profiles: 1200, seed: 42, batchSize: 500, onProgress: (done) => batches.push(done) })).toBe(1200);
    expect(batches).toEqual([500, 1000, 1200]);
    const rows = await profiles();
    expect(rows).toHaveLength(1200);

    for (const row of rows) {
      expect(row.role).toBe('job_seeker');
      expect(LOCATIONS).toContain(row.location);
      expect(row.industries.length).toBeGreaterThanOrEqual(1);
      for (const industry of row.industries) expect(INDUSTRIES).toContain(industry);
      expect(row.languages.length).toBeGreaterThanOrEqual(1);
      for (const language of row.languages) expect(LANGUAGES).toContain(language);
      expect(row.phone).toMatch(/^\+9(71|66|74|73|65|68)\d{7,9}$/);
      expect(row.full_name).toMatch(/^\S+( \S+)+$/);
      if (row.years_of_experience !== null) expect(row.years_of_experience).toBeGreaterThanOrEqual(0);
      if (row.years_of_experience !== null) expect(row.years_of_experience).toBeLessThanOrEqual(30);
      if (row.video_url) expect(row.video_url).toBe(SAMPLE_VIDEO_URL);
      if (row.cv_url) expect(row.cv_url).toMatch(/^\/objects\/cv\/[0-9a-f-]{36}$/);
      // The trigger of migration 0003 marks exactly the approved job seekers.
      expect(row.listed).toBe(row.status === 'active');
    }
    const share = (test: (r: Row) => boolean) => rows.filter(test).length / rows.length;
    expect(share((r) => r.video_url !== null)).toBeGreaterThan(0.5);
    expect(share((r) => r.video_url !== null)).toBeLessThan(0.7);
    expect(share((r) => r.status === 'active' && r.visibility === 'visible')).toBeGreaterThan(0.75);
    expect(share((r) => r.status === 'pending')).toBeGreaterThan(0.02);
    expect(share((r) => r.visibility === 'hidden')).toBeGreaterThan(0.01);
    expect(share((r) => r.bio !== null && r.bio.split(' ').length >= 4)).toBeGreaterThan(0.9);
    expect(new Set(rows.map((r) => r.location)).size).toBe(LOCATIONS.length);
    expect(new Set(rows.flatMap((r) => r.industries)).size).toBe(INDUSTRIES.length);
    // The hiring facts: about a quarter from before they existed say none; the others are valid and varied.
    expect(share((r) => r.nationality === null)).toBeGreaterThan(0.2);
    expect(share((r) => r.nationality === null)).toBeLessThan(0.3);
    expect(share((r) => r.visa_status === 'transferable')).toBeGreaterThan(0.1);
    for (const row of rows.filter((r) => r.nationality !== null)) {
      expect(COUNTRY_CODES).toContain(row.nationality);
      expect(COUNTRY_CODES).toContain(row.current_country);
      if (row.visa_status !== null) expect(VISA_STATUSES).toContain(row.visa_status);
      for (const licence of (row.driving_licences as string[] | null) ?? []) expect(LICENCE_TYPES).toContain(licence);
      if ((row.driving_licences as string[] | null)?.length) expect(row.licence_country).not.toBeNull();
      if (row.salary_min !== null) expect(SALARY_CURRENCIES).toContain(row.salary_currency);
      if (row.salary_max !== null) expect(row.salary_max as number).toBeGreaterThanOrEqual(row.salary_min as number);
    }

    // The same seed again adds nothing: the same people, ids and all.
    expect(await seedProfiles(testDatabase.database.db, { profiles: 1200, seed: 42, batchSize: 700 })).toBe(0);
    expect((await profiles()).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // Another seed adds other people.
    expect(await seedProfiles(testDatabase.database.db, { profiles: 10, seed: 43 })).toBe(10);
  });

  it('draws the same numbers for the same seed', () => {
    const a = randomSource(7);
    const b = randomSource(7);
    expect(Array.from({ length: 5 }, () => a.uuid())).toEqual(Array.from({ length: 5 }, () => b.uuid()));
    expect(randomSource(8).uuid()).not.toBe(randomSource(7).uuid());
  });
});

describe('the sample video of seeded profiles', () => {
  it('is made once as the app makes videos (an MP4 and a poster), and plays for anyone signed in', async () => {
    const testApp = await createTestApp();
    try {
      const db = testApp.testDatabase.database.db;
      await ensureSampleVideo(testApp.config, db);
      await ensureSampleVideo(testApp.config, db);
      const rows = (await db.execute<{ key: string; kind: string; content_type: string; duration_ms: number; poster_key: string; owner_id: string | null }>(sql`
        select key, kind, content_type, duration_ms, poster_key, owner_id from objects`)).rows;
      expect(rows).toEqual([
        { key: `sample/${SAMPLE_VIDEO_ID}`, kind: 'sample', content_type: 'video/mp4', duration_ms: expect.any(Number), poster_key: `poster/${SAMPLE_VIDEO_ID}`, owner_id: null },
      ]);
      expect(rows[0]!.duration_ms).toBeGreaterThan(5000);
      const company = await signedInAgent(testApp, { role: 'company' });
      const video = await company.agent.get(SAMPLE_VIDEO_URL).expect(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      const poster = await company.agent.get(`/objects/poster/${SAMPLE_VIDEO_ID}`).expect(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      // Not for visitors.
      const { default: request } = await import('supertest');
      expect((await request(testApp.app).get(SAMPLE_VIDEO_URL)).status).toBe(401);
    } finally {
      await testApp.close();
    }
  });
});
