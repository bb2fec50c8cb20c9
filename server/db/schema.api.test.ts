import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyProfiles, jobSeekerProfiles, users } from '#shared/schema.ts';
import { runMigrations } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

async function columns(table: string): Promise<Map<string, { nullable: boolean; default: string | null; type: string }>> {
  const { rows } = await testDb.database.pool.query(
    `select column_name, is_nullable, column_default, data_type from information_schema.columns
      where table_schema = 'public' and table_name = $1`,
    [table],
  );
  return new Map(
    rows.map((r) => [r.column_name, { nullable: r.is_nullable === 'YES', default: r.column_default, type: r.data_type }]),
  );
}

describe('database schema', () => {
  it('has every table', async () => {
    const { rows } = await testDb.database.pool.query(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const name of [
      'users',
      'sessions',
      'job_seeker_profiles',
      'company_profiles',
      'invoices',
      'objects',
      'career_applications',
      'email_outbox',
      'audit_log',
      'candidate_events',
      'shortlists',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('keeps the fields, requirements and defaults', async () => {
    const u = await columns('users');
    for (const c of ['id', 'email', 'first_name', 'last_name', 'profile_image_url', 'role', 'status', 'created_at', 'updated_at']) {
      expect(u.has(c), c).toBe(true);
    }
    expect(u.get('status')).toMatchObject({ nullable: false, default: "'pending'::character varying" });
    expect(u.get('role')?.nullable).toBe(true);

    const s = await columns('sessions');
    expect(s.get('sess')).toMatchObject({ nullable: false, type: 'jsonb' });
    expect(s.get('expire')?.nullable).toBe(false);

    const j = await columns('job_seeker_profiles');
    for (const c of ['user_id', 'full_name', 'phone', 'location', 'industries', 'languages']) expect(j.get(c)?.nullable, c).toBe(false);
    for (const c of ['cv_url', 'video_url', 'bio', 'years_of_experience', 'subscription_paid_until']) expect(j.get(c)?.nullable, c).toBe(true);
    expect(j.get('industries')?.type).toBe('ARRAY');

    const c = await columns('company_profiles');
    for (const name of ['company_name', 'contact_person', 'phone', 'email', 'subscription_plan', 'subscription_status']) {
      expect(c.get(name)?.nullable, name).toBe(false);
    }
    expect(c.get('subscription_status')?.default).toBe("'pending_payment'::character varying");
    for (const name of ['payment_verified_at', 'activated_at', 'subscription_start_date', 'subscription_end_date']) {
      expect(c.get(name)?.nullable, name).toBe(true);
    }
  });

  it('starts users pending and removes their profiles with them', async () => {
    const { db } = testDb.database;
    const [user] = await db.insert(users).values({ email: 'seeker@example.com' }).returning();
    expect(user!.status).toBe('pending');
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
    await db.insert(jobSeekerProfiles).values({
      userId: user!.id,
      fullName: 'Amina Yusuf',
      phone: '+971501234567',
      location: 'Dubai, UAE',
      industries: ['Hospitality'],
      languages: ['English', 'Arabic'],
    });
    const [company] = await db
      .insert(companyProfiles)
      .values({ userId: user!.id, companyName: 'Gulf Build', contactPerson: 'Omar', phone: '+97141234567', email: 'hr@gulf.example', subscriptionPlan: 'monthly' })
      .returning();
    expect(company!.subscriptionStatus).toBe('pending_payment');

    await db.delete(users).where(eq(users.id, user!.id));
    expect(await db.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, user!.id))).toHaveLength(0);
    expect(await db.select().from(companyProfiles).where(eq(companyProfiles.userId, user!.id))).toHaveLength(0);
  });

  it('allows one job-seeker profile per user', async () => {
    const { db } = testDb.database;
    const [user] = await db.insert(users).values({ email: 'twice@example.com' }).returning();
    const profile = {
      userId: user!.id,
      fullName: 'Rahul Nair',
      phone: '+971501112222',
      location: 'Sharjah, UAE',
      industries: ['Retail'],
      languages: ['Malayalam'],
    };
    await db.insert(jobSeekerProfiles).values(profile);
    await expect(db.insert(jobSeekerProfiles).values(profile)).rejects.toThrow();
  });

  it('runs migrations again, also from two processes at once, without changing anything', async () => {
    await Promise.all([runMigrations(testDb.database), runMigrations(testDb.database)]);
    const { rows } = await testDb.database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('the pool', () => {
  it('commits durably: every write waits for the WAL flush, counters and session touches too (docs/decisions/0047)', async () => {
    const { rows } = await testDb.database.pool.query<{ synchronous_commit: string }>('show synchronous_commit');
    expect(rows[0]!.synchronous_commit).toBe('on');
  });
});
