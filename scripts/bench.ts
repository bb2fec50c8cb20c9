// `npm run bench`: the Job Seeker Database search at 100,000 profiles (issue 5). Starts a throwaway embedded
// PostgreSQL, migrates, seeds the profiles (scripts/seed.ts), starts the app in a child process (createApp on a
// loopback port, local drivers, a pool of DATABASE_POOL_MAX connections, 10 by default), signs up active companies,
// then measures a fixed mix of GET /api/candidates queries under autocannon with 50 connections (the app answers
// from its in-memory index), and the same searches through SQL alone, straight through pg with 50 clients:
// p50/p95/p99 latency, requests per second and the API/SQL ratio.
//
// Options: --profiles N (100000), --seconds S per run (12), --connections C (50), --companies N (600).
//
// Rate limit: every company may search 120 times a minute (server/routes/candidates.ts). The bench does not turn it
// off: its requests come from many companies (each connection's next request from the next company), as real load
// would, and it stops with an error if any answer is not 200 (a 429 among them). 600 companies keep each under its
// limit up to about 2,500 requests a second over the runs of a minute.
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pino from 'pino';
import { candidateSearchSchema } from '#shared/candidates.ts';
import { companyProfiles, users } from '#shared/schema.ts';
import { createApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { countQuery, createCandidateSearch, normalizeSearch } from '../server/services/candidate-search.ts';
import { createLocalStorage } from '../server/storage/local.ts';
import { freePort } from '../server/test/free-port.ts';
import { createLocalVideoHost } from '../server/video/local.ts';
import { randomSource, seedProfiles } from './seed.ts';

const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-to-use';

/** The mix: filters only, text only, text with filters, each sort; the second pages are added at run time. */
const QUERIES = [
  '',
  'industries=Construction',
  'industries=Hospitality,Retail&locations=Dubai, UAE',
  'languages=Tagalog&hasVideo=true',
  'minYears=5&maxYears=15&sort=experience',
  'locations=Riyadh, Saudi Arabia,Jeddah, Saudi Arabia&sort=experience',
  'q=driver',
  'q=nurse',
  'q=welder',
  'q=cleaner&locations=Sharjah, UAE',
  'q=security guard&industries=Security&sort=newest',
  'q=electrician&minYears=3&sort=experience',
  'q=english cashier&languages=Tagalog',
].map((q) => new URLSearchParams(q).toString());
const SECOND_PAGES_OF = ['', 'q=driver', 'minYears=5&maxYears=15&sort=experience'].map((q) => new URLSearchParams(q).toString());

// ---- The app, in a child process of its own (so the load generator does not share its event loop).

async function serve() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SESSION_SECRET,
    // Each company signs up from an address of its own (X-Forwarded-For from loopback), as real companies do.
    TRUST_PROXY: 'loopback',
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX,
  });
  const database = createDatabase(config.databaseUrl!, { max: config.databasePoolMax });
  const storage = createLocalStorage({ root: path.join(dataDir, 'objects'), secret: SESSION_SECRET, clock: systemClock });
  const videoHost = createLocalVideoHost({ db: database.db, storage });
  const app = createApp({ config, database, logger: pino({ level: 'silent' }), storage, videoHost });
  const server = http.createServer(app);
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('message', () => {
    server.closeAllConnections();
    server.close(() => void database.close().then(() => process.exit(0)));
  });
}

// ---- Measuring.

interface Run {
  name: string;
  latencies: number[];
  seconds: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
function stats(run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), rps: sorted.length / run.seconds, n: sorted.length };
}

interface LoadOptions {
  name: string;
  base: string;
  paths: string[];
  cookies: string[];
  connections: number;
  seconds: number;
}

