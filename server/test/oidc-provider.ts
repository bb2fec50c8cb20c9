// A real OpenID Connect provider (oidc-provider) on loopback for contract tests, and a cookie-keeping "browser"
// that follows redirects with plain fetch.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export type TestAccountClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every authorization request the provider received, as sent by the app. */
  authorizationRequests: URL[];
  /** Who logs in at the next login prompt (the interactions answer themselves). */
  loginAs(accountId: string): void;
  /** The next consent prompt is refused (access_denied). */
  denyNextConsent(): void;
  close(): Promise<void>;
}

const HOUR = 3600;

export async function startOidcProvider(options: {
  port: number;
  /** The app's origin: the client's redirect URI is `${appUrl}/api/callback`. */
  appUrl: string;
  accounts: Record<string, TestAccountClaims>;
}): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'wazifa-test';
  const clientSecret = 'wazifa-test-secret-0123456789';
  const authorizationRequests: URL[] = [];
  let accountId = Object.keys(options.accounts)[0]!;
  let denyConsent = false;
  const { privateKey: signingKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${options.appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    findAccount: (_ctx, id) => {
      const claims = options.accounts[id];
      return claims ? { accountId: id, claims: () => claims } : undefined;
    },
    // Refuse any authorization request without PKCE: a passing sign-in proves the app sent one.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    ttl: { AccessToken: HOUR, AuthorizationCode: 60, IdToken: HOUR, Interaction: HOUR, Session: HOUR, Grant: HOUR },
  });

  // A person who logs in and consents at once: the interaction pages answer themselves with a redirect.
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.url?.startsWith('/auth?')) authorizationRequests.push(new URL(req.url, issuer));
      if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      }
      if (denyConsent) {
        denyConsent = false;
        const denied = { error: 'access_denied', error_description: 'The person did not consent' };
        return provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationRequests,
    loginAs(id) {
      accountId = id;
    },
    denyNextConsent() {
      denyConsent = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cookies per origin (enough for two servers on one host) and manual redirects, like a browser without JavaScript. */
export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  async get(url: string): Promise<Response> {
    const jar = this.cookies(new URL(url).origin);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || !value.join('=')) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    return res;
  }

  /** Follows redirects until the next one would go where `stopAt` says (or the chain ends). */
  async follow(url: string, stopAt?: (next: URL) => boolean): Promise<{ url: URL; res: Response }> {
    let current = new URL(url);
    for (let i = 0; i < 20; i++) {
      const res = await this.get(current.href);
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) return { url: current, res };
      const next = new URL(location, current);
      if (stopAt?.(next)) return { url: next, res };
      current = next;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
