// Writes of different people never wait for each other: no row is shared by every profile edit, approval or sign-up.
// One transaction is held open at the point where it commits (its deferred triggers fired with SET CONSTRAINTS ALL
// IMMEDIATE, its row locks taken), and the other writes must go through meanwhile. A write that waited for a lock
// would hit the lock timeout and fail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobSeekerProfiles, users } from '#shared/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

let testDatabase: TestDatabase;
const db = () => testDatabase.database.db;

async function jobSeeker(status: 'active' | 'pending') {
  const [user] = await db()
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, role: 'job_seeker', status })
    .returning({ id: users.id });
  const [profile] = await db()
    .insert(jobSeekerProfiles)
    .values({ userId: user!.id, fullName: 'Sara Ali', phone: '+971501234567', location: 'Dubai, UAE', industries: ['Retail'], languages: ['English'] })
    .returning({ id: jobSeekerProfiles.id });
  return { userId: user!.id, profileId: profile!.id };
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe('writes that do not queue', () => {
  it('edits, approvals and sign-ups go through while another profile edit is committing', async () => {
    const held = await jobSeeker('active');
    const other = await jobSeeker('active');
    const waiting = await jobSeeker('pending');

    const holder = await testDatabase.database.pool.connect();
    const writer = await testDatabase.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`update job_seeker_profiles set bio = 'Cashier, six years.' where id = $1`, [held.profileId]);
      await holder.query(`update users set status = 'suspended' where id = $1`, [held.userId]);
      // Whatever runs at commit runs now, and keeps its locks until the transaction ends.
      await holder.query('set constraints all immediate');

      // A wait for the holder's locks fails here instead of hanging.
      await writer.query(`set lock_timeout = '2s'`);
      const write = async (text: string, values: unknown[]) => {
        await writer.query('begin');
        await writer.query(text, values);
        await writer.query('commit');
      };
      await write(`update job_seeker_profiles set bio = 'Waiter, two years.' where id = $1`, [other.profileId]);
      await write(`update users set status = 'active' where id = $1`, [waiting.userId]);
      // A sign-up and a new profile.
      await write(
        `with u as (insert into users (email, role, status) values ($1, 'job_seeker', 'pending') returning id)
          insert into job_seeker_profiles (user_id, full_name, phone, location, industries, languages)
          select id, 'Omar Said', '+971501234567', 'Doha, Qatar', '{Security}', '{Arabic}' from u`,
        [`${randomUUID()}@example.com`],
      );
      await write(`delete from job_seeker_profiles where id = $1`, [other.profileId]);
    } finally {
      await holder.query('rollback');
      holder.release();
      writer.release();
    }

    // The approval that went through meanwhile listed the waiting profile.
    const [listed] = await db().select({ listed: jobSeekerProfiles.listed }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, waiting.profileId));
    expect(listed?.listed).toBe(true);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from job_seeker_profiles where id = ${other.profileId}`);
    expect(rows[0]!.n).toBe(0);
  });
});
