// express-session's store over the `sessions` table (sid, the session as JSON, its idle deadline `expire`): plain
// statements, so every process of the product shares the sessions and they survive restarts.
import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * How far the stored idle deadline (`sessions.expire`) may lag behind the real one before a request moves it: a
 * session in use is written at most about once a minute instead of on every request, and may end up to a minute
 * before its idle lifetime is up (docs/decisions/0011). The cookie's own expiry still moves on every response.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** How often the deadlines that are due are written, at most. */
const TOUCH_WRITE_INTERVAL_MS = 100;

type Callback = (err?: unknown) => void;

/**
 * A session's stored deadline in whole seconds, rounded up: the cookie's expiry, which express-session sets from the
 * idle lifetime on every response (rolling), or the idle lifetime from now for a session without one.
 */
function deadlineOf(sess: SessionData, idleMs: number): number {
  const expires = sess.cookie.expires ? new Date(sess.cookie.expires).getTime() : Date.now() + idleMs;
  return Math.ceil(expires / 1000);
}

export class PostgresSessionStore extends session.Store {
  readonly #pool: pg.Pool;
  readonly #touches: Touches;
  readonly #idleMs: number;

  constructor(options: { database: Database; idleMs: number }) {
    super();
    this.#pool = options.database.pool;
    this.#touches = touchesOf(options.database);
    this.#idleMs = options.idleMs;
  }

  /** The session, unless it is unknown or past its stored deadline. */
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.#pool
      .query<{ sess: SessionData }>({
        name: 'session_read',
        text: 'select sess from sessions where sid = $1 and expire >= to_timestamp($2)',
        values: [sid, Math.ceil(Date.now() / 1000)],
      })
      .then(
        ({ rows }) => callback(null, rows[0]?.sess ?? null),
        // Wrapped: express-session takes an error with code ENOENT for "no such session", and a database socket
        // that is gone fails with that code too. The request must fail as unavailable (503), not go on signed out.
        (err: unknown) => callback(new Error('the session could not be read', { cause: err })),
      );
  }

  /** A new or changed session (sign-in, a changed field), written at once, with its deadline. */
  override set(sid: string, sess: SessionData, callback?: Callback): void {
    this.#touches.due.delete(sid);
    this.#pool
      .query({
        name: 'session_write',
        text: `insert into sessions (sid, sess, expire) values ($1, $2, to_timestamp($3))
          on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
        values: [sid, JSON.stringify(sess), deadlineOf(sess, this.#idleMs)],
      })
      .then(() => callback?.(), (err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.#touches.due.delete(sid);
    this.#pool.query({ name: 'session_delete', text: 'delete from sessions where sid = $1', values: [sid] }).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  /**
   * An unchanged session was used: its deadline moves on. The answer does not wait for the write (a touch lost only
   * shortens a session), and the due deadlines are written together, at most every TOUCH_WRITE_INTERVAL_MS, in one
   * statement that moves only those lagging by SESSION_TOUCH_INTERVAL_MS or more: a session in use is written about
   * once a minute, whichever process it reaches.
   */
  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    const touches = this.#touches;
    touches.due.set(sid, deadlineOf(sess, this.#idleMs));
    touches.timer ??= setTimeout(() => void writeTouches(touches), TOUCH_WRITE_INTERVAL_MS).unref();
    callback?.();
  }
}

/** The deadlines due to be written (session id to whole seconds), shared by the stores of one Database. */
interface Touches {
  pool: pg.Pool;
  due: Map<string, number>;
  timer: NodeJS.Timeout | undefined;
  /** The latest write; the next starts after it. */
  writing: Promise<void>;
}
const touchesByDatabase = new WeakMap<Database, Touches>();

function touchesOf(database: Database): Touches {
  let touches = touchesByDatabase.get(database);
  if (!touches) {
    touches = { pool: database.pool, due: new Map(), timer: undefined, writing: Promise.resolve() };
    touchesByDatabase.set(database, touches);
  }
  return touches;
}

/** Writes the due deadlines in one statement. Never rejects. */
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
        text: `update sessions s set expire = to_timestamp(t.expire)
          from unnest($1::text[], $2::float8[]) as t(sid, expire)
          where s.sid = t.sid and s.expire <= to_timestamp(t.expire - $3::float8)`,
        values: [due.map(([sid]) => sid), due.map(([, expire]) => expire), SESSION_TOUCH_INTERVAL_MS / 1000],
      })
      // A lost touch only shortens a session; a closed pool lands here too.
      .catch(() => undefined);
  });
  return touches.writing;
}

/** Writes the deadlines that are due now; resolves once written (tests read `expire` after a response). */
export function settleSessionTouches(database: Database): Promise<void> {
  const touches = touchesByDatabase.get(database);
  return touches ? writeTouches(touches) : Promise.resolve();
}
