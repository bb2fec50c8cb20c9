// `npm run db:seed -- --profiles N [--seed S]`: realistic GCC job seekers for demos and benchmarks, written straight
// into DATABASE_URL (or the embedded database, like `npm run db:migrate`) in batches.
//
// Deterministic: the same --seed gives the same people, ids and dates, so running it twice adds nothing the second
// time (rows that exist are skipped). A different --seed adds a different crowd.
//
// The CV paths point to /objects/cv/<uuid> files that do not exist: no upload record stands behind them, so the app
// answers 404 for them, and the clean-up of unused uploads ignores them. Profiles with a video share one real sample
// (/objects/sample/<SAMPLE_VIDEO_ID>, scripts/seed/sample-video.ts): a few seconds of a test picture with a tone,
// made once by ffmpeg as the app makes every video (an MP4 with a poster), so cards show a picture and the player plays.
// Seeded accounts have no password: they are there to be found, not to sign in.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { person } from './seed/person.ts';
import { randomSource } from './seed/random-source.ts';
import { ensureSampleVideo } from './seed/sample-video.ts';

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
