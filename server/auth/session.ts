// Sessions live in PostgreSQL (the `sessions` table), so they survive restarts and are shared by every process.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import session, { type SessionData } from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { and, eq, sql } from 'drizzle-orm';
import { companyMembers, companyProfiles, sessions, users, type CompanyProfile, type User } from '#shared/schema.ts';
import type { Database, Db } from '../db/client.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import { companyRole, joinsCompany, joinsMembership } from './company-of-user.ts';
import { networkPrefix, USER_AGENT_MAX } from './devices.ts';

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

/**
 * How far the stored idle deadline (`sessions.expire`) may lag behind the real one before a request moves it: a
 * session in use is written at most about once a minute instead of on every request, and may end up to a minute
 * before its idle lifetime is up. The cookie's own expiry still moves on every response (rolling).
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** How many sessions' stored deadlines are remembered between the read and the touch of a request. */
const REMEMBERED_EXPIRIES = 10_000;

/** A session's user and, for a company account, its company profile, as read with the session. */
export interface SessionUser {
  user: User;
  company: CompanyProfile | null;
  /** The user's role in that company (owner, admin or member). */
  companyRole: CompanyRole | null;
}

/**
 * The session, its stored deadline (ms, read as PostgreSQL stored it), and its user with the company profile: one
 * statement on every request instead of two (the session, then the user). Prepared, planned once per connection.
 */
const prepareSessionRead = (db: Db) =>
  db
    .select({
      sess: sessions.sess,
      expireMs: sql<number>`(extract(epoch from ${sessions.expire}::timestamptz) * 1000)::float8`,
      user: users,
      company: companyProfiles,
      companyRole,
    })
    .from(sessions)
    .leftJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .leftJoin(companyMembers, joinsMembership)
    .leftJoin(companyProfiles, joinsCompany)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), sql`${sessions.expire} >= to_timestamp(${sql.placeholder('now')})`))
    .prepare('session_read');

/**
 * The user read with this request's session (see prepareSessionRead), handed over once; undefined when it was not read
 * that way (a session saved in this request, a store of another kind), and then loadCurrentUser reads it itself.
 */
export function takeSessionUser(req: Request): SessionUser | undefined {
  const store = req.sessionStore as unknown as { takeUser?: (sid: string) => SessionUser | undefined };
  return store.takeUser?.(req.sessionID);
}

export function sessionMiddleware(options: { database: Database; secret: string; idleMs: number }) {
  const PgStore = connectPgSimple(session);
  const readSession = prepareSessionRead(options.database.db);
  const touches = touchesOf(options.database);

  /**
   * connect-pg-simple, with the touch every unchanged session gets at the end of a request made cheap: the read also
   * returns the stored deadline, and the touch writes only when it lags by SESSION_TOUCH_INTERVAL_MS or more, through
   * the asynchronous-commit pool (a touch lost in a crash only shortens a session). Reads, new sessions and sign-outs
   * stay on the durable pool.
   */
  class SessionStore extends PgStore {
    /** The `expire` (ms) each session had when a request read it, for that request's touch. */
    readonly #expiries = new Map<string, number>();
    /** The user each session's read found, until loadCurrentUser takes it (in the same request). */
    readonly #users = new Map<string, SessionUser>();
    #pruning = false;

    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      // connect-pg-simple starts its clean-up of expired rows (every 15 minutes or so) on its own reads, which this
      // one replaces: the first read starts it.
      if (!this.#pruning) {
        this.#pruning = true;
        this.pruneSessions();
      }
      readSession.execute({ sid, now: Math.ceil(Date.now() / 1000) }).then(([row]) => {
        if (!row) return callback(null, null);
        remember(this.#expiries, sid, row.expireMs);
        if (row.user) remember(this.#users, sid, { user: row.user, company: row.company, companyRole: row.company ? row.companyRole : null });
        callback(null, row.sess as SessionData);
      }, callback);
    }

    takeUser(sid: string): SessionUser | undefined {
      const found = this.#users.get(sid);
      this.#users.delete(sid);
      return found;
    }

    override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
      this.#expiries.delete(sid);
      this.#users.delete(sid);
      super.set(sid, sess, callback);
    }

    override destroy(sid: string, callback?: (err?: unknown) => void): void {
      this.#expiries.delete(sid);
      this.#users.delete(sid);
      super.destroy(sid, callback);
    }

    override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
      const stored = this.#expiries.get(sid);
      this.#expiries.delete(sid);
      // Whole seconds, rounded up, as connect-pg-simple stores them.
      const expire = Math.ceil((sess.cookie.expires?.getTime() ?? Date.now() + options.idleMs) / 1000);
      if (stored !== undefined && expire * 1000 - stored < SESSION_TOUCH_INTERVAL_MS) return callback?.();
      // The answer does not wait for the write: a touch may be lost anyway (0010), and sessions touched together (all
      // those in use when a minute has passed since a deploy, say) queued their answers behind each other's writes.
      // Touches are written together, at most every TOUCH_WRITE_INTERVAL_MS, in one statement.
      touches.due.set(sid, expire);
      touches.timer ??= setTimeout(() => void writeTouches(touches), TOUCH_WRITE_INTERVAL_MS).unref();
      callback?.();
    }
  }

  return session({
    store: new SessionStore({ pool: options.database.pool, tableName: 'sessions', createTableIfMissing: false }),
    name: SESSION_COOKIE,
    secret: options.secret,
    // An unchanged session is not written again; the touch above keeps its deadline.
    resave: false,
    saveUninitialized: false,
    // Each request pushes the idle deadline further (the cookie's at once, the stored one within a minute);
    // signedInAt bounds the whole session.
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: options.idleMs, path: '/' },
  });
}

