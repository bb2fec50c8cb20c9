// Contract test: the whole OpenID Connect sign-in (code flow + PKCE + state + nonce) against a real oidc-provider
// on loopback, driven with plain fetch and a cookie jar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#shared/schema.ts';
import { accountContext } from '../services/account-context.ts';
import { systemClock } from '../clock.ts';
import { startTestServer } from '../test/app.ts';
import { freePort } from '../test/free-port.ts';
import { CookieBrowser, startOidcProvider, type TestOidcProvider } from '../test/oidc-provider.ts';
import { createOidcRouter } from './oidc.ts';

type AppServer = Awaited<ReturnType<typeof startTestServer>>;

const ACCOUNTS = {
  amina: { sub: 'amina-1', email: 'Amina.OIDC@example.com', email_verified: true, given_name: 'Amina', family_name: 'Yusuf', picture: 'https://id.example/amina.png' },
  rahul: { sub: 'rahul-2', email: 'rahul.oidc@example.com', email_verified: true, given_name: 'Rahul', family_name: 'Nair' },
  layla: { sub: 'layla-3', email: 'layla@example.com', email_verified: true, given_name: 'Layla', family_name: 'Haddad' },
  noor: { sub: 'noor-4', email: 'noor@example.com', email_verified: true, given_name: 'Noor', family_name: 'Saleh' },
  // Claims an address the provider never checked, which a password account already uses.
  impostor: { sub: 'impostor-5', email: 'layla.taken@example.com', email_verified: false, given_name: 'Not', family_name: 'Layla' },
  unchecked: { sub: 'unchecked-6', email: 'unchecked@example.com', email_verified: false, given_name: 'Sam', family_name: 'Lee' },
  leaver: { sub: 'leaver-7', email: 'leaver@example.com', email_verified: true, given_name: 'Omar', family_name: 'Farouk' },
  samir: { sub: 'samir-8', email: 'samir@example.com', email_verified: true, given_name: 'Samir', family_name: 'Aziz' },
  hana: { sub: 'hana-9', email: 'hana@example.com', email_verified: true, given_name: 'Hana', family_name: 'Karim' },
};

let provider: TestOidcProvider;
let app: AppServer;