/** Closed loop (autocannon): each connection sends its next request as soon as the last one is answered. */
async function apiRun(options: LoadOptions): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const cannon: autocannon.Options = {
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (req) => {
          const i = next++;
          return { ...req, path: options.paths[i % options.paths.length]!, headers: { ...req.headers, cookie: options.cookies[i % options.cookies.length]! } };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(cannon, (err, done) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${options.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000 };
}

/**
 * Open loop: requests arrive at random (Poisson) at `rate` per second whether or not earlier ones were answered, over
 * at most `connections` keep-alive connections, as many users would send them. A latency counts from the moment
 * the request was due, so time spent waiting for a free connection counts too.
 */
async function openLoopRun(options: LoadOptions & { rate: number }): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const random = randomSource(7);
  const latencies: number[] = [];
  const answers: Promise<void>[] = [];
  let failures = 0;
  const started = performance.now();
  let due = started;
  for (let n = 0; ; n++) {
    due += (-Math.log(1 - random.next()) * 1000) / options.rate;
    if (due > started + options.seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = due;
    answers.push(
      new Promise<void>((resolve) => {
        http
          .get(`${options.base}${options.paths[n % options.paths.length]}`, { agent, headers: { cookie: options.cookies[n % options.cookies.length] } }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) latencies.push(performance.now() - sent);
              else failures++;
              resolve();
            });
          })
          .on('error', () => {
            failures++;
            resolve();
          });
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  if (failures > 0) throw new Error(`${options.name}: ${failures} requests failed or were not answered 200`);
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000 };
}

interface SqlStep {
  /** Set for prepared statements, as the service sends them. */
  name?: string | undefined;
  text: string;
  params: unknown[];
}

async function sqlRun(options: { name: string; pool: pg.Pool; requests: SqlStep[][]; connections: number; seconds: number }): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = await options.pool.connect();
      try {
        while (performance.now() < until) {
          const steps = options.requests[next++ % options.requests.length]!;
          const t = performance.now();
          for (const step of steps) await client.query({ name: step.name, text: step.text, values: step.params });
          latencies.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { name: options.name, latencies, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const { values } = parseArgs({
    options: {
      profiles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '12' },
      connections: { type: 'string', default: '50' },
      companies: { type: 'string', default: '600' },
    },
  });
  const profiles = Number(values.profiles);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const companyCount = Number(values.companies);
  const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-bench-'));
  // As root, the embedded PostgreSQL runs as user postgres, which must be able to enter the directory.
  await chmod(dir, 0o755);
  let child: ChildProcess | undefined;
  let stopPostgres: (() => Promise<void>) | undefined;
  const pools: { close(): Promise<void> }[] = [];
  try {
    log(`starting PostgreSQL in ${dir}`);
    const postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: await freePort(), database: 'wazifa_bench' });
    stopPostgres = postgres.stop;
    const admin = createDatabase(postgres.url, { max: 4 });
    pools.push(admin);
    await runMigrations(admin);

    log(`seeding ${profiles.toLocaleString('en')} job seekers`);
    const seedStarted = performance.now();
    await seedProfiles(admin.db, { profiles, seed: 1, onProgress: (done) => done % 20_000 === 0 && log(`  ${done.toLocaleString('en')}`) });
    // A settled database, as a running product has: statistics, a visibility map for index-only counts, and the
    // seed's writes on disk. Otherwise autovacuum and the checkpoint of 100,000 new rows run during the measurements,
    // on the same 2 cores.
    await admin.db.execute(sql`vacuum (analyze) job_seeker_profiles, users, candidate_search_changes, candidate_search_version`);
    await admin.db.execute(sql`checkpoint`);
    log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    child = fork(import.meta.filename, ['--serve'], {
      env: { ...process.env, BENCH_DATA_DIR: path.join(dir, 'data'), BENCH_DATABASE_URL: postgres.url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('message', (m) => resolve((m as { port: number }).port));
      child!.once('exit', (code) => reject(new Error(`the app exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;

    log(`signing up ${companyCount} active companies`);
    const cookies: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < companyCount; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, companyCount - i) }, async (_, j) => {
          const n = i + j;
          const res = await fetch(`${base}/api/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` },
            body: JSON.stringify({ email: `bench.company.${n}@example.com`, password: 'bench password 1', role: 'company' }),
          });
          if (res.status !== 201) throw new Error(`sign-up ${n}: ${res.status} ${await res.text()}`);
          cookies[n] = res.headers.get('set-cookie')!.split(';')[0]!;
          userIds[n] = ((await res.json()) as { id: string }).id;
        }),
      );
    }
    const now = Date.now();
    const companies = await admin.db
      .insert(companyProfiles)
      .values(
        userIds.map((userId, n) => ({
          userId,
          companyName: `Bench Company ${n}`,
          contactPerson: 'Bench',
          phone: '+971501112233',
          email: `bench.company.${n}@example.com`,
          subscriptionPlan: 'monthly',
          subscriptionStatus: 'active',
          paymentVerifiedAt: new Date(now),
          activatedAt: new Date(now),
          subscriptionStartDate: new Date(now - 86_400_000),
          subscriptionEndDate: new Date(now + 30 * 86_400_000),
        })),
      )
      .returning({ id: companyProfiles.id });
    await admin.db.update(users).set({ status: 'active' }).where(inArray(users.id, userIds));

    // The second pages come from real first pages.
    const paths: string[] = [];
    const queries: string[] = [];
    for (const q of QUERIES) queries.push(q);
    for (const q of SECOND_PAGES_OF) {
      const res = await fetch(`${base}/api/candidates?${q}`, { headers: { cookie: cookies[0]! } });
      const body = (await res.json()) as { nextCursor: string | null };
      if (!body.nextCursor) throw new Error(`no second page for "${q}"`);
      queries.push(`${q}${q ? '&' : ''}cursor=${body.nextCursor}`);
    }
    // Each query alone, one at a time (from companies of their own): what a single request costs, unloaded.
    log('the mix: matches, and the median of 15 requests one at a time');
    for (const [n, q] of queries.entries()) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/candidates?${q}`, { headers: { cookie: cookies[n + 1]! } });
        if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
        total = ((await res.json()) as { total: number }).total;
        times.push(performance.now() - t);
      }
      const median = times.sort((x, y) => x - y)[7]!;
      log(`  ${String(total).padStart(6)} ${median.toFixed(1).padStart(6)} ms  ${decodeURIComponent(q.replace(/cursor=[^&]+/, 'cursor=<page 2>')).replaceAll('+', ' ') || '(no filters)'}`);
    }
    for (const q of queries) paths.push(`/api/candidates?${q}`);

    // The same searches through SQL alone, through pg: the service answers from its in-memory index of the listed
    // profiles (server/services/candidate-index.ts); without it, these are the statements it sends once its count is
    // known (recorded from the service itself, on the pool, prepared statements with their names), and the same with
    // the exact count counted again every time (first pages). The bare cost of each page in PostgreSQL.
    const dialect = new PgDialect();
    let recording: SqlStep[] | undefined;
    const sendQuery = admin.pool.query.bind(admin.pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
    (admin.pool as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
      if (recording && typeof config === 'object') {
        const query = config as pg.QueryConfig;
        recording.push({ name: query.name, text: query.text, params: values ?? query.values ?? [] });
      }
      return sendQuery(config, values);
    };
    const service = createCandidateSearch(admin.db, { inMemory: false });
    const companyId = companies[0]!.id;
    const withCount: SqlStep[][] = [];
    const pageOnly: SqlStep[][] = [];
    for (const q of queries) {
      const input = candidateSearchSchema.parse(Object.fromEntries(new URLSearchParams(q)));
      await service.search(companyId, input);
      recording = [];
      await service.search(companyId, input);
      const steps = recording;
      recording = undefined;
      if (steps.length === 0) throw new Error(`no statement recorded for "${q}"`);
      const { sql: text, params } = dialect.sqlToQuery(countQuery(normalizeSearch(input)));
      pageOnly.push(steps);
      withCount.push(input.cursor ? steps : [...steps, { text, params }]);
    }
    const sqlPool = new pg.Pool({ connectionString: postgres.url, max: connections });
    sqlPool.on('error', () => {});
    pools.push({ close: () => sqlPool.end() });

    const runs: Run[] = [];
    const warm = Math.min(3, seconds);
    log(`warming up, then ${seconds} s per run, ${connections} connections`);
    await apiRun({ name: 'warm-up', base, paths, cookies, connections, seconds: warm });
    const api = await apiRun({ name: `API   GET /api/candidates (HTTP, ${connections} connections)`, base, paths, cookies, connections, seconds });
    runs.push(api);
    await sqlRun({ name: 'warm-up', pool: sqlPool, requests: withCount, connections, seconds: warm });
    const exact = await sqlRun({ name: `SQL   page + exact count every time (${connections} clients)`, pool: sqlPool, requests: withCount, connections, seconds });
    runs.push(exact);
    const pageSql = await sqlRun({ name: `SQL   page only (${connections} clients)`, pool: sqlPool, requests: pageOnly, connections, seconds });
    runs.push(pageSql);
    // Latency when the server is not saturated: the same mix arriving at random, at a quarter and at half the rate it
    // managed above.
    for (const [share, label] of [[0.25, 'a quarter'], [0.5, 'half']] as const) {
      const rate = Math.max(5, Math.round(stats(api).rps * share));
      runs.push(await openLoopRun({ name: `API   ${rate} req/s arriving at random (${label} of the above)`, base, paths, cookies, connections, seconds, rate }));
    }

    const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
    console.log(`\nGET /api/candidates at ${profiles.toLocaleString('en')} profiles, ${queries.length} queries in the mix, ${os.cpus().length} CPUs\n`);
    console.log(`${'run'.padEnd(62)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}${'req/s'.padStart(9)}${'requests'.padStart(10)}`);
    for (const run of runs) {
      const st = stats(run);
      console.log(`${run.name.padEnd(62)}${ms(st.p50)}${ms(st.p95)}${ms(st.p99)}${st.rps.toFixed(0).padStart(9)}${String(st.n).padStart(10)}`);
    }
    const [a, e, p] = [stats(api), stats(exact), stats(pageSql)];
    const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
    console.log(`\nAPI/SQL (page + exact count): p50 ${ratio(a.p50, e.p50)}, p95 ${ratio(a.p95, e.p95)}, req/s ${ratio(a.rps, e.rps)}`);
    console.log(`API/SQL (page only):          p50 ${ratio(a.p50, p.p50)}, p95 ${ratio(a.p95, p.p95)}, req/s ${ratio(a.rps, p.rps)}`);
    console.log(`Target: search p95 under 50 ms at 100,000 profiles: ${a.p95 < 50 ? 'met' : 'NOT met'} (p95 ${a.p95.toFixed(1)} ms at ${connections} connections).`);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.send('stop');
      await exited;
    }
    for (const pool of pools.reverse()) await pool.close().catch(() => {});
    await stopPostgres?.();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
