// `npm run test:scale`: the product as stateless instances behind a load balancer. Starts one PostgreSQL, s3rver (an
// S3-protocol server), two app instances (`node server/index.ts`, S3 storage, one SESSION_SECRET) and Debian's nginx
// as a round-robin proxy with passive failover, then checks what the instances must share:
// - a job seeker signs up on one instance and finishes the profile on the other (sessions and uploads are shared);
// - a resumable video upload begun on one instance goes on through the other (it waits in the bucket);
// - a company's search rate limit holds across both (rate limits are counted in PostgreSQL);
// - the subscription reminders job, which both instances run, sends each e-mail once;
// - the daily backup, due as both instances start, is made once, into the bucket;
// - one instance stops (SIGTERM) while 50 connections load the proxy: no request fails at the client.
// Prints each check and `N passed, N failed`; exits 1 when one failed. Needs nginx (/usr/sbin/nginx, or NGINX_PATH),
// which `.ci/run` installs like chromium.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { createDatabase, type Database } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { freePort } from '../server/test/free-port.ts';
import { addMultipartListing } from '../server/test/s3rver-multipart.ts';
import {
  addCompaniesDueAReminder,
  BUCKET,
  dailyBackupMadeOnce,
  instanceStopsUnderLoad,
  profileAcrossInstances,
  remindersSentOnce,
  resumableUploadAcrossInstances,
  searchLimitAcrossInstances,
} from './test-scale/checks.ts';
import { nginxConfig, root, startInstance } from './test-scale/processes.ts';
import { useTestTemporaryDirectory } from './test-temporary-directory.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SESSION_SECRET = 'scale-test-session-secret-that-is-long-enough';

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main() {
  const results: { name: string; ok: boolean; detail: string }[] = [];
  const check = async (name: string, run: () => Promise<string>) => {
    const started = performance.now();
    try {
      const detail = await run();
      results.push({ name, ok: true, detail });
      log(`PASS ${name} (${((performance.now() - started) / 1000).toFixed(1)} s): ${detail}`);
    } catch (err) {
      results.push({ name, ok: false, detail: String(err instanceof Error ? err.message : err) });
      log(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  // In RAM where there is room, as the other tests' files: the database, the bucket, the instances' data and nginx's
  // files all live in it.
  const dir = await mkdtemp(path.join(useTestTemporaryDirectory(), 'wazifa-scale-'));
  await chmod(dir, 0o755);
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    log('building the client if needed');
    const build = spawnSync(process.execPath, ['scripts/build-client-if-stale.ts'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the client did not build');

    log('starting PostgreSQL and s3rver');
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'db'), database: 'wazifa_scale', use: 'own' });
    stops.push(() => postgres.stop());
    const database: Database = createDatabase(postgres.url, { max: 4 });
    stops.push(() => database.close());
    await runMigrations(database);

    const s3Port = await freePort();
    const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: BUCKET }] });
    // The resumable video uploads wait in the bucket as multipart uploads, whose parts s3rver cannot list alone.
    addMultipartListing(s3);
    await s3.run();
    stops.push(() => s3.close());

    const reminded = await addCompaniesDueAReminder(database);

    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: postgres.url,
      SESSION_SECRET,
      PUBLIC_URL: proxy,
      TRUST_PROXY: 'loopback',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // Due now: both instances find today's slot begun as they start.
      BACKUP_TIME: new Date().toISOString().slice(11, 16),
    };
    log('starting two app instances');
    const [a, b] = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const dataDir = path.join(dir, `data-${name}`);
        await mkdir(dataDir);
        return startInstance(name, { ...env, DATA_DIR: dataDir });
      }),
    );
    for (const instance of [a!, b!]) {
      stops.push(async () => {
        if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
        instance.child.kill('SIGTERM');
        await once(instance.child, 'exit');
      });
    }

    log(`starting nginx on ${proxy}`);
    const nginxDir = path.join(dir, 'nginx');
    await mkdir(nginxDir);
    await writeFile(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, proxyPort, [new URL(a!.base).host, new URL(b!.base).host]));
    let nginxOutput = '';
    const nginx = spawn(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (chunk) => (nginxOutput += chunk));
    nginx.stderr!.on('data', (chunk) => (nginxOutput += chunk));
    stops.push(async () => {
      if (nginx.exitCode !== null) return;
      nginx.kill('SIGQUIT');
      await once(nginx, 'exit');
    });
    for (let tries = 0; ; tries++) {
      const answered = await fetch(`${proxy}/healthz`).then((res) => res.ok, () => false);
      if (answered) break;
      if (nginx.exitCode !== null || tries > 100) throw new Error(`nginx did not start: ${nginxOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const fleet = { a: a!, b: b!, proxy, database, s3Port };
    await check('a job seeker signs up on one instance and finishes the profile on the other', () => profileAcrossInstances(fleet));
    await check('a resumable video upload begun on one instance goes on through the other', () => resumableUploadAcrossInstances(fleet));
    await check("a company's search limit holds across both instances", () => searchLimitAcrossInstances(fleet));
    await check('the reminders job, run by both instances, sends each e-mail once', () => remindersSentOnce(fleet, reminded));
    await check('the daily backup, due on both instances, is made once', () => dailyBackupMadeOnce(fleet));
    await check('one instance stops under load through nginx: no request fails', () => instanceStopsUnderLoad(fleet));
  } catch (err) {
    results.push({ name: 'set-up', ok: false, detail: String(err instanceof Error ? err.stack : err) });
    log(`FAIL set-up: ${err instanceof Error ? err.stack : String(err)}`);
  } finally {
    await stopAll();
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
