// `npm run bench`: the Job Seeker Database search at scale (100,000 profiles by default; `--profiles 1000000` for a
// million). Starts a throwaway embedded PostgreSQL, migrates, seeds the profiles set-based (scripts/seed.ts, indexes
// built once at the end), starts the app in a child process (createApp on a loopback port, local drivers, a pool of
// DATABASE_POOL_MAX connections, 10 by default), signs up active companies, then measures a fixed mix of 18
// GET /api/candidates queries (scripts/bench-queries.ts):
// - open loop: requests arriving at random at fixed rates (--rates, 100, 200 and 400 a second), p50/p95/p99, failures
//   and the app's peak resident memory, one `RESULT search ... rate=N ...` line each;
// - closed loop: 50 connections (--connections), each sending its next request as soon as the last is answered;
// - the same searches through SQL alone: the statements the search service sends for each (recorded from it, prepared
//   ones by name), straight through pg with as many clients: the bare cost of the searches in PostgreSQL;
// and prints `RESULT search profiles=N closed_loop_rps=... sql_rps=... ratio=...`; then times 50 edits of different
// profiles at once against one edit alone (`RESULT writes ...`): writes that queued on a shared row would take 50 times
// one edit.
//
// Options: --profiles N (100000), --seconds S per run (12), --connections C (50), --companies N (600), --blocks N of
// job seekers who blocked each company (100), --rates list,
// --app-flags=... (Node flags for the app's process, e.g. --app-flags=--max-semi-space-size=1).
//
// Rate limit: every company may search 120 times a minute (server/routes/candidates.ts). The bench does not turn it
// off: its requests come from many companies (each request from the next company), as real load would, and it stops
// with an error if an answer of the closed loop is not 200 (a 429 among them). 600 companies keep each under its
// limit up to about 1,200 requests a second over a minute of runs.
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { candidateSearchSchema } from '#shared/candidates.ts';
import { createDatabase } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { createCandidateSearch } from '../server/services/candidate-search/search.ts';
import { serve } from './bench/app-process.ts';
import { signUpActiveCompanies } from './bench/companies.ts';
import { apiRun, openLoopRun, sqlRun, stats, watchRss, type Run, type SqlStep } from './bench/load-runs.ts';
import { QUERIES, SECOND_PAGES_OF } from './bench-queries.ts';
import { seedProfiles } from './seed.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      profiles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '12' },
      connections: { type: 'string', default: '50' },
      companies: { type: 'string', default: '600' },
      // Job seekers who blocked each company (company_blocks), applied by every search's own SQL.
      blocks: { type: 'string', default: '100' },
      rates: { type: 'string', default: '100,200,400' },
      // Node flags for the app's process alone (the load generator keeps its own), to compare runtime settings.
      'app-flags': { type: 'string', default: '' },
    },
  });
  const rates = values.rates.split(',').map(Number);
  if (rates.some((r) => !Number.isFinite(r) || r <= 0)) throw new Error('--rates must be a comma-separated list of positive numbers');
  const profiles = Number(values.profiles);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const companyCount = Number(values.companies);
  const blocksPerCompany = Number(values.blocks);
  const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-bench-'));
  // As root, the embedded PostgreSQL runs as user postgres, which must be able to enter the directory.
  await chmod(dir, 0o755);
  let child: ChildProcess | undefined;
  let stopPostgres: (() => Promise<void>) | undefined;
  const pools: { close(): Promise<void> }[] = [];
  try {
    log(`starting PostgreSQL in ${dir}`);
    const postgres = await startEmbeddedPostgres({ dataDir: dir, database: 'wazifa_bench', use: 'own' });
    stopPostgres = postgres.stop;
    const admin = createDatabase(postgres.url, { max: 4 });
    pools.push(admin);
    await runMigrations(admin);

    log(`seeding ${profiles.toLocaleString('en')} job seekers`);
    const seedStarted = performance.now();
    await seedProfiles(admin.db, {
      profiles,
      seed: 1,
      rebuildIndexes: true,
      onProgress: (done) => done % 100_000 === 0 && log(`  ${done.toLocaleString('en')}`),
    });
    const seeded = (performance.now() - seedStarted) / 1000;
    // A settled database, as a running product has: statistics, a visibility map for index-only reads, and the
    // seed's writes on disk. Otherwise autovacuum and the checkpoint of the new rows run during the measurements,
    // on the same 2 cores.
    await admin.db.execute(sql`vacuum (analyze) job_seeker_profiles, users`);
    await admin.db.execute(sql`checkpoint`);
    log(`seeded in ${seeded.toFixed(1)} s (indexes included), settled in ${((performance.now() - seedStarted) / 1000 - seeded).toFixed(1)} s`);

    child = fork(import.meta.filename, ['--serve'], {
      execArgv: [...process.execArgv, '--expose-gc', ...values['app-flags'].split(' ').filter(Boolean)],
      env: { ...process.env, BENCH_DATA_DIR: path.join(dir, 'data'), BENCH_DATABASE_URL: postgres.url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('message', (m) => resolve((m as { port: number }).port));
      child!.once('exit', (code) => reject(new Error(`the app exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;

    const { cookies, companies } = await signUpActiveCompanies(base, admin.db, companyCount, blocksPerCompany, log);

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
      let total = '';
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/candidates?${q}`, { headers: { cookie: cookies[n + 1]! } });
        if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { total: number; totalExact: boolean };
        total = `${body.total}${body.totalExact ? '' : '+'}`;
        times.push(performance.now() - t);
      }
      const median = times.sort((x, y) => x - y)[7]!;
      log(`  ${total.padStart(6)} ${median.toFixed(1).padStart(6)} ms  ${decodeURIComponent(q.replace(/cursor=[^&]+/, 'cursor=<page 2>')).replaceAll('+', ' ') || '(no filters)'}`);
    }
    for (const q of queries) paths.push(`/api/candidates?${q}`);

    // The same searches through SQL alone, through pg: the statements the search service sends for each, recorded
    // from the service itself on the pool (prepared statements with their names). Its second search of a query is what
    // the app sends once the count is kept ('searches'); its first adds what it sends when it counts ('with counts').
    let recording: SqlStep[] | undefined;
    const sendQuery = admin.pool.query.bind(admin.pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
    (admin.pool as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
      if (recording && typeof config === 'object') {
        const query = config as pg.QueryConfig;
        recording.push({ name: query.name, text: query.text, params: values ?? query.values ?? [] });
      }
      return sendQuery(config, values);
    };
    const companyId = companies[0]!.id;
    const withCounts: SqlStep[][] = [];
    const searches: SqlStep[][] = [];
    for (const q of queries) {
      const input = candidateSearchSchema.parse(Object.fromEntries(new URLSearchParams(q)));
      const service = createCandidateSearch(admin.db);
      for (const into of [withCounts, searches]) {
        recording = [];
        await service.search(companyId, input);
        if (recording.length === 0) throw new Error(`no statement recorded for "${q}"`);
        into.push(recording);
      }
      recording = undefined;
    }
    const sqlPool = new pg.Pool({ connectionString: postgres.url, max: connections });
    sqlPool.on('error', () => {});
    pools.push({ close: () => sqlPool.end() });

    const appPid = child.pid!;
    const measured = async (run: () => Promise<Run>) => {
      const stop = watchRss(appPid);
      const result = await run();
      return { ...result, rssMb: stop() };
    };
    const runs: Run[] = [];
    const warm = Math.min(3, seconds);
    log(`warming up, then ${seconds} s per run`);
    await apiRun({ name: 'warm-up', base, paths, cookies, connections, seconds: warm });
    const openLoop: (Run & { rate: number })[] = [];
    for (const rate of rates) {
      const run = await measured(() => openLoopRun({ name: `API   ${rate} req/s arriving at random`, base, paths, cookies, connections, seconds, rate }));
      openLoop.push({ ...run, rate });
      runs.push(run);
    }
    const api = await measured(() => apiRun({ name: `API   closed loop, ${connections} connections`, base, paths, cookies, connections, seconds }));
    runs.push(api);
    // The filters' option counts, which the page asks for beside each search.
    const optionPaths = paths.map((p) => p.replace('/api/candidates?', '/api/candidates/option-counts?').replace(/&?cursor=[^&]*/, ''));
    runs.push(await measured(() => apiRun({ name: `API   option counts, closed loop, ${connections} conn.`, base, paths: optionPaths, cookies, connections, seconds })));
    await sqlRun({ name: 'warm-up', pool: sqlPool, requests: searches, connections, seconds: warm });
    const searchSql = await sqlRun({ name: `SQL   the searches' statements (${connections} clients)`, pool: sqlPool, requests: searches, connections, seconds });
    runs.push(searchSql);
    runs.push(await sqlRun({ name: `SQL   the same, counting every time (${connections} clients)`, pool: sqlPool, requests: withCounts, connections, seconds }));

    // Profile writes share no row: 50 edits of different profiles at once take far less than 50 edits in a row (the
    // median of five bursts; one burst alone varies with the machine).
    const { rows: edited } = await sqlPool.query<{ id: string }>('select id from job_seeker_profiles order by random() limit 300');
    let edits = 0;
    const edit = () => {
      const n = edits++;
      return sqlPool.query('update job_seeker_profiles set bio = $2 where id = $1', [edited[n % edited.length]!.id, `Bench edit ${n}: driver, ten years in Dubai.`]);
    };
    const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1]!;
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const alone: number[] = [];
    for (let i = 0; i < 30; i++) alone.push(await timed(edit));
    const oneEdit = median(alone);
    const bursts: number[] = [];
    for (let i = 0; i < 5; i++) bursts.push(await timed(() => Promise.all(Array.from({ length: 50 }, edit))));
    const allEdits = median(bursts);
    const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
    console.log(`\nGET /api/candidates at ${profiles.toLocaleString('en')} profiles, ${queries.length} queries in the mix, ${os.cpus().length} CPUs; seeded in ${seeded.toFixed(0)} s\n`);
    console.log(`${'run'.padEnd(56)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}${'req/s'.padStart(9)}${'requests'.padStart(10)}${'failed'.padStart(8)}${'app RSS'.padStart(9)}`);
    for (const run of runs) {
      const st = stats(run);
      const rss = run.rssMb === undefined ? '' : `${run.rssMb} MB`;
      console.log(`${run.name.padEnd(56)}${ms(st.p50)}${ms(st.p95)}${ms(st.p99)}${st.rps.toFixed(0).padStart(9)}${String(st.n).padStart(10)}${String(run.failures).padStart(8)}${rss.padStart(9)}`);
    }
    console.log('');
    const fixed = (v: number) => v.toFixed(1);
    for (const run of openLoop) {
      const st = stats(run);
      console.log(`RESULT search profiles=${profiles} rate=${run.rate} p50_ms=${fixed(st.p50)} p95_ms=${fixed(st.p95)} p99_ms=${fixed(st.p99)} errors=${run.failures} app_rss_mb=${run.rssMb}`);
    }
    const [a, q] = [stats(api), stats(searchSql)];
    console.log(`RESULT search profiles=${profiles} closed_loop_rps=${a.rps.toFixed(0)} sql_rps=${q.rps.toFixed(0)} ratio=${(a.rps / q.rps).toFixed(2)}`);
    const at200 = openLoop.find((run) => run.rate === 200);
    if (at200) {
      const p95 = stats(at200).p95;
      console.log(`Target at 200 req/s: p95 under 50 ms and no errors: ${p95 < 50 && at200.failures === 0 ? 'met' : 'NOT met'} (p95 ${fixed(p95)} ms, ${at200.failures} errors).`);
    }
    console.log(`Target closed loop: at least half the SQL-alone throughput: ${a.rps >= q.rps / 2 ? 'met' : 'NOT met'} (${(a.rps / q.rps).toFixed(2)}).`);
    console.log(`RESULT writes concurrent=50 one_edit_ms=${fixed(oneEdit)} all_ms=${fixed(allEdits)} ratio_to_in_a_row=${(allEdits / (50 * oneEdit)).toFixed(2)}`);
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
