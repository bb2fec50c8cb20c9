import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { SESSION_TOUCH_INTERVAL_MS, settleSessionTouches } from '../auth/session-store.ts';
import { passwordHashing } from '../auth/passwords.ts';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { PASSWORD_HASHES_AT_ONCE, PASSWORD_HASHES_WAITING } from '../capacity.ts';
import { settlePasswordResetRequests } from '../services/account-passwords.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readEmailLink } from '../test/emails.ts';

// A clock the tests move, for token expiry and session lifetimes.
let now = new Date('2026-03-01T08:00:00Z');
const clock: Clock = { now: () => now };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock, env: { ADMIN_EMAILS: 'boss@wazifa.example', PUBLIC_URL: 'http://localhost:5000' } });
});
afterAll(() => testApp.close());
beforeEach(() => {
  now = new Date(now.getTime() + 60 * 60 * 1000); // a fresh rate-limit window for each test
});

const db = () => testApp.testDatabase.database.db;
let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}@example.com`;

/** The token of the link in the newest e-mail of a kind to an address (the link names PUBLIC_URL). */
async function emailedToken(to: string, template: 'verify_email' | 'reset_password'): Promise<string> {
  const link = new URL(await readEmailLink(db(), to, template, template === 'verify_email' ? '/verify-email' : '/reset-password'));
  expect(link.origin).toBe('http://localhost:5000');
  const token = link.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  return token!;
}

const mailsTo = async (to: string) => {
  // Reset e-mails are written after the answer.
  await settlePasswordResetRequests(db());
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
};

async function signUp(body: Record<string, unknown>) {
  const agent = request.agent(testApp.app);
  const res = await agent.post('/api/auth/signup').send(body);
  return { agent, res };
}

describe('POST /api/auth/signup', () => {
  it('creates the account, signs it in with an HttpOnly SameSite=Lax cookie, and queues a verification e-mail', async () => {
    const email = uniqueEmail();
    const { agent, res } = await signUp({ email: `  ${email.toUpperCase()} `, password: 'long enough 1', firstName: 'Amina' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, firstName: 'Amina', role: null, status: 'pending', isAdmin: false, emailVerified: false, profile: null });
    expect(res.body.passwordHash).toBeUndefined();
    const cookie = res.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^wazifa\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await agent.get('/api/auth/user')).body.email).toBe(email);
    const token = await emailedToken(email, 'verify_email');
    expect(token.length).toBeGreaterThan(20);
  });

  it('sets the role given at sign-up without a second question', async () => {
    const { res } = await signUp({ email: uniqueEmail(), password: 'long enough 1', role: 'company' });
    expect(res.body.role).toBe('company');
  });

  it.each([
    [{}, 'Please enter your e-mail address'],
    [{ email: 'not-an-email', password: 'long enough 1' }, 'Please enter a valid e-mail address'],
    [{ email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    [{ email: 'a@example.com', password: 'x'.repeat(201) }, 'Password must be at most 200 characters'],
    [{ email: 'a@example.com', password: 12345678 }, 'Please choose a password'],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'long enough 1' }, 'This e-mail address is too long'],
    [{ email: 'a@example.com', password: 'long enough 1', firstName: 'n'.repeat(101) }, 'Names can be at most 100 characters'],
    [{ email: 'a@example.com', password: 'long enough 1', role: 'admin' }, 'Please choose Job Seeker or Company'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await request(testApp.app).post('/api/auth/signup').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a taken e-mail with 409 and writes nothing', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'long enough 1' });
    const { res } = await signUp({ email, password: 'another one 2' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this e-mail already exists. Please sign in.');
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('signs in with a new session id and signs out for good', async () => {
    const email = uniqueEmail();
    const { res: signup } = await signUp({ email, password: 'right password' });
    const firstCookie = signup.headers['set-cookie']![0]!.split(';')[0];

    const agent = request.agent(testApp.app);
    const login = await agent.post('/api/auth/login').send({ email, password: 'right password' });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(email);
    expect(login.headers['set-cookie']![0]!.split(';')[0]).not.toBe(firstCookie);

    expect((await agent.post('/api/auth/logout')).status).toBe(204);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'right password' });
    const wrong = await request(testApp.app).post('/api/auth/login').send({ email, password: 'wrong password' });
    const unknown = await request(testApp.app).post('/api/auth/login').send({ email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Incorrect e-mail or password');
  });

  it('refuses missing fields with 400', async () => {
    const res = await request(testApp.app).post('/api/auth/login').send({ email: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your password');
  });

  it('limits attempts per e-mail with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'right password' });
    let last;
    for (let i = 0; i < 11; i++) last = await request(testApp.app).post('/api/auth/login').send({ email, password: 'wrong password' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too until the window passes…
    expect((await request(testApp.app).post('/api/auth/login').send({ email, password: 'right password' })).status).toBe(429);
    now = new Date(now.getTime() + 16 * 60 * 1000);
    expect((await request(testApp.app).post('/api/auth/login').send({ email, password: 'right password' })).status).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('is 401 for anonymous callers', async () => {
    const res = await request(testApp.app).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in to continue');
  });

  it('ends at once for a suspended user', async () => {
    const email = uniqueEmail();
    const { agent } = await signUp({ email, password: 'long enough 1' });
    await db().update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    await db().update(users).set({ status: 'pending' }).where(eq(users.email, email));
    // The session was destroyed, not merely refused once.
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('ends after the absolute lifetime, however active', async () => {
    const { agent } = await signUp({ email: uniqueEmail(), password: 'long enough 1' });
    now = new Date(now.getTime() + 29 * 24 * 60 * 60 * 1000);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    now = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});

describe('the idle lifetime', () => {
  // The idle deadline is kept by the cookie's expiry and the session row's `expire`, both in real time.
  const IDLE_MS = 5 * 60 * 1000;
  let idleApp: TestApp;
  beforeAll(async () => {
    idleApp = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
  });
  afterAll(() => idleApp?.close());

  async function signUpIdle() {
    const agent = request.agent(idleApp.app);
    const before = Date.now();
    const res = await agent.post('/api/auth/signup').send({ email: uniqueEmail('idle'), password: 'long enough 1' });
    expect(res.status).toBe(201);
    return { agent, res, before, userId: res.body.id as string };
  }
  const sessionExpiry = async (userId: string) => {
    await settleSessionTouches(idleApp.testDatabase.database);
    const { rows } = await idleApp.testDatabase.database.pool.query<{ expire: Date }>(
      `select expire from sessions where sess->>'userId' = $1`,
      [userId],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!.expire.getTime();
  };
  const setSessionExpiry = (userId: string, at: Date) =>
    idleApp.testDatabase.database.pool.query(`update sessions set expire = $2 where sess->>'userId' = $1`, [userId, at]);
  const cookieExpiry = (res: request.Response) => {
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('wazifa.sid='));
    expect(cookie).toBeDefined();
    const expires = /;\s*Expires=([^;]+)/i.exec(cookie!);
    expect(expires).not.toBeNull();
    return Date.parse(expires![1]!);
  };
  /**
   * `at` is the idle lifetime after a moment between `from` and `to`, to the second: the cookie's date drops the
   * milliseconds, the store rounds its `expire` up to the next second.
   */
  const expectIdleDeadline = (at: number, from: number, to: number) => {
    expect(at).toBeGreaterThanOrEqual(from + IDLE_MS - 1000);
    expect(at).toBeLessThanOrEqual(to + IDLE_MS + 1000);
  };

  it('gives the cookie and the stored session the idle lifetime, and renews both on every request', async () => {
    const { agent, res, before, userId } = await signUpIdle();
    const after = Date.now();
    expectIdleDeadline(cookieExpiry(res), before, after);
    expectIdleDeadline(await sessionExpiry(userId), before, after);

    // Nearly idle: one more minute. A request moves the deadline a whole idle lifetime on again.
    await setSessionExpiry(userId, new Date(Date.now() + 60_000));
    const beforeRenewal = Date.now();
    const me = await agent.get('/api/auth/user');
    const afterRenewal = Date.now();
    expect(me.status).toBe(200);
    expectIdleDeadline(cookieExpiry(me), beforeRenewal, afterRenewal);
    expectIdleDeadline(await sessionExpiry(userId), beforeRenewal, afterRenewal);
  });

  it('writes the stored deadline at most about once a minute while the session is in use', async () => {
    const { agent, userId } = await signUpIdle();
    const stored = await sessionExpiry(userId);
    const row = async () =>
      (await idleApp.testDatabase.database.pool.query<{ xmin: string }>(`select xmin from sessions where sess->>'userId' = $1`, [userId])).rows[0]!.xmin;
    const version = await row();
    // Requests within the minute renew the cookie but leave the row alone (not even rewritten with the same values).
    for (let i = 0; i < 3; i++) {
      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expectIdleDeadline(cookieExpiry(me), Date.now() - 1000, Date.now());
    }
    expect(await sessionExpiry(userId)).toBe(stored);
    expect(await row()).toBe(version);

    // A deadline more than a minute behind is moved on by the next request.
    await setSessionExpiry(userId, new Date(stored - SESSION_TOUCH_INTERVAL_MS - 1000));
    const before = Date.now();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expectIdleDeadline(await sessionExpiry(userId), before, Date.now());
  });

  it('answers without waiting for the stored deadline to be written', async () => {
    const { agent, userId } = await signUpIdle();
    await setSessionExpiry(userId, new Date(Date.now() + 60_000));
    // While the session row is locked, a touch that held the answer would hold it until the lock goes.
    const holder = await idleApp.testDatabase.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from sessions where sess->>'userId' = $1 for update`, [userId]);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const before = Date.now();
    expectIdleDeadline(await sessionExpiry(userId), before - 5_000, Date.now());
  });

  it('ends a session left idle past its deadline, although the cookie is still sent', async () => {
    const { agent, userId } = await signUpIdle();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    await setSessionExpiry(userId, new Date(Date.now() - 1000));
    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('Please sign in to continue');
  });
});