beforeAll(async () => {
  const [providerPort, appPort] = await Promise.all([freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const accounts = Object.fromEntries(Object.values(ACCOUNTS).map((account) => [account.sub, account]));
  provider = await startOidcProvider({ port: providerPort, appUrl, accounts });
  const oidc = { issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, providerName: 'Test ID' };
  app = await startTestServer({
    env: {
      PUBLIC_URL: appUrl,
      OIDC_ISSUER_URL: oidc.issuerUrl,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_PROVIDER_NAME: oidc.providerName,
    },
    port: appPort,
    serveClient: false,
    oidc: (db) =>
      createOidcRouter({
        oidc,
        publicUrl: appUrl,
        accounts: accountContext({ productName: 'Wazifa', publicUrl: appUrl, adminEmails: [] }, db, systemClock),
        allowInsecureRequests: true,
      }),
  });
  expect(app.baseUrl).toBe(appUrl);
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Runs the whole round trip as `account`; answers where the app finally sends the browser. */
async function signInAs(browser: CookieBrowser, account: keyof typeof ACCOUNTS, query = ''): Promise<string> {
  provider.loginAs(ACCOUNTS[account].sub);
  const { url } = await browser.follow(
    `${app.baseUrl}/api/login${query}`,
    (next) => next.origin === app.baseUrl && !next.pathname.startsWith('/api/'),
  );
  return url.pathname + url.search;
}

async function currentUser(browser: CookieBrowser) {
  const res = await browser.get(`${app.baseUrl}/api/auth/user`);
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined };
}

const userByEmail = async (email: string) =>
  app.testDatabase.database.db.select().from(users).where(eq(users.email, email));

describe('OpenID Connect sign-in', () => {
  it('signs a new user in through the provider, with PKCE (S256), state and nonce', async () => {
    const browser = new CookieBrowser();
    const before = provider.authorizationRequests.length;
    expect(await signInAs(browser, 'amina', '?type=company')).toBe('/');

    expect(provider.authorizationRequests).toHaveLength(before + 1);
    const request = provider.authorizationRequests.at(-1)!.searchParams;
    expect(request.get('response_type')).toBe('code');
    expect(request.get('client_id')).toBe(provider.clientId);
    expect(request.get('scope')).toBe('openid email profile');
    expect(request.get('redirect_uri')).toBe(`${app.baseUrl}/api/callback`);
    expect(request.get('code_challenge_method')).toBe('S256');
    expect(request.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(request.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(request.get('nonce')).toMatch(/^[\w-]{20,}$/);

    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'amina.oidc@example.com',
      firstName: 'Amina',
      lastName: 'Yusuf',
      profileImageUrl: 'https://id.example/amina.png',
      role: 'company',
      emailVerified: true,
      isAdmin: false,
    });
  });

  it('finds the same user on the next sign-in, without a duplicate', async () => {
    const first = (await userByEmail('amina.oidc@example.com'))[0]!;
    const browser = new CookieBrowser();
    // A role asked for now does not change the account's role.
    expect(await signInAs(browser, 'amina', '?type=candidate')).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ id: first.id, role: 'company' });
    const rows = await userByEmail('amina.oidc@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oidcIssuer: provider.issuer, oidcSubject: 'amina-1' });
  });

  it('gives a new candidate the job_seeker role, and none without ?type', async () => {
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'rahul', '?type=candidate')).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ email: 'rahul.oidc@example.com', role: 'job_seeker' });

    const other = new CookieBrowser();
    expect(await signInAs(other, 'unchecked', '?type=admin')).toBe('/');
    expect((await currentUser(other)).body).toMatchObject({ firstName: 'Sam', role: null });
  });

  it('does not give a new account an address the provider did not verify', async () => {
    const [row] = await app.testDatabase.database.db.select().from(users).where(eq(users.oidcSubject, 'unchecked-6'));
    expect(row).toMatchObject({ email: null, emailVerifiedAt: null });
  });

  it('links an existing account when the provider verified its e-mail, keeping a password chosen after the proof', async () => {
    const { db } = app.testDatabase.database;
    const [existing] = await db
      .insert(users)
      .values({ email: 'layla@example.com', passwordHash: 'kept-hash', emailVerifiedAt: new Date(), passwordSetAfterProof: true, role: 'job_seeker' })
      .returning();
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'layla', '?type=company')).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ id: existing!.id, role: 'job_seeker' });
    const [row] = await userByEmail('layla@example.com');
    expect(row).toMatchObject({ oidcSubject: 'layla-3', passwordHash: 'kept-hash', sessionVersion: existing!.sessionVersion });
  });

  it('takes the password and sessions away from an unproven account it links (pre-account takeover)', async () => {
    const { db } = app.testDatabase.database;
    const [squatted] = await db.insert(users).values({ email: 'noor@example.com', passwordHash: 'squatter-hash' }).returning();
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'noor')).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ id: squatted!.id, emailVerified: true });
    const [row] = await userByEmail('noor@example.com');
    expect(row).toMatchObject({ oidcSubject: 'noor-4', passwordHash: null, sessionVersion: squatted!.sessionVersion + 1 });
  });

  it('takes away a password chosen before the address was proven, on a confirmed account too', async () => {
    const { db } = app.testDatabase.database;
    // Confirmed by the link before the owner had to choose the password again: the password may be a squatter's.
    const [confirmed] = await db
      .insert(users)
      .values({ email: 'samir@example.com', passwordHash: 'older-hash', emailVerifiedAt: new Date() })
      .returning();
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'samir')).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ id: confirmed!.id, emailVerified: true });
    const [row] = await userByEmail('samir@example.com');
    expect(row).toMatchObject({ oidcSubject: 'samir-8', passwordHash: null, sessionVersion: confirmed!.sessionVersion + 1 });
  });

  it('refuses an unverified provider e-mail that an account already uses', async () => {
    const { db } = app.testDatabase.database;
    await db.insert(users).values({ email: 'layla.taken@example.com', passwordHash: 'hash', emailVerifiedAt: new Date() });
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'impostor')).toBe('/login?error=oidc&reason=email_taken');
    expect((await currentUser(browser)).status).toBe(401);
    const [row] = await userByEmail('layla.taken@example.com');
    expect(row).toMatchObject({ oidcIssuer: null, oidcSubject: null });
    expect(await db.select().from(users).where(eq(users.oidcSubject, 'impostor-5'))).toHaveLength(0);
  });

  it('sends the browser back to the login page when consent is denied', async () => {
    const browser = new CookieBrowser();
    provider.denyNextConsent();
    expect(await signInAs(browser, 'rahul')).toBe('/login?error=oidc');
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const browser = new CookieBrowser();
    provider.loginAs(ACCOUNTS.amina.sub);
    // Run the flow up to the app's callback, then change the state before delivering it.
    const { url: callback } = await browser.follow(`${app.baseUrl}/api/login`, (next) => next.pathname === '/api/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();
    callback.searchParams.set('state', 'forged-state');
    const res = await browser.get(callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('refuses a callback without a flow started in this browser (login CSRF)', async () => {
    const victim = new CookieBrowser();
    const attacker = new CookieBrowser();
    provider.loginAs(ACCOUNTS.amina.sub);
    const { url: callback } = await attacker.follow(`${app.baseUrl}/api/login`, (next) => next.pathname === '/api/callback');
    const res = await victim.get(callback.href);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect((await currentUser(victim)).status).toBe(401);
  });

  it('refuses /api/logout sent from another site, so no other site can sign the user out', async () => {
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'leaver')).toBe('/');
    const cookie = [...browser.cookies(app.baseUrl)].map(([name, value]) => `${name}=${value}`).join('; ');
    const logoutFrom = (site: string) =>
      fetch(`${app.baseUrl}/api/logout`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': site } });

    for (const site of ['cross-site', 'same-site']) {
      const refused = await logoutFrom(site);
      expect(refused.status, site).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe('Requests from other sites are not allowed');
      expect((await currentUser(browser)).status, site).toBe(200);
    }

    // The same sign-out from the product's own pages goes through.
    const allowed = await logoutFrom('same-origin');
    expect(allowed.status).toBe(302);
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('signs out with /api/logout, through the provider', async () => {
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'amina')).toBe('/');
    expect((await currentUser(browser)).status).toBe(200);
    const res = await browser.get(`${app.baseUrl}/api/logout`);
    expect(res.status).toBe(302);
    const endSession = new URL(res.headers.get('location')!);
    expect(endSession.origin + endSession.pathname).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${app.baseUrl}/`);
    expect(browser.cookies(app.baseUrl).has('wazifa.sid')).toBe(false);
    expect((await currentUser(browser)).status).toBe(401);
  });

  it('an account without a password confirms its deletion by signing in again at the provider, which is asked to make it sign in afresh', async () => {
    const browser = new CookieBrowser();
    expect(await signInAs(browser, 'hana', '?type=candidate')).toBe('/');
    // Signing in again to confirm: the provider is told to ask for the sign-in, and the browser comes back to the page.
    const start = await browser.get(`${app.baseUrl}/api/login?fresh=1&next=/profile`);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('login');
    expect(authorize.searchParams.get('max_age')).toBe('0');
    // Anywhere else is not a page it leads back to.
    const elsewhere = await browser.get(`${app.baseUrl}/api/login?fresh=1&next=https://evil.example/`);
    expect(elsewhere.status).toBe(302);
    expect(await signInAs(browser, 'hana', '?fresh=1&next=/profile')).toBe('/profile');
    const cookie = [...browser.cookies(app.baseUrl)].map(([k, v]) => `${k}=${v}`).join('; ');
    const deleted = await fetch(`${app.baseUrl}/api/account/deletion`, {
      method: 'POST',
      headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(deleted.status).toBe(202);
    const [hana] = await userByEmail(ACCOUNTS.hana.email);
    expect(hana!.deletionRequestedAt).not.toBeNull();
    // Signed out, and the provider's identity no longer signs in to it.
    expect((await currentUser(browser)).status).toBe(401);
    expect(await signInAs(new CookieBrowser(), 'hana')).toBe('/login?error=oidc&reason=refused');
  });
});
