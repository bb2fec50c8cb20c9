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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { backups, companyProfiles, emailOutbox, users } from '#shared/schema.ts';
import { createDatabase, type Database } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { PDF, mp4 } from '../server/test/fixtures.ts';
import { freePort } from '../server/test/free-port.ts';
import { addMultipartListing } from '../server/test/s3rver-multipart.ts';
import { SEARCH_LIMIT } from '../server/routes/candidates.ts';

const root = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SESSION_SECRET = 'scale-test-session-secret-that-is-long-enough';
const BUCKET = 'wazifa-files';
const DAY = 24 * 3600 * 1000;

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Resolves once `child` wrote `text` (it logs 'is listening' when it listens); rejects if it exits first. */
function waitForOutput(child: ChildProcess, output: () => string, text: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "${text}" within ${timeoutMs} ms:\n${output().slice(-2000)}`)), timeoutMs);
    const check = () => {
      if (!output().includes(text)) return;
      done();
      resolve();
    };
    const exited = (code: number | null) => fail(new Error(`exited (${code}) before "${text}":\n${output().slice(-2000)}`));
    const fail = (err: Error) => {
      done();
      reject(err);
    };
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--expose-gc', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const instance = { name, base: `http://127.0.0.1:${port}`, child, output: () => output };
  await waitForOutput(child, instance.output, 'is listening');
  return instance;
}

