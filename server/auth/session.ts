// Sessions live in PostgreSQL (the `sessions` table, through server/auth/session-store.ts), so they survive restarts
// and are shared by every process.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import session from 'express-session';
import type { User } from '#shared/schema.ts';
import type { Database } from '../db/client.ts';
import { networkPrefix, USER_AGENT_MAX } from './devices.ts';
import { PostgresSessionStore } from './session-store.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** users.sessionVersion at sign-in: a raised version ends the session. */
    version: number;
    /** When the user signed in (ms), for the absolute lifetime. */
    signedInAt: number;
    /** This session chose the account's current password (signing up, or changing it): see confirmEmail. */
    choseThePassword?: boolean;
    /** How the person signed in: an OpenID sign-in counts as fresh proof for a while (deleting an account). */
    signInMethod?: 'password' | 'oidc';
    /** What the list of the account's devices shows (server/auth/devices.ts): the browser's User-Agent at sign-in,
     *  and the network prefix it came from (never the whole address). */
    userAgent?: string;
    networkPrefix?: string;
  }
}

export const SESSION_COOKIE = 'wazifa.sid';

export function sessionMiddleware(options: { database: Database; secret: string; idleMs: number }) {
  return session({
    store: new PostgresSessionStore({ database: options.database, idleMs: options.idleMs }),
    name: SESSION_COOKIE,
    secret: options.secret,
    // An unchanged session is not written again; the store's touch keeps its deadline.
    resave: false,
    saveUninitialized: false,
    // Each request pushes the idle deadline further (the cookie's at once, the stored one within a minute);
    // signedInAt bounds the whole session.
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: options.idleMs, path: '/' },
  });
}

/**
 * Starts a new session for the user (a new id: no session fixation), noting the device for the account's list of
 * sessions. Its last use needs no write of its own: the stored deadline moves with use (PostgresSessionStore.touch).
 */
export function signIn(req: Request, user: User, now: Date, options: { choseThePassword?: boolean; method?: 'password' | 'oidc' } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = user.id;
      req.session.version = user.sessionVersion;
      req.session.signedInAt = now.getTime();
      req.session.signInMethod = options.method ?? 'password';
      const userAgent = req.get('user-agent');
      if (userAgent) req.session.userAgent = userAgent.slice(0, USER_AGENT_MAX);
      const network = networkPrefix(req.ip);
      if (network) req.session.networkPrefix = network;
      if (options.choseThePassword) req.session.choseThePassword = true;
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

export function signOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}

/** The secret from SESSION_SECRET, or one made once and kept in DATA_DIR (enough for a single process). */
export async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