describe('POST /api/auth/set-role', () => {
  it('sets the role once; a second time is 409', async () => {
    const { agent } = await signUp({ email: uniqueEmail(), password: 'long enough 1' });
    expect((await agent.post('/api/auth/set-role').send({ role: 'job_seeker' })).body.role).toBe('job_seeker');
    const again = await agent.post('/api/auth/set-role').send({ role: 'company' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your account type is already set');
  });

  it('refuses a bad role with 400 and anonymous callers with 401', async () => {
    const { agent } = await signUp({ email: uniqueEmail(), password: 'long enough 1' });
    for (const body of [{ role: 'recruiter' }, { role: ['company'] }, {}]) {
      const res = await agent.post('/api/auth/set-role').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Please choose Job Seeker or Company');
    }
    expect((await request(testApp.app).post('/api/auth/set-role').send({ role: 'company' })).status).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('confirms once, with a password chosen through the link; ADMIN_EMAILS become admins only then', async () => {
    const { agent, res } = await signUp({ email: 'boss@wazifa.example', password: 'long enough 1' });
    expect(res.body.isAdmin).toBe(false);
    const token = await emailedToken('boss@wazifa.example', 'verify_email');
    const asked = await request(testApp.app).post('/api/auth/verify-email').send({ token });
    expect(asked.body).toEqual({ verified: false, passwordRequired: true, email: 'boss@wazifa.example' });
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ emailVerified: false, isAdmin: false });
    const verified = await agent.post('/api/auth/verify-email').send({ token, password: 'long enough 2' });
    expect(verified.status).toBe(200);
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ emailVerified: true, isAdmin: true });
    const again = await request(testApp.app).post('/api/auth/verify-email').send({ token, password: 'long enough 3' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link has expired or was already used. Sign in to get a new one.');
  });

  it('refuses a malformed or unknown token', async () => {
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token: '../../etc' })).body.message).toBe('This link is not valid');
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token: 'x'.repeat(43) })).status).toBe(400);
  });
});

