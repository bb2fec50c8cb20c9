// Sign-in with any OpenID Connect provider: authorization code flow with PKCE, state and nonce,
// through passport and openid-client. The session is ours: signIn() starts it after the callback.
import type { Request } from 'express';
import express from 'express';
import passport from 'passport';
import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions } from 'openid-client/passport';
import type { Role } from '#shared/constants.ts';
import { grantConfiguredAdmin, type AccountContext } from '../services/accounts.ts';
import { findOrCreateOidcUser, type OidcClaims } from '../services/oidc-accounts.ts';
import { HttpError } from '../http/errors.ts';
import { SESSION_COOKIE, signIn, signOut } from './session.ts';

declare module 'express-session' {
  interface SessionData {
    /** The role a new user chose before leaving for the provider (?type=company|candidate). */
    oidcRole: Role;
  }
}

const STRATEGY = 'oidc';
const ROLE_BY_TYPE: Record<string, Role> = { candidate: 'job_seeker', job_seeker: 'job_seeker', company: 'company' };

/** Adds state and nonce to every request; the strategy keeps them in the session and checks them on return. */
class CodeFlowStrategy extends Strategy {
  override authorizationRequestParams(req: Request, options: AuthenticateOptions): URLSearchParams {
    const params = super.authorizationRequestParams(req, options) as URLSearchParams;
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

export interface OidcOptions {
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; providerName: string };
  publicUrl: string;
  accounts: AccountContext;
  /** Only for tests against a provider on plain http. */
  allowInsecureRequests?: boolean;
}

export async function createOidcRouter(options: OidcOptions): Promise<express.Router> {
  const config = await client.discovery(
    new URL(options.oidc.issuerUrl),
    options.oidc.clientId,
    options.oidc.clientSecret,
    undefined,
    options.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  const issuer = config.serverMetadata().issuer;

  const authenticator = new passport.Passport();
  authenticator.use(
    STRATEGY,
    new CodeFlowStrategy(
      { config, scope: 'openid email profile', callbackURL: `${options.publicUrl}/api/callback`, sessionKey: 'oidc' },
      async (tokens, verified) => {
        try {
          let claims: Record<string, unknown> = { ...tokens.claims() };
          // Providers differ in what the ID token carries; the userinfo endpoint has the rest.
          if (!claims.email && tokens.access_token) {
            claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
          }
          const identity: OidcClaims = {
            issuer,
            subject: String(claims.sub),
            email: typeof claims.email === 'string' ? claims.email : undefined,
            emailVerified: claims.email_verified === true,
            firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
            lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
            picture: typeof claims.picture === 'string' ? claims.picture : undefined,
          };
          verified(null, identity as unknown as Express.User);
        } catch (err) {
          verified(err as Error);
        }
      },
    ),
  );

  const router = express.Router();

  router.get('/login', (req, res, next) => {
    const role = ROLE_BY_TYPE[String(req.query.type ?? '')];
    if (role) req.session.oidcRole = role;
    authenticator.authenticate(STRATEGY, { session: false })(req, res, next);
  });

  router.get('/callback', (req, res, next) => {
    authenticator.authenticate(STRATEGY, { session: false }, async (err: unknown, identity: OidcClaims | false, info: unknown) => {
      try {
        if (err || !identity) {
          req.log.warn({ err, info }, 'OpenID Connect sign-in did not complete');
          return res.redirect('/login?error=oidc');
        }
        const role = req.session.oidcRole;
        const user = await grantConfiguredAdmin(
          options.accounts,
          await findOrCreateOidcUser(options.accounts, identity, { role }),
        );
        if (user.status === 'suspended') throw new HttpError(403, 'This account is suspended. Please contact support.');
        await signIn(req, user, options.accounts.clock.now());
        res.redirect('/');
      } catch (caught) {
        if (caught instanceof HttpError && caught.status < 500) {
          req.log.warn({ message: caught.message }, 'OpenID Connect sign-in refused');
          return res.redirect('/login?error=oidc');
        }
        next(caught);
      }
    })(req, res, next);
  });

  router.get('/logout', async (req, res) => {
    if (req.session) await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    const endSession = config.serverMetadata().end_session_endpoint;
    res.redirect(
      endSession
        ? client.buildEndSessionUrl(config, { post_logout_redirect_uri: `${options.publicUrl}/`, client_id: options.oidc.clientId }).href
        : '/',
    );
  });

  return router;
}
