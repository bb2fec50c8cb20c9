// The account calls at their edges: malformed and oversized input, the per-address limits, and the session
// cookie's Secure flag behind a proxy.
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Windows are fixed and aligned to the epoch: midnight starts a 15-minute and an hour-long window alike, so the
// Retry-After of a limit hit at the start of its window is the whole window.
let now = new Date('2026-03-01T00:00:00Z');
const clock: Clock = { now: () => now };

let direct: TestApp; // no proxy in front: X-Forwarded-* are not believed
let proxied: TestApp; // TRUST_PROXY=1: one proxy in front, its X-Forwarded-For and X-Forwarded-Proto count
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    createTestApp({ clock }),
    createTestApp({ clock, env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://wazifa.example' } }),
  ]);
});
afterAll(() => Promise.all([direct?.close(), proxied?.close()]));
const DAY = 24 * 60 * 60 * 1000;
beforeEach(() => {
  now = new Date((Math.floor(now.getTime() / DAY) + 1) * DAY); // the start of a fresh window for every limit
});

let counter = 0;
const uniqueEmail = (prefix = 'edge') => `${prefix}${++counter}@example.com`;

/** Each test calls from addresses of its own, so no test uses up another's allowance. */
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

async function signUp(app: TestApp['app']) {
  const agent = request.agent(app);
  const res = await agent.post('/api/auth/signup').send({ email: uniqueEmail(), password: 'long enough 1' });
  expect(res.status).toBe(201);
  return agent;
}

