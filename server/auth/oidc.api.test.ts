// Contract test: the whole OpenID Connect sign-in (code + PKCE + state + nonce) against a real oidc-provider on loopback.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#shared/schema.ts';
import { accountContext } from '../services/accounts.ts';
import { systemClock } from '../clock.ts';
import { startTestServer } from '../test/app.ts';
import { freePort } from '../test/free-port.ts';
import { createOidcRouter } from './oidc.ts';

type AppServer = Awaited<ReturnType<typeof startTestServer>>;

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  'amina-1': { sub: 'amina-1', email: 'amina.oidc@example.com', email_verified: true, given_name: 'Amina', family_name: 'Yusuf' },
};

let provider: Provider;
let providerServer: Server;
let issuer: string;
let app: AppServer;
const authorizationRequests: URL[] = [];

beforeAll(async () => {
  const [providerPort, appPort] = await Promise.all([freePort(), freePort()]);
  issuer = `http://127.0.0.1:${providerPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'wazifa',
        client_secret: 'wazifa-secret',
        redirect_uris: [`${appUrl}/api/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, id) => (ACCOUNTS[id] ? { accountId: id, claims: () => ACCOUNTS[id] as { sub: string } } : undefined),
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key'] },
  });

  // A user who logs in and consents at once: the interactions answer themselves.
  providerServer = createServer(async (req, res) => {
    if (req.url?.startsWith('/auth?')) authorizationRequests.push(new URL(req.url, issuer));
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: 'amina-1' } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => providerServer.listen(providerPort, '127.0.0.1', resolve));

  const env = {
    PUBLIC_URL: appUrl,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'wazifa',
    OIDC_CLIENT_SECRET: 'wazifa-secret',
    OIDC_PROVIDER_NAME: 'Test ID',
  };
  app = await startTestServer({
    env,
    port: appPort,
    serveClient: false,
    oidc: (db) =>
      createOidcRouter({
        oidc: { issuerUrl: issuer, clientId: 'wazifa', clientSecret: 'wazifa-secret', providerName: 'Test ID' },
        publicUrl: appUrl,
        accounts: accountContext({ productName: 'Wazifa', publicUrl: appUrl, adminEmails: [] }, db, systemClock),
        allowInsecureRequests: true,
      }),
  });
});

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => providerServer?.close(() => resolve()));
});

/** A browser's cookie jar for two sites on one host: cookies are kept per origin here, which is all the flow needs. */
class Browser {
  private jars = new Map<string, Map<string, string>>();
  async get(url: string): Promise<Response> {
    const u = new URL(url);
    const jar = this.jars.get(u.origin) ?? new Map<string, string>();
    this.jars.set(u.origin, jar);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return res;
  }
  /** Follows redirects until one leaves for `stopAt` (or the chain ends), like a browser would. */
  async follow(url: string, stopAt?: (url: URL) => boolean): Promise<{ url: string; res: Response }> {
    let current = url;
    for (let i = 0; i < 20; i++) {
      const res = await this.get(current);
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) return { url: current, res };
      const next = new URL(location, current);
      if (stopAt?.(next)) return { url: next.href, res };
      current = next.href;
    }
    throw new Error('too many redirects');
  }
}

describe('OpenID Connect sign-in', () => {
  it('signs a new user in through the provider, with PKCE, state and nonce', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(`${app.baseUrl}/api/login?type=company`, (u) => u.origin === app.baseUrl && u.pathname === '/');
    expect(new URL(url).pathname).toBe('/');

    const request = authorizationRequests.at(-1)!;
    expect(request.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request.searchParams.get('code_challenge')).toBeTruthy();
    expect(request.searchParams.get('state')).toBeTruthy();
    expect(request.searchParams.get('nonce')).toBeTruthy();
    expect(request.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/api/callback`);

    const me = await browser.get(`${app.baseUrl}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'amina.oidc@example.com',
      firstName: 'Amina',
      lastName: 'Yusuf',
      role: 'company',
      emailVerified: true,
    });
  });

  it('finds the same user on the next sign-in', async () => {
    const browser = new Browser();
    await browser.follow(`${app.baseUrl}/api/login`, (u) => u.origin === app.baseUrl && u.pathname === '/');
    const rows = await app.testDatabase.database.db.select().from(users).where(eq(users.email, 'amina.oidc@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oidcIssuer: issuer, oidcSubject: 'amina-1' });
  });

  it('refuses a callback whose state was tampered with', async () => {
    const browser = new Browser();
    // Start the flow, stop at the callback, and change its state.
    const { url } = await browser.follow(`${app.baseUrl}/api/login`, (u) => u.pathname === '/api/callback');
    const callback = new URL(url);
    callback.searchParams.set('state', 'forged-state');
    const res = await browser.get(callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect((await browser.get(`${app.baseUrl}/api/auth/user`)).status).toBe(401);
  });

  it('signs out with /api/logout, through the provider', async () => {
    const browser = new Browser();
    await browser.follow(`${app.baseUrl}/api/login`, (u) => u.origin === app.baseUrl && u.pathname === '/');
    expect((await browser.get(`${app.baseUrl}/api/auth/user`)).status).toBe(200);
    const res = await browser.get(`${app.baseUrl}/api/logout`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${issuer}/session/end`));
    expect((await browser.get(`${app.baseUrl}/api/auth/user`)).status).toBe(401);
  });
});