describe('password reset', () => {
  it('resets by e-mailed link, once, within the hour, and ends every session', async () => {
    const email = uniqueEmail();
    const { agent } = await signUp({ email, password: 'old password' });
    const forgot = await request(testApp.app).post('/api/auth/forgot-password').send({ email });
    expect(forgot.status).toBe(202);
    const token = await emailedToken(email, 'reset_password');

    const reset = await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password' });
    expect(reset.status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect((await request(testApp.app).post('/api/auth/login').send({ email, password: 'old password' })).status).toBe(401);
    expect((await request(testApp.app).post('/api/auth/login').send({ email, password: 'new password' })).status).toBe(200);
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'third password' })).status).toBe(400);
  });

  it('expires links after an hour', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'old password' });
    await request(testApp.app).post('/api/auth/forgot-password').send({ email });
    const token = await emailedToken(email, 'reset_password');
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const res = await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This link has expired or was already used. Please ask for a new one.');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await request(testApp.app).post('/api/auth/forgot-password').send({ email });
    expect(res.status).toBe(202);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('answers byte for byte the same for a known and an unknown address, before any work for the address', async () => {
    const known = uniqueEmail('known');
    await signUp({ email: known, password: 'old password' });
    const unknown = uniqueEmail('unknown');
    const ask = (email: string) =>
      request(testApp.app).post('/api/auth/forgot-password').set('X-Request-Id', 'one-request-id').send({ email });
    // While the account tables are locked, no answer can come that waited on work for the address: finding its
    // account, writing a token or an e-mail. Both answers do the same work (the rate limits) and nothing else.
    const holder = await testApp.testDatabase.database.pool.connect();
    let answers: request.Response[];
    try {
      await holder.query('begin');
      await holder.query('lock table users, auth_tokens, email_outbox in access exclusive mode');
      answers = [await ask(known), await ask(unknown)];
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const [forKnown, forUnknown] = answers.map(({ status, headers, text }) => {
      const { date: _date, ...rest } = headers;
      return { status, headers: rest, text };
    });
    expect(forKnown!.status).toBe(202);
    expect(forKnown).toEqual(forUnknown);
    // The link then reaches the address that has an account, and only it.
    expect((await mailsTo(known)).filter((mail) => mail.template === 'reset_password')).toHaveLength(1);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });
});