describe('POST /api/auth/login with bad input', () => {
  it.each([
    // shared/auth.ts gives the sign-in password's length limit no message of its own, so the schema's one is used.
    ['an oversized password', { email: 'a@example.com', password: 'x'.repeat(201) }, 'Password must be at most 200 characters'],
    ['a malformed e-mail', { email: 'someone at example.com', password: 'long enough 1' }, 'Please enter a valid e-mail address'],
    ['an oversized e-mail', { email: `${'a'.repeat(250)}@example.com`, password: 'long enough 1' }, 'This e-mail address is too long'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'Please enter your password'],
    ['a password of the wrong type', { email: 'a@example.com', password: { $ne: null } }, 'Please enter your password'],
    ['an empty object', {}, 'Please enter your e-mail address'],
  ])('refuses %s with 400 and says why', async (_what, body, message) => {
    const res = await request(direct.app).post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a request with no body at all with 400', async () => {
    const res = await request(direct.app).post('/api/auth/login');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your e-mail address');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await request(direct.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });
});

describe('POST /api/auth/set-role with bad input', () => {
  it.each([
    ['no role', {}],
    ['an unknown role', { role: 'admin' }],
    ['a role of the wrong type', { role: 1 }],
  ])('refuses %s with 400 and leaves the role unset', async (_what, body) => {
    const agent = await signUp(direct.app);
    const res = await agent.post('/api/auth/set-role').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please choose Job Seeker or Company');
    expect((await agent.get('/api/auth/user')).body.role).toBeNull();
  });
});

describe('limits per address', () => {
  /** Sends `send` from one address until it is refused; answers the statuses and the refusal. */
  async function exhaust(send: (address: string, i: number) => request.Test, times: number, address = newAddress()) {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < times; i++) {
      last = await send(address, i);
      statuses.push(last.status);
    }
    return { statuses, last: last!, address };
  }

  it('login-ip: 30 sign-ins per 15 minutes from one address, whatever the e-mails', async () => {
    const login = (address: string, i: number) =>
      request(proxied.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email: `login-ip-${i}@example.com`, password: 'wrong password' });
    const { statuses, last, address } = await exhaust(login, 31);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(last.status).toBe(429);
    expect(last.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(last.headers['retry-after']).toBe(String(15 * 60));
    // Another address is not held back; the same one is, until its window passes.
    expect((await login(newAddress(), 99)).status).toBe(401);
    expect((await login(address, 99)).status).toBe(429);
    now = new Date(now.getTime() + 15 * 60 * 1000);
    expect((await login(address, 99)).status).toBe(401);
  });

  it('login-email: 10 sign-ins per 15 minutes for one e-mail from one address, which locks out no other address', async () => {
    const owner = uniqueEmail('owner');
    const ownerAddress = newAddress();
    await request(proxied.app).post('/api/auth/signup').set('X-Forwarded-For', ownerAddress).send({ email: owner, password: 'the right one' }).expect(201);
    const login = (address: string, password: string) =>
      request(proxied.app).post('/api/auth/login').set('X-Forwarded-For', address).send({ email: owner, password });

    // Someone elsewhere tries passwords for the owner's address until they are held back…
    const { statuses, last, address: attacker } = await exhaust((address) => login(address, 'a guess'), 11);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe(String(15 * 60));
    expect((await login(attacker, 'the right one')).status).toBe(429);
    // …while the owner, from their own address, signs in as usual.
    const ownSignIn = await login(ownerAddress, 'the right one');
    expect(ownSignIn.status).toBe(200);
    expect(ownSignIn.body.email).toBe(owner);
    // An unknown address is held back the same way: the answers say nothing about which addresses have accounts.
    const ghost = (address: string) =>
      request(proxied.app).post('/api/auth/login').set('X-Forwarded-For', address).send({ email: 'ghost@example.com', password: 'a guess' });
    const held = await exhaust(ghost, 11);
    expect(held.statuses.slice(0, 10)).toEqual(statuses.slice(0, 10));
    expect(held.last.status).toBe(429);
    expect(held.last.body).toEqual(last.body);
  });

  it('signup-ip: 20 sign-ups per hour from one address', async () => {
    const signup = (address: string) =>
      request(proxied.app).post('/api/auth/signup').set('X-Forwarded-For', address).send({ email: uniqueEmail('many'), password: 'long enough 1' });
    const { statuses, last } = await exhaust(signup, 21);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe(String(60 * 60));
    expect((await signup(newAddress())).status).toBe(201);
  });

  it('reset-ip: 20 reset requests per hour from one address, shared by forgot-password and reset-password', async () => {
    const forgot = (address: string) =>
      request(proxied.app).post('/api/auth/forgot-password').set('X-Forwarded-For', address).send({ email: uniqueEmail('lost') });
    const { statuses, last, address } = await exhaust(forgot, 21);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe(String(60 * 60));
    const reset = await request(proxied.app)
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', address)
      .send({ token: 'x'.repeat(43), password: 'long enough 1' });
    expect(reset.status).toBe(429);
    expect(Number(reset.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(newAddress())).status).toBe(202);
  });

  it('counts by the connecting address when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
    // Without TRUST_PROXY a client cannot escape the limit by making up a new address for every request.
    const { last } = await exhaust(
      () => request(direct.app).post('/api/auth/forgot-password').set('X-Forwarded-For', newAddress()).send({ email: uniqueEmail('spoof') }),
      21,
    );
    expect(last.status).toBe(429);
  });
});

describe('the session cookie behind a proxy', () => {
  const signUpVia = (app: TestApp['app'], proto?: string) => {
    const req = request(app).post('/api/auth/signup');
    if (proto) req.set('X-Forwarded-Proto', proto);
    return req.send({ email: uniqueEmail('cookie'), password: 'long enough 1' });
  };
  const sessionCookie = (res: request.Response) => {
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('wazifa.sid='));
    expect(header).toBeDefined();
    return header!.split(';').map((part) => part.trim().toLowerCase());
  };

  it('is Secure when the request reached a trusted proxy over HTTPS', async () => {
    const res = await signUpVia(proxied.app, 'https');
    expect(res.status).toBe(201);
    expect(sessionCookie(res)).toContain('secure');
  });

  it('is not Secure over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    expect(sessionCookie(await signUpVia(proxied.app, 'http'))).not.toContain('secure');
    expect(sessionCookie(await signUpVia(proxied.app))).not.toContain('secure');
    expect(sessionCookie(await signUpVia(direct.app, 'https'))).not.toContain('secure');
  });
});
