// An account's sessions, as its list of devices shows them, and signing them out one by one or all at once.
// Sessions are rows of the `sessions` table (server/auth/session.ts), found by the user id inside them
// (sessions_user_id_idx). A session's last use costs no write of its own: its stored deadline (`expire`) moves with
// use at most once a minute, so the deadline less the idle lifetime is when it was last used, to within a minute.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionData } from 'express-session';
import type { SessionView } from '#shared/sessions.ts';
import type { User } from '#shared/schema.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { describeUserAgent } from '../auth/devices.ts';
import { DomainError } from '../domain-error.ts';

/** The id the list shows for a session: a digest of its id, which itself is never shown. */
export const sessionViewId = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

type SessionRow = {
  sid: string;
  sess: SessionData;
  expire_ms: number;
};

async function sessionsOf(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  const { rows } = await db.execute<SessionRow>(sql`
    select sid, sess, (extract(epoch from expire::timestamptz) * 1000)::float8 as expire_ms
    from sessions where (sess->>'userId') = ${userId} and expire >= ${now.toISOString()}::timestamptz`);
  return rows;
}

/**
 * The account's live sessions, the asking one first, then the most recently used. Sessions an earlier "sign out
 * everywhere" ended (an older version) or past their absolute lifetime are not live, and are left out.
 */
export async function listSessions(
  db: DbOrTx,
  user: User,
  asking: { sid: string; networkPrefix: string | undefined },
  options: { now: Date; idleMs: number; absoluteMs: number },
): Promise<SessionView[]> {
  const rows = await sessionsOf(db, user.id, options.now);
  const now = options.now.getTime();
  const views = rows
    .filter(({ sess }) => sess.version === user.sessionVersion && now - (sess.signedInAt ?? 0) <= options.absoluteMs)
    .map(({ sid, sess, expire_ms }): SessionView => {
      const current = sid === asking.sid;
      const device = describeUserAgent(sess.userAgent);
      const idleMs = sess.cookie?.originalMaxAge ?? options.idleMs;
      return {
        id: sessionViewId(sid),
        current,
        browser: device.browser,
        system: device.system,
        kind: device.kind,
        network: sess.networkPrefix ?? null,
        sameNetwork: Boolean(sess.networkPrefix && sess.networkPrefix === asking.networkPrefix),
        signedInAt: sess.signedInAt ? new Date(sess.signedInAt).toISOString() : null,
        lastSeenAt: new Date(current ? now : Math.min(now, expire_ms - idleMs)).toISOString(),
      };
    });
  return views.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Signs out one session of the account (by the id the list shows); answers its own id, to tell the asking one. */
export async function endSession(db: DbOrTx, user: User, viewId: string, now: Date): Promise<string> {
  const found = (await sessionsOf(db, user.id, now)).find(({ sid }) => sessionViewId(sid) === viewId);
  if (!found) throw new DomainError('auth.session_not_found');
  await db.execute(sql`delete from sessions where sid = ${found.sid} and (sess->>'userId') = ${user.id}`);
  return found.sid;
}

/** Removes the account's sessions but `keep` (all of them without it); the caller also raises the session version. */
export async function removeSessions(db: DbOrTx, userId: string, keep?: string): Promise<number> {
  const result = await db.execute(
    keep
      ? sql`delete from sessions where (sess->>'userId') = ${userId} and sid <> ${keep}`
      : sql`delete from sessions where (sess->>'userId') = ${userId}`,
  );
  return result.rowCount ?? 0;
}

/** Removes the sessions past their stored idle deadline (nobody can use them any more); answers how many. */
export async function removeExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`delete from sessions where expire < ${now.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