describe('while password hashing is at its limit', () => {
  it('answers sign-up, sign-in and reset with 503 and Retry-After, writing nothing, and serves them once there is room', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'long enough 1' });
    await request(testApp.app).post('/api/auth/forgot-password').send({ email });
    const token = await emailedToken(email, 'reset_password');
    const newcomer = uniqueEmail('newcomer');

    // Every place taken, running and waiting, by hashes that finish when the test says so.
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const holders = Array.from({ length: PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING }, () => passwordHashing.run(() => held));
    try {
      expect([passwordHashing.running, passwordHashing.waiting]).toEqual([PASSWORD_HASHES_AT_ONCE, PASSWORD_HASHES_WAITING]);
      for (const res of [
        await request(testApp.app).post('/api/auth/signup').send({ email: newcomer, password: 'long enough 1' }),
        await request(testApp.app).post('/api/auth/login').send({ email, password: 'long enough 1' }),
        await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password 1' }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.body).toEqual({ code: 'auth.busy', message: ERROR_MESSAGES['auth.busy'] });
      }
      expect(await db().select().from(users).where(eq(users.email, newcomer))).toHaveLength(0);
    } finally {
      finish();
      await Promise.all(holders);
    }

    expect((await request(testApp.app).post('/api/auth/signup').send({ email: newcomer, password: 'long enough 1' })).status).toBe(201);
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password 1' })).status).toBe(200);
    expect((await request(testApp.app).post('/api/auth/login').send({ email, password: 'new password 1' })).status).toBe(200);
  });
});

describe('bad input on the other account calls', () => {
  it.each([
    ['/api/auth/forgot-password', { email: 'nope' }, 'Please enter a valid e-mail address'],
    ['/api/auth/forgot-password', {}, 'Please enter your e-mail address'],
    ['/api/auth/reset-password', { token: 'x'.repeat(43), password: 'short' }, 'Password must be at least 8 characters'],
    ['/api/auth/reset-password', { password: 'long enough 1' }, 'This link is not valid'],
    ['/api/auth/verify-email', { token: 42 }, 'This link is not valid'],
    ['/api/auth/login', { email: ['a@example.com'], password: 'x' }, 'Please enter your e-mail address'],
  ])('%s refuses %j with 400', async (path, body, message) => {
    const res = await request(testApp.app).post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('asks anonymous callers to sign in before resending a verification link', async () => {
    expect((await request(testApp.app).post('/api/auth/resend-verification')).status).toBe(401);
  });

  it('limits sign-ups per e-mail address', async () => {
    const email = uniqueEmail('busy');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(testApp.app).post('/api/auth/signup').send({ email, password: 'long enough 1' })).status);
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('requests from other sites', () => {
  it('refuses state-changing requests with a foreign Origin or Sec-Fetch-Site', async () => {
    const byOrigin = await request(testApp.app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@example.com', password: 'whatever1' });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.message).toBe('Requests from other sites are not allowed');
    const byFetchSite = await request(testApp.app).post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(byFetchSite.status).toBe(403);
    const sameOrigin = await request(testApp.app)
      .post('/api/auth/logout')
      .set('Origin', 'http://localhost:5000')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(sameOrigin.status).toBe(204);
  });
});
