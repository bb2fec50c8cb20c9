// Sessions live in PostgreSQL (the `sessions` table of SPEC 3), so they survive restarts and are shared by every process.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { User } from '#shared/schema.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** users.sessionVersion at sign-in: a raised version ends the session. */
    version: number;
    /** When the user signed in (ms), for the absolute lifetime. */
    signedInAt: number;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends DbUser {}
    interface Request {
      user?: User | undefined;
    }
  }
}
type DbUser = User;

export const SESSION_COOKIE = 'wazifa.sid';

export function sessionMiddleware(options: { pool: pg.Pool; secret: string; idleMs: number }) {
  const PgStore = connectPgSimple(session);
  return session({
    store: new PgStore({ pool: options.pool, tableName: 'sessions', createTableIfMissing: false }),
    name: SESSION_COOKIE,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    // Each request pushes the idle deadline further; signedInAt bounds the whole session.
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: options.idleMs, path: '/' },
  });
}

/** Starts a new session for the user (a new id: no session fixation). */
export function signIn(req: Request, user: User, now: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = user.id;
      req.session.version = user.sessionVersion;
      req.session.signedInAt = now.getTime();
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