function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${runAsRoot}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 110m;
  upstream app {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Passive failover: an instance that refuses, resets or is stopping is skipped, and the request tried again on
      # the other (idempotent requests only, as nginx does by default).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/** A tiny cookie-carrying client for one person, talking to a chosen base URL each time. */
function person() {
  let cookie = '';
  return {
    async call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0]!;
      return res;
    },
    cookie: () => cookie,
  };
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
  return res;
}

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

  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-scale-'));
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

    // Companies whose subscription ends in three days: the 7-day reminder is due, and both instances run the reminders
    // job as they start.
    const reminded: string[] = [];
    for (let i = 0; i < 20; i++) {
      const [user] = await database.db.insert(users).values({ email: `reminded.${i}@example.com`, role: 'company', status: 'active' }).returning();
      await database.db.insert(companyProfiles).values({
        userId: user!.id,
        companyName: `Reminded ${i} LLC`,
        contactPerson: 'Hiring Manager',
        phone: '+971501112233',
        email: user!.email!,
        subscriptionPlan: 'monthly',
        subscriptionStatus: 'active',
        subscriptionStartDate: new Date(Date.now() - 27 * DAY),
        subscriptionEndDate: new Date(Date.now() + 3 * DAY),
      });
      reminded.push(user!.email!);
    }

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

    await check('a job seeker signs up on one instance and finishes the profile on the other', async () => {
      const seeker = person();
      const email = `seeker.${Date.now()}@example.com`;
      await expectStatus(await seeker.call(a!.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'job_seeker' }), 201, 'sign-up on a');
      // The CV: the upload link from one instance, the file straight to the bucket, the check on the other.
      const created = await (await expectStatus(await seeker.call(a!.base, 'POST', '/api/objects/upload'), 200, 'upload link on a')).json();
      await expectStatus(await fetch(created.uploadURL, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF }), 200, 'PUT to the bucket');
      const acl = await (await expectStatus(await seeker.call(b!.base, 'PUT', '/api/objects/acl', { objectURL: created.uploadURL }), 200, 'finish on b')).json();
      const form = new FormData();
      form.set('title', 'Sara Ali');
      form.set('description', 'Introduction video');
      form.set('video', new Blob([new Uint8Array(mp4())], { type: 'video/mp4' }), 'intro.mp4');
      const video = await (await expectStatus(await seeker.call(b!.base, 'POST', '/api/video/upload', form), 200, 'video on b')).json();
      await expectStatus(
        await seeker.call(b!.base, 'POST', '/api/job-seeker/profile', {
          fullName: 'Sara Ali',
          phone: '+971 50 123 4567',
          location: 'Dubai, UAE',
          industries: ['Hospitality'],
          languages: ['English'],
          cvUrl: acl.objectPath,
          videoUrl: video.videoUrl,
        }),
        201,
        'profile on b',
      );
      const me = await (await expectStatus(await seeker.call(a!.base, 'GET', '/api/auth/user'), 200, 'user on a')).json();
      if (me.profile?.fullName !== 'Sara Ali') throw new Error(`instance a does not see the profile: ${JSON.stringify(me)}`);
      const cv = await seeker.call(a!.base, 'GET', acl.objectPath);
      const bytes = Buffer.from(await cv.arrayBuffer());
      if (cv.status !== 200 || !bytes.equals(PDF)) throw new Error(`the CV does not come back from a: ${cv.status}`);
      return 'signed up on a, CV finished and profile created on b, both seen from a';
    });

    await check('a resumable video upload begun on one instance goes on through the other', async () => {
      const seeker = person();
      const email = `video.${Date.now()}@example.com`;
      await expectStatus(await seeker.call(a!.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'job_seeker' }), 201, 'sign-up');
      const video = mp4(6 * 1024 * 1024);
      const tus = (extra: Record<string, string>) => ({ 'Tus-Resumable': '1.0.0', cookie: seeker.cookie(), ...extra });
      const created = await expectStatus(
        await fetch(`${a!.base}/api/video/tus`, { method: 'POST', headers: tus({ 'Upload-Length': String(video.length) }) }),
        201,
        'upload created on a',
      );
      const location = created.headers.get('location')!;
      const piece = (base: string, from: number, to: number) =>
        fetch(`${base}${location}`, {
          method: 'PATCH',
          headers: tus({ 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' }),
          body: new Uint8Array(video.subarray(from, to)),
        });
      await expectStatus(await piece(a!.base, 0, 5 * 1024 * 1024), 204, 'first piece on a');
      const status = await expectStatus(await fetch(`${b!.base}${location}`, { method: 'HEAD', headers: tus({}) }), 200, 'HEAD on b');
      const offset = Number(status.headers.get('upload-offset'));
      if (offset !== 5 * 1024 * 1024) throw new Error(`b says the upload is at ${offset}`);
      const finished = await expectStatus(await piece(b!.base, offset, video.length), 200, 'last piece on b');
      const { videoUrl } = (await finished.json()) as { videoUrl: string };
      const played = await seeker.call(a!.base, 'GET', videoUrl);
      if (played.status !== 200 || !Buffer.from(await played.arrayBuffer()).equals(video)) throw new Error(`the video does not come back from a: ${played.status}`);
      return `${video.length} bytes: 5 MiB through a, the rest through b, played back whole from a`;
    });

    await check("a company's search limit holds across both instances", async () => {
      const company = person();
      const email = `company.${Date.now()}@example.com`;
      await expectStatus(await company.call(a!.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'company' }), 201, 'company sign-up');
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      await database.db.update(users).set({ status: 'active' }).where(eq(users.id, user!.id));
      await database.db.insert(companyProfiles).values({
        userId: user!.id,
        companyName: 'Limit Test LLC',
        contactPerson: 'Hiring Manager',
        phone: '+971501112233',
        email,
        subscriptionPlan: 'monthly',
        subscriptionStatus: 'active',
        subscriptionStartDate: new Date(Date.now() - DAY),
        subscriptionEndDate: new Date(Date.now() + 20 * DAY),
      });
      // Start at the beginning of a window, so all the searches fall in one.
      const windowLeft = SEARCH_LIMIT.windowMs - (Date.now() % SEARCH_LIMIT.windowMs);
      if (windowLeft < 25_000) await new Promise((resolve) => setTimeout(resolve, windowLeft + 50));
      const statuses: number[] = [];
      const attempts = SEARCH_LIMIT.max + 30;
      // Alternating instances, a few at a time, as a busy recruiter's tabs would.
      for (let i = 0; i < attempts; i += 6) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(6, attempts - i) }, (_, j) => company.call((i + j) % 2 === 0 ? a!.base : b!.base, 'GET', '/api/candidates?q=cook')),
        );
        statuses.push(...batch.map((res) => res.status));
      }
      const accepted = statuses.filter((s) => s === 200).length;
      const refused = statuses.filter((s) => s === 429).length;
      if (accepted + refused !== attempts) throw new Error(`other answers than 200 and 429: ${[...new Set(statuses)].join(', ')}`);
      if (accepted > SEARCH_LIMIT.max) throw new Error(`${accepted} searches accepted in one window, more than the limit of ${SEARCH_LIMIT.max}`);
      if (accepted < SEARCH_LIMIT.max) throw new Error(`only ${accepted} searches accepted, fewer than the limit of ${SEARCH_LIMIT.max}`);
      return `${accepted} accepted and ${refused} refused of ${attempts}, spread over both`;
    });

    await check('the reminders job, run by both instances, sends each e-mail once', async () => {
      // Both ran it as they started; wait until every reminder is queued (the job runs at start, in the background).
      const deadline = Date.now() + 30_000;
      for (;;) {
        const rows = await database.db
          .select({ to: emailOutbox.toAddress, n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.template} like 'subscription_reminder%' and ${emailOutbox.toAddress} like 'reminded.%'`)
          .groupBy(emailOutbox.toAddress);
        if (rows.length === reminded.length) {
          const twice = rows.filter((row) => row.n !== 1);
          if (twice.length > 0) throw new Error(`sent more than once: ${twice.map((r) => `${r.to} x${r.n}`).join(', ')}`);
          return `${rows.length} companies reminded once each`;
        }
        if (Date.now() > deadline) throw new Error(`only ${rows.length} of ${reminded.length} reminders queued`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });

    await check('the daily backup, due on both instances, is made once', async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = await database.db.select().from(backups).where(eq(backups.trigger, 'daily'));
        const done = rows.filter((row) => row.state !== 'running');
        if (done.length > 0 || Date.now() > deadline) {
          if (rows.length !== 1) throw new Error(`${rows.length} daily backups made, not one`);
          const [row] = rows;
          if (row!.state !== 'succeeded') throw new Error(`the backup ${row!.state}: ${row!.errorDetail}`);
          const stored = await fetch(`http://127.0.0.1:${s3Port}/${BUCKET}/${row!.fileName}`, { method: 'HEAD' });
          if (Number(stored.headers.get('content-length')) !== row!.size) throw new Error(`the bucket's ${row!.fileName} has ${stored.headers.get('content-length')} bytes, the row says ${row!.size}`);
          return `one backup by ${row!.instance}, ${row!.size} bytes at ${row!.fileName} in the bucket`;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });

    await check('one instance stops under load through nginx: no request fails', async () => {
      const seeker = person();
      await expectStatus(
        await seeker.call(proxy, 'POST', '/api/auth/signup', { email: `load.${Date.now()}@example.com`, password: 'long enough 1', role: 'job_seeker' }),
        201,
        'sign-up through nginx',
      );
      const load = new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          { url: proxy, connections: 50, duration: 8, requests: [{ method: 'GET', path: '/api/auth/user', headers: { cookie: seeker.cookie() } }] },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
      });
      let stoppedAfter = 0;
      const stopped = new Promise<number | null>((resolve) => {
        setTimeout(() => {
          stoppedAfter = performance.now();
          a!.child.kill('SIGTERM');
          a!.child.once('exit', (code) => resolve(code));
        }, 3000);
      });
      const result = await load;
      const code = await stopped;
      if (code !== 0) throw new Error(`the stopped instance exited with ${code}:\n${a!.output().slice(-1500)}`);
      if (!a!.output().includes('"msg":"stopped"')) throw new Error('the stopped instance did not log that it stopped');
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed > 0) throw new Error(`${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx of ${result.requests.total}`);
      if (stoppedAfter === 0) throw new Error('the instance was not stopped during the load');
      return `${result.requests.total} requests, ${Math.round(result.requests.average)} a second, none failed; the instance exited 0`;
    });
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