/**
 * Remembers a value per session between two steps of a request. A request that ends before the second step (an
 * error, a sign-out) leaves its entry: past REMEMBERED_EXPIRIES the oldest go first.
 */
function remember<T>(map: Map<string, T>, sid: string, value: T) {
  map.delete(sid);
  map.set(sid, value);
  if (map.size > REMEMBERED_EXPIRIES) map.delete(map.keys().next().value!);
}

/** How often the stored deadlines that are due are written, at most. */
const TOUCH_WRITE_INTERVAL_MS = 100;

/** The stored deadlines due to be written (session id to whole seconds), per Database (see SessionStore.touch). */
interface Touches {
  pool: Database['pool'];
  due: Map<string, number>;
  timer: NodeJS.Timeout | undefined;
  /** The latest write; the next starts after it. */
  writing: Promise<void>;
}
const touchesByDatabase = new WeakMap<Database, Touches>();

function touchesOf(database: Database): Touches {
  let touches = touchesByDatabase.get(database);
  if (!touches) {
    touches = { pool: database.asyncCommit.pool, due: new Map(), timer: undefined, writing: Promise.resolve() };
    touchesByDatabase.set(database, touches);
  }
  return touches;
}

/** Writes the due deadlines in one statement, through the asynchronous-commit pool. Never rejects. */
function writeTouches(touches: Touches): Promise<void> {
  clearTimeout(touches.timer);
  touches.timer = undefined;
  const due = [...touches.due];
  touches.due.clear();
  touches.writing = touches.writing.then(async () => {
    if (due.length === 0) return;
    await touches.pool
      .query({
        name: 'session_touch',
        text: `update sessions s set expire = to_timestamp(t.expire) from unnest($1::text[], $2::float8[]) as t(sid, expire)
          where s.sid = t.sid`,
        values: [due.map(([sid]) => sid), due.map(([, expire]) => expire)],
      })
      // A lost touch only shortens a session (0010); a closed pool lands here too.
      .catch(() => undefined);
  });
  return touches.writing;
}

/** Writes the deadlines that are due now; resolves once written (tests read `expire` after a response). */
export function settleSessionTouches(database: Database): Promise<void> {
  const touches = touchesByDatabase.get(database);
  return touches ? writeTouches(touches) : Promise.resolve();
}

/**
 * Starts a new session for the user (a new id: no session fixation), noting the device for the account's list of
 * sessions. Its last use needs no write of its own: the stored deadline moves with use (see SessionStore.touch).
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
