// Confirming an address hands the account to whoever proves it, never to whoever chose a password before the proof
// (pre-account takeover, docs/decisions/0016-a-password-counts-once-the-address-is-proven.md), and the e-mailed links
// work whoever is signed in where they are opened.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readEmailLink } from '../test/emails.ts';

let now = new Date('2026-04-01T08:00:00Z');
const clock: Clock = { now: () => now };
const ADMIN = 'owner@wazifa.example';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock, env: { ADMIN_EMAILS: `${ADMIN},chief@wazifa.example`, PUBLIC_URL: 'http://localhost:5000' } });
});
afterAll(() => testApp.close());
beforeEach(() => {
  now = new Date(now.getTime() + 60 * 60 * 1000); // a fresh rate-limit window for each test
});

const db = () => testApp.testDatabase.database.db;
let counter = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}${++counter}@example.com`;

async function signUp(email: string, password: string) {
  const agent = request.agent(testApp.app);
  const res = await agent.post('/api/auth/signup').send({ email, password });
  expect(res.status).toBe(201);
  return agent;
}

async function signIn(email: string, password: string) {
  const agent = request.agent(testApp.app);
  const res = await agent.post('/api/auth/login').send({ email, password });
  return { agent, res };
}

async function tokenOf(email: string, template: 'verify_email' | 'reset_password') {
  const path = template === 'verify_email' ? '/verify-email' : '/reset-password';
  return new URL(await readEmailLink(db(), email, template, path)).searchParams.get('token')!;
}

const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;

describe('a password chosen before the address was proven', () => {
  it('gives an ADMIN_EMAILS address nothing until its owner chooses a password through the link, then ends the earlier holder', async () => {
    // Someone else signs up with the administrator's address and a password of their own.
    const attacker = await signUp(ADMIN, 'attacker password');
    const attackerElsewhere = (await signIn(ADMIN, 'attacker password')).agent;
    expect((await attacker.get('/api/auth/user')).body).toMatchObject({ isAdmin: false, emailVerified: false });

    // The owner opens "Confirm your e-mail address": the link asks for a password and confirms nothing yet.
    const owner = request.agent(testApp.app);
    const token = await tokenOf(ADMIN, 'verify_email');
    const opened = await owner.post('/api/auth/verify-email').send({ token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ verified: false, passwordRequired: true, email: ADMIN });
    expect(await userRow(ADMIN)).toMatchObject({ isAdmin: false, emailVerifiedAt: null });
    expect((await owner.get('/api/auth/user')).status).toBe(401);
    // Until then the earlier password holder uses the account as any unconfirmed user does, without privileges.
    const meanwhile = await signIn(ADMIN, 'attacker password');
    expect(meanwhile.res.status).toBe(200);
    expect(meanwhile.res.body).toMatchObject({ isAdmin: false, emailVerified: false });
    expect((await attacker.get('/api/admin/users')).status).toBe(403);

    // The owner chooses a password through the link: confirmed, signed in, administrator.
    const confirmed = await owner.post('/api/auth/verify-email').send({ token, password: 'owner password' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ verified: true, email: ADMIN });
    expect((await owner.get('/api/auth/user')).body).toMatchObject({ email: ADMIN, emailVerified: true, isAdmin: true });

    // Every session of the earlier password holder has ended, and their password no longer signs in.
    for (const agent of [attacker, attackerElsewhere, meanwhile.agent]) expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(ADMIN, 'attacker password')).res.status).toBe(401);
    expect((await signIn(ADMIN, 'owner password')).res.body).toMatchObject({ isAdmin: true });
    // The link worked once.
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token, password: 'third password' })).status).toBe(400);
  });

  it('hands a plain address to the person who holds the link, and ends the earlier holder', async () => {
    const email = uniqueEmail('squatted');
    const attacker = await signUp(email, 'attacker password');
    await attacker.post('/api/auth/set-role').send({ role: 'job_seeker' }).expect(200);
    const token = await tokenOf(email, 'verify_email');

    const owner = request.agent(testApp.app);
    expect((await owner.post('/api/auth/verify-email').send({ token })).body).toMatchObject({ verified: false, passwordRequired: true });
    expect((await attacker.get('/api/auth/user')).status).toBe(200);

    expect((await owner.post('/api/auth/verify-email').send({ token, password: 'owner password' })).status).toBe(200);
    const me = await owner.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, emailVerified: true, isAdmin: false, role: 'job_seeker' });
    expect((await attacker.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(email, 'attacker password')).res.status).toBe(401);
    expect((await signIn(email, 'owner password')).res.status).toBe(200);
  });

  it('confirms in one click in the browser that signed up, keeping the password and every session', async () => {
    const email = uniqueEmail('own');
    const agent = await signUp(email, 'my password');
    const otherDevice = (await signIn(email, 'my password')).agent;
    const token = await tokenOf(email, 'verify_email');

    // Opened in the browser they signed up in: that session chose the password.
    expect((await agent.post('/api/auth/verify-email').send({ token })).body).toEqual({ verified: true, email });
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email, emailVerified: true });
    expect((await otherDevice.get('/api/auth/user')).status).toBe(200);
    expect((await signIn(email, 'my password')).res.body).toMatchObject({ email, emailVerified: true, isAdmin: false });
    expect(await userRow(email)).toMatchObject({ passwordSetAfterProof: true });
  });

  it('elsewhere, confirms with the password chosen at sign-up and signs that browser in; a wrong one changes nothing', async () => {
    const email = uniqueEmail('phone-then-laptop');
    const signedUpHere = await signUp(email, 'my password');
    const token = await tokenOf(email, 'verify_email');
    // Another browser, even one signed in to the same account, did not choose the password.
    const elsewhere = (await signIn(email, 'my password')).agent;
    expect((await elsewhere.post('/api/auth/verify-email').send({ token })).body).toEqual({ verified: false, passwordRequired: true, email });

    const wrong = await elsewhere.post('/api/auth/verify-email').send({ token, currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'auth.verify_wrong_password', message: 'This is not the password you chose when you signed up. Try again, or choose a new password.' });
    expect(await userRow(email)).toMatchObject({ emailVerifiedAt: null, passwordSetAfterProof: false });

    const fresh = request.agent(testApp.app);
    expect((await fresh.post('/api/auth/verify-email').send({ token, currentPassword: 'my password' })).body).toEqual({ verified: true, email });
    expect((await fresh.get('/api/auth/user')).body).toMatchObject({ email, emailVerified: true });
    // The same person everywhere: the first browser stays signed in, the password still works.
    expect((await signedUpHere.get('/api/auth/user')).status).toBe(200);
    expect((await signIn(email, 'my password')).res.status).toBe(200);
  });

  it('a session that chose the password confirms only its own account', async () => {
    const email = uniqueEmail('mine-only');
    const signedUpHere = await signUp(email, 'first password');
    const token = await tokenOf(email, 'verify_email');
    // A browser that chose another account's password is "elsewhere" for this link.
    const otherBrowser = await signUp(uniqueEmail('other-account'), 'other password');
    expect((await otherBrowser.post('/api/auth/verify-email').send({ token })).body).toMatchObject({ verified: false, passwordRequired: true });
    expect((await signedUpHere.post('/api/auth/verify-email').send({ token })).body).toEqual({ verified: true, email });
  });

  it('a reset proves the address: the account is confirmed, and the confirmation link sent before no longer works', async () => {
    const email = uniqueEmail('reset-first');
    await signUp(email, 'first password');
    const verifyToken = await tokenOf(email, 'verify_email');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    await request(testApp.app)
      .post('/api/auth/reset-password')
      .send({ token: await tokenOf(email, 'reset_password'), password: 'chosen after proof' })
      .expect(200);
    const { agent: signedIn, res } = await signIn(email, 'chosen after proof');
    expect(res.body.emailVerified).toBe(true);
    const old = await signedIn.post('/api/auth/verify-email').send({ token: verifyToken });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('auth.verify_link_used');
  });

  it('refuses a password that breaks the rules with 400 and leaves the link usable', async () => {
    const email = uniqueEmail('short');
    await signUp(email, 'first password');
    const token = await tokenOf(email, 'verify_email');
    const res = await request(testApp.app).post('/api/auth/verify-email').send({ token, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 8 characters');
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token, password: 'long enough 1' })).status).toBe(200);
  });
});

describe('administrators named by ADMIN_EMAILS', () => {
  it('are not made from a confirmed account whose password predates the confirmation, until a reset', async () => {
    // Confirmed before passwords had to be chosen again at confirmation.
    const email = 'chief@wazifa.example';
    await db()
      .insert(users)
      .values({ email, passwordHash: await hashPassword('old password'), emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
    const before = await signIn(email, 'old password');
    expect(before.res.status).toBe(200);
    expect(before.res.body).toMatchObject({ emailVerified: true, isAdmin: false });

    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    await request(testApp.app)
      .post('/api/auth/reset-password')
      .send({ token: await tokenOf(email, 'reset_password'), password: 'new password' })
      .expect(200);
    expect((await signIn(email, 'new password')).res.body).toMatchObject({ isAdmin: true });
  });
});

describe('links opened whoever is signed in', () => {
  it('confirm for a signed-in user without a role, who stays signed in', async () => {
    const email = uniqueEmail('norole');
    const agent = await signUp(email, 'my password');
    const token = await tokenOf(email, 'verify_email');
    expect((await agent.post('/api/auth/verify-email').send({ token, password: 'my password' })).status).toBe(200);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email, role: null, emailVerified: true });
  });

  it('confirm for the link’s account when someone else is signed in, and sign that browser in as its owner', async () => {
    const email = uniqueEmail('mine');
    const squatter = await signUp(email, 'their password');
    const token = await tokenOf(email, 'verify_email');
    const someoneElse = uniqueEmail('colleague');
    const browser = await signUp(someoneElse, 'colleague password');

    expect((await browser.post('/api/auth/verify-email').send({ token })).body).toMatchObject({ passwordRequired: true });
    // Nothing changed yet: still the colleague.
    expect((await browser.get('/api/auth/user')).body.email).toBe(someoneElse);

    expect((await browser.post('/api/auth/verify-email').send({ token, password: 'owner password' })).status).toBe(200);
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ email, emailVerified: true });
    expect((await squatter.get('/api/auth/user')).status).toBe(401);
    // The colleague's own account is untouched.
    expect((await signIn(someoneElse, 'colleague password')).res.status).toBe(200);
  });

  it('confirm without touching the session of someone else signed in when no password is needed', async () => {
    const email = uniqueEmail('proven');
    await signUp(email, 'first password');
    const verifyToken = await tokenOf(email, 'verify_email');
    // A password that already counts (chosen by someone who had proven the address, as before this link was used).
    await db().update(users).set({ passwordSetAfterProof: true }).where(eq(users.email, email));

    const someoneElse = uniqueEmail('bystander');
    const browser = await signUp(someoneElse, 'bystander password');
    expect((await browser.post('/api/auth/verify-email').send({ token: verifyToken })).body).toEqual({ verified: true, email });
    expect((await browser.get('/api/auth/user')).body.email).toBe(someoneElse);
  });

  it('reset a password while someone else is signed in, who stays signed in', async () => {
    const email = uniqueEmail('forgetful');
    const owner = await signUp(email, 'old password');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    const token = await tokenOf(email, 'reset_password');

    const someoneElse = uniqueEmail('helper');
    const browser = await signUp(someoneElse, 'helper password');
    expect((await browser.post('/api/auth/reset-password').send({ token, password: 'new password' })).status).toBe(200);
    expect((await browser.get('/api/auth/user')).body.email).toBe(someoneElse);
    expect((await owner.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(email, 'new password')).res.status).toBe(200);
  });
});

describe('links end with the sessions', () => {
  async function withLinks(prefix: string) {
    const email = uniqueEmail(prefix);
    const agent = await signUp(email, 'first password');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    return { email, agent, reset: await tokenOf(email, 'reset_password'), verify: await tokenOf(email, 'verify_email') };
  }
  const resetWith = (token: string) => request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'set by the link' });
  const confirmWith = (token: string) => request(testApp.app).post('/api/auth/verify-email').send({ token, password: 'set by the link' });

  it('a new password voids every reset and confirmation link sent before', async () => {
    const { email, agent, reset, verify } = await withLinks('changed');
    await agent.post('/api/auth/password').send({ currentPassword: 'first password', newPassword: 'second password' }).expect(204);
    expect((await resetWith(reset)).body).toMatchObject({ code: 'auth.reset_link_used' });
    expect((await confirmWith(verify)).body).toMatchObject({ code: 'auth.verify_link_used' });
    expect((await signIn(email, 'second password')).res.status).toBe(200);
    expect((await signIn(email, 'set by the link')).res.status).toBe(401);
    // A link asked for afterwards works.
    await agent.post('/api/auth/resend-verification').expect(204);
    expect((await agent.post('/api/auth/verify-email').send({ token: await tokenOf(email, 'verify_email') })).body).toEqual({ verified: true, email });
  });

  it('signing out the other devices voids them too', async () => {
    const { email, agent, reset, verify } = await withLinks('ended');
    await agent.post('/api/auth/sessions/end-others').expect(204);
    expect((await resetWith(reset)).status).toBe(400);
    expect((await confirmWith(verify)).status).toBe(400);
    expect((await signIn(email, 'first password')).res.status).toBe(200);
  });

  it('a password reset voids the account’s other reset links', async () => {
    const { email, reset } = await withLinks('two-resets');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    const second = await tokenOf(email, 'reset_password');
    expect((await resetWith(second)).status).toBe(200);
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token: reset, password: 'someone else' })).status).toBe(400);
    expect((await signIn(email, 'set by the link')).res.status).toBe(200);
  });

  it('suspension voids them, also after the account is reactivated', async () => {
    const { email, reset, verify } = await withLinks('suspended');
    const admin = await signUp(uniqueEmail('admin'), 'admin password');
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, (await admin.get('/api/auth/user')).body.id));
    const { id } = await userRow(email);
    await admin.post(`/api/admin/users/${id}/suspend`).expect(200);
    await admin.post(`/api/admin/users/${id}/reactivate`).expect(200);
    expect((await resetWith(reset)).status).toBe(400);
    expect((await confirmWith(verify)).status).toBe(400);
    expect((await signIn(email, 'first password')).res.status).toBe(200);
  });
});
