// Sign-in with any OpenID Connect provider: authorization code flow with PKCE, state and nonce, through passport
// and openid-client. Passport only runs the protocol; the session is ours (signIn() after the callback).
import type { Request } from 'express';
import express from 'express';
import passport from 'passport';
import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions, type VerifyFunctionWithRequest } from 'openid-client/passport';
import { z } from 'zod';
import type { Role } from '#shared/constants.ts';
import type { AccountContext } from '../services/account-context.ts';
import { setLocale } from '../services/accounts.ts';
import { grantConfiguredAdmin } from '../services/email-confirmation.ts';
import { chosenLocale } from '../http/locale.ts';
import { findOrCreateOidcUser, type OidcClaims } from '../services/oidc-accounts.ts';
import { SESSION_COOKIE, signIn, signOut } from '../auth/session.ts';
import { DomainError } from '../domain-error.ts';
import { ERROR_STATUS } from '../http/error-status.ts';

declare module 'express-session' {
  interface SessionData {
    /** The role a new user chose before leaving for the provider (/api/login?type=candidate|company). */
    oidcRole: Role;
    /** Where to come back to after signing in again to confirm it is them (/api/login?fresh=1&next=/profile). */
    oidcNext: (typeof RETURN_PAGES)[number];
    /** The provider is asked to make the person sign in again, whatever session it has of its own. */
    oidcFresh: boolean;
  }
}

const STRATEGY = 'oidc';
/** Where the strategy keeps code_verifier, state and nonce between /login and /callback. */
const SESSION_KEY = 'oidc';
const FAILED = '/login?error=oidc';

/** The pages a fresh sign-in may lead back to (never an address given from outside). */
const RETURN_PAGES = ['/profile', '/account'] as const;

const loginQuery = z.object({
  fresh: z.literal('1').optional().catch(undefined),
  next: z.enum(RETURN_PAGES).optional().catch(undefined),
  type: z
    .enum(['candidate', 'company'])
    .transform((type): Role => (type === 'candidate' ? 'job_seeker' : 'company'))
    .optional()
    .catch(undefined),
});

/**
 * openid-client's Strategy always sends PKCE (S256); it adds a state only when the provider does not advertise
 * PKCE, and a nonce only for implicit/hybrid responses. We want both on every request: whatever is in the
 * authorization URL is stored in the session, and authorizationCodeGrant() then checks expectedState and
 * expectedNonce (the ID token's nonce claim) on the way back.
 */
class CodeFlowStrategy extends Strategy {
  override authorizationRequestParams(req: Request, options: AuthenticateOptions): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    // Confirming a grave step (deleting the account): the person signs in at the provider now, not just returns.
    if (req.session.oidcFresh) {
      params.set('prompt', 'login');
      params.set('max_age', '0');
    }
    return params;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface OidcRouterOptions {
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; providerName: string };
  /** The app's own origin (config.publicUrl): the redirect URI is `${publicUrl}/api/callback`. */
  publicUrl: string;
  accounts: AccountContext;
  /** Lets openid-client talk to a provider on plain http. Only for tests. */
  allowInsecureRequests?: boolean;
}

/** Discovers the provider (throws when it cannot be reached) and returns the /login, /callback and /logout routes. */
export async function createOidcRouter(options: OidcRouterOptions): Promise<express.Router> {
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const config = await client.discovery(
    new URL(options.oidc.issuerUrl),
    options.oidc.clientId,
    options.oidc.clientSecret,
    undefined,
    options.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  const issuer = config.serverMetadata().issuer;

  // The ID token is already checked (signature, issuer, audience, expiry, nonce) when this runs. It answers the
  // account the identity signs in to, found or made; the callback below decides whether it may.
  const verify: VerifyFunctionWithRequest = async (req, tokens, verified) => {
    try {
      let claims: Record<string, unknown> = { ...tokens.claims() };
      // Many providers put little more than `sub` in the ID token when an access token is issued; the userinfo
      // endpoint has the rest (fetchUserInfo checks it answers for the same sub). Signed ID token claims win.
      if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
      }
      const identity: OidcClaims = {
        issuer,
        subject: String(claims.sub),
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        picture: text(claims.picture),
      };
      let user = await findOrCreateOidcUser(options.accounts, identity, { role: req.session.oidcRole });
      // A language chosen on this device before signing in becomes the account's.
      const chosen = chosenLocale(req);
      if (chosen) user = await setLocale(options.accounts, user, chosen);
      verified(null, user);
    } catch (err) {
      verified(err as Error);
    }
  };

  const authenticator = new passport.Passport();
  authenticator.use(
    STRATEGY,
    new CodeFlowStrategy(
      { config, scope: 'openid email profile', callbackURL: `${publicUrl}/api/callback`, sessionKey: SESSION_KEY, passReqToCallback: true },
      verify,
    ),
  );

  const router = express.Router();

  router.get('/login', (req, res, next) => {
    const { type: role, fresh, next: returnTo } = loginQuery.parse(req.query);
    if (role) req.session.oidcRole = role;
    req.session.oidcFresh = fresh === '1';
    if (returnTo) req.session.oidcNext = returnTo;
    else delete req.session.oidcNext;
    authenticator.authenticate(STRATEGY, { session: false })(req, res, next);
  });

  router.get('/callback', (req, res, next) => {
    const finish = async (err: unknown, user: Express.User | false | undefined, info: unknown) => {
      try {
        // The account's own refusals (an address taken by a password account) are said as such, below.
        if (err instanceof DomainError) throw err;
        if (err || !user) {
          // Denied consent, a forged or replayed state, a bad code or ID token: the reason goes to the log only.
          req.log.warn({ err, info }, 'OpenID Connect sign-in failed');
          return res.redirect(FAILED);
        }
        const returnTo = req.session.oidcNext;
        if (user.deletionRequestedAt) throw new DomainError('auth.account_deleted');
        if (user.status === 'suspended') throw new DomainError('auth.suspended');
        await signIn(req, user, options.accounts.clock.now(), { method: 'oidc' });
        await grantConfiguredAdmin(options.accounts, user);
        res.redirect(returnTo ? `${returnTo}#delete-account` : '/');
      } catch (caught) {
        if (caught instanceof DomainError && ERROR_STATUS[caught.code] < 500) {
          req.log.warn({ code: caught.code, reason: caught.message }, 'OpenID Connect sign-in refused');
          const reason = caught.code === 'auth.email_taken_by_password' ? 'email_taken' : caught.code === 'auth.suspended' ? 'suspended' : 'refused';
          return res.redirect(`${FAILED}&reason=${reason}`);
        }
        next(caught);
      }
    };
    authenticator.authenticate(STRATEGY, { session: false }, finish)(req, res, next);
  });

  router.get('/logout', async (req, res, next) => {
    // Signing out changes state, yet arrives as a GET (a link or the provider's redirect): another site must not
    // be able to sign the user out, so only same-origin, typed-in (none) or unlabelled requests are let through.
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      return next(new DomainError('common.cross_site'));
    }
    await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    const endSession = config.serverMetadata().end_session_endpoint;
    res.redirect(
      endSession
        ? client.buildEndSessionUrl(config, { post_logout_redirect_uri: `${publicUrl}/`, client_id: options.oidc.clientId }).href
        : '/',
    );
  });

  return router;
}
