// The scale test's checks of what the instances must share (sessions, uploads, rate limits, jobs, backups, failover),
// each a function answering what it saw. Apart from the test's steps (scripts/test-scale.ts), which start the fleet.
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { backups, companyProfiles, emailOutbox, users } from '#shared/schema.ts';
import type { Database } from '../../server/db/client.ts';
import { SEARCH_LIMIT } from '../../server/routes/candidates.ts';
import { PDF, mp4 } from '../../server/test/fixtures.ts';
import type { Instance } from './processes.ts';

/** The bucket both instances store in; the backup check reads it. */
export const BUCKET = 'wazifa-files';
const DAY = 24 * 3600 * 1000;

/** What the checks reach: the two instances, the proxy before them, the shared database and the bucket's server. */
export interface Fleet {
  a: Instance;
  b: Instance;
  proxy: string;
  database: Database;
  s3Port: number;
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

/**
 * Companies whose subscription ends in three days: the 7-day reminder is due, and both instances run the reminders
 * job as they start. Answers their addresses.
 */
export async function addCompaniesDueAReminder(database: Database): Promise<string[]> {
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
  return reminded;
}

export async function profileAcrossInstances({ a, b }: Fleet): Promise<string> {
  const seeker = person();
  const email = `seeker.${Date.now()}@example.com`;
  await expectStatus(await seeker.call(a.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'job_seeker' }), 201, 'sign-up on a');
  // The CV: the upload link from one instance, the file straight to the bucket, the check on the other.
  const created = await (await expectStatus(await seeker.call(a.base, 'POST', '/api/objects/upload'), 200, 'upload link on a')).json();
  await expectStatus(await fetch(created.uploadURL, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF }), 200, 'PUT to the bucket');
  const acl = await (await expectStatus(await seeker.call(b.base, 'PUT', '/api/objects/acl', { objectURL: created.uploadURL }), 200, 'finish on b')).json();
  const form = new FormData();
  form.set('title', 'Sara Ali');
  form.set('description', 'Introduction video');
  form.set('video', new Blob([new Uint8Array(mp4())], { type: 'video/mp4' }), 'intro.mp4');
  const video = await (await expectStatus(await seeker.call(b.base, 'POST', '/api/video/upload', form), 200, 'video on b')).json();
  await expectStatus(
    await seeker.call(b.base, 'POST', '/api/job-seeker/profile', {
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
  const me = await (await expectStatus(await seeker.call(a.base, 'GET', '/api/auth/user'), 200, 'user on a')).json();
  if (me.profile?.fullName !== 'Sara Ali') throw new Error(`instance a does not see the profile: ${JSON.stringify(me)}`);
  const cv = await seeker.call(a.base, 'GET', acl.objectPath);
  const bytes = Buffer.from(await cv.arrayBuffer());
  if (cv.status !== 200 || !bytes.equals(PDF)) throw new Error(`the CV does not come back from a: ${cv.status}`);
  return 'signed up on a, CV finished and profile created on b, both seen from a';
}

export async function resumableUploadAcrossInstances({ a, b }: Fleet): Promise<string> {
  const seeker = person();
  const email = `video.${Date.now()}@example.com`;
  await expectStatus(await seeker.call(a.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'job_seeker' }), 201, 'sign-up');
  const video = mp4(6 * 1024 * 1024);
  const tus = (extra: Record<string, string>) => ({ 'Tus-Resumable': '1.0.0', cookie: seeker.cookie(), ...extra });
  const created = await expectStatus(
    await fetch(`${a.base}/api/video/tus`, { method: 'POST', headers: tus({ 'Upload-Length': String(video.length) }) }),
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
  await expectStatus(await piece(a.base, 0, 5 * 1024 * 1024), 204, 'first piece on a');
  const status = await expectStatus(await fetch(`${b.base}${location}`, { method: 'HEAD', headers: tus({}) }), 200, 'HEAD on b');
  const offset = Number(status.headers.get('upload-offset'));
  if (offset !== 5 * 1024 * 1024) throw new Error(`b says the upload is at ${offset}`);
  const finished = await expectStatus(await piece(b.base, offset, video.length), 200, 'last piece on b');
  const { videoUrl } = (await finished.json()) as { videoUrl: string };
  const played = await seeker.call(a.base, 'GET', videoUrl);
  if (played.status !== 200 || !Buffer.from(await played.arrayBuffer()).equals(video)) throw new Error(`the video does not come back from a: ${played.status}`);
  return `${video.length} bytes: 5 MiB through a, the rest through b, played back whole from a`;
}

/** Ten times what the 150 searches of the check below take on a 2-core machine. */
const SEARCHES_NEED_MS = 5_000;

export async function searchLimitAcrossInstances({ a, b, database }: Fleet): Promise<string> {
  const company = person();
  const email = `company.${Date.now()}@example.com`;
  await expectStatus(await company.call(a.base, 'POST', '/api/auth/signup', { email, password: 'long enough 1', role: 'company' }), 201, 'company sign-up');
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
  // All the searches must fall in one window: with less than SEARCHES_NEED_MS left of this one, start at the next.
  // They take about half a second on a 2-core machine; asking for 25 s left cost 5 s a run on average, up to 25.
  const windowLeft = SEARCH_LIMIT.windowMs - (Date.now() % SEARCH_LIMIT.windowMs);
  if (windowLeft < SEARCHES_NEED_MS) await new Promise((resolve) => setTimeout(resolve, windowLeft + 50));
  const statuses: number[] = [];
  const attempts = SEARCH_LIMIT.max + 30;
  // Alternating instances, a few at a time, as a busy recruiter's tabs would.
  for (let i = 0; i < attempts; i += 6) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(6, attempts - i) }, (_, j) => company.call((i + j) % 2 === 0 ? a.base : b.base, 'GET', '/api/candidates?q=cook')),
    );
    statuses.push(...batch.map((res) => res.status));
  }
  const accepted = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  if (accepted + refused !== attempts) throw new Error(`other answers than 200 and 429: ${[...new Set(statuses)].join(', ')}`);
  if (accepted > SEARCH_LIMIT.max) throw new Error(`${accepted} searches accepted in one window, more than the limit of ${SEARCH_LIMIT.max}`);
  if (accepted < SEARCH_LIMIT.max) throw new Error(`only ${accepted} searches accepted, fewer than the limit of ${SEARCH_LIMIT.max}`);
  return `${accepted} accepted and ${refused} refused of ${attempts}, spread over both`;
}

export async function remindersSentOnce({ database }: Fleet, reminded: string[]): Promise<string> {
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
}

export async function dailyBackupMadeOnce({ database, s3Port }: Fleet): Promise<string> {
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
}

export async function instanceStopsUnderLoad({ a, proxy }: Fleet): Promise<string> {
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
      a.child.kill('SIGTERM');
      a.child.once('exit', (code) => resolve(code));
    }, 3000);
  });
  const result = await load;
  const code = await stopped;
  if (code !== 0) throw new Error(`the stopped instance exited with ${code}:\n${a.output().slice(-1500)}`);
  if (!a.output().includes('"msg":"stopped"')) throw new Error('the stopped instance did not log that it stopped');
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx of ${result.requests.total}`);
  if (stoppedAfter === 0) throw new Error('the instance was not stopped during the load');
  return `${result.requests.total} requests, ${Math.round(result.requests.average)} a second, none failed; the instance exited 0`;
}
