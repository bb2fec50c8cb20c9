// A lost disk, as an operator lives it: profiles seeded and one made with a real CV and video, `npm run backup`
// beside the running server, the server stopped and DATA_DIR deleted, `npm run restore`, the server started again:
// the same rows, the same file bytes, the person still signed in and their video playing. A second restore into the
// restored database without --force is refused and changes nothing.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { copyFile, mkdir, readdir, readFile, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { PROFILE, uploadCv, uploadVideo } from '../server/test/fixtures.ts';
import { launchBrowser, openPage, signInWithCookie } from './support/browser.ts';
import { onePagePdf, playVideo, recordMp4 } from './support/media.ts';
import { makeDataDir, postgresProcessesOf, root, startProduct, type RunningProduct } from './support/product.ts';

const run = promisify(execFile);
let browser: Browser;
let dataDir: string;
let product: RunningProduct | undefined;
const archiveCopy = path.join(os.tmpdir(), `wazifa-archive-${process.pid}-${Date.now()}.zip`);

/** Runs one of the product's commands on DATA_DIR, as `npm run <name>` does. */
function command(script: string, args: string[] = []) {
  return run(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, output: err.stdout + err.stderr }),
  );
}

async function stop() {
  const exited = once(product!.child, 'close');
  product!.child.kill('SIGTERM');
  await exited;
  product = undefined;
}

/** Every table's row count (the process bookkeeping left out), read beside the running server. */
async function rowCounts(): Promise<Record<string, number>> {
  const postgres = await startEmbeddedPostgres({ dataDir, database: 'wazifa', use: 'share' });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      if (name === 'backups' || name === 'app_instances') continue;
      counts[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
    await postgres.stop();
  }
}

/** sha256 of every stored file, by its key. */
async function fileChecksums(): Promise<Record<string, string>> {
  const objectsDir = path.join(dataDir, 'objects');
  const sums: Record<string, string> = {};
  for (const entry of await readdir(objectsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    sums[path.relative(objectsDir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
  }
  return sums;
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = await makeDataDir('wazifa-backup-');
});
afterAll(async () => {
  if (product) product.child.kill('SIGKILL');
  await browser?.close();
  for (const pid of postgresProcessesOf(dataDir)) process.kill(pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await rm(archiveCopy, { force: true });
});

describe('backing up and restoring a whole installation', () => {
  it('restores the same rows and files after DATA_DIR is lost, and the video plays', async () => {
    product = await startProduct(dataDir);
    expect((await command('seed', ['--profiles', '300'])).code).toBe(0);
    // As the product's own page sends them: same-origin writes only.
    const seeker = request.agent(product.base).set('Origin', product.base);
    const signedUp = await seeker.post('/api/auth/signup').send({ email: `restored.${Date.now()}@example.com`, password: 'long enough 1', role: 'job_seeker' }).expect(201);
    const cookie = String(signedUp.headers['set-cookie']).split(';')[0]!;
    const cvUrl = await uploadCv(seeker, onePagePdf('Restored CV'));
    const video = await uploadVideo(seeker, await recordMp4(browser), 'intro.mp4');
    expect(video.status).toBe(200);
    await seeker.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl, videoUrl: video.body.videoUrl }).expect(201);
    // The video is made playable in the background; the backup is of the settled installation, so it waits for that.
    // (A backup taken meanwhile holds the queued job, and the restored server makes the video again.)
    await expect
      .poll(async () => (await seeker.get('/api/job-seeker/profile/video').expect(200)).body.video?.status, { timeout: 60_000 })
      .toBe('ready');

    const backup = await command('backup');
    expect(backup.output).toContain('Backup made');
    expect(backup.code).toBe(0);
    const [archive] = (await readdir(path.join(dataDir, 'backups'))).filter((name) => name.endsWith('.zip'));
    await copyFile(path.join(dataDir, 'backups', archive!), archiveCopy);
    const rowsBefore = await rowCounts();
    expect(rowsBefore.job_seeker_profiles).toBe(301);
    await stop();
    const filesBefore = await fileChecksums();
    expect(Object.keys(filesBefore).length).toBeGreaterThanOrEqual(3);

    // The disk is lost.
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    const restored = await command('restore', [archiveCopy]);
    expect(restored.output).toContain('Restored in');
    expect(restored.code).toBe(0);
    // Again, into the database just restored: refused without --force, and nothing changes.
    const again = await command('restore', [archiveCopy]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The database already holds data');
    expect(again.output).toContain('Nothing was changed');

    product = await startProduct(dataDir);
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await fileChecksums()).toEqual(filesBefore);

    // The person is still signed in (the session and its secret came back) and their video plays.
    const { page, context } = await openPage(browser, { width: 375, height: 800 });
    await signInWithCookie(context, product.base, cookie);
    await page.goto(`${product.base}/profile`);
    const played = await playVideo(page);
    expect(played.time).toBeGreaterThan(0.1);
    expect(played.width).toBe(320);
  });
});
