import express from 'express';
import { SESSION_VIEW_ID } from '#shared/sessions.ts';
import { requireUser } from '../auth/current-user.ts';
import { networkPrefix } from '../auth/devices.ts';
import { SESSION_COOKIE, signOut } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { endSession, listSessions } from '../services/sessions.ts';

/** The account's signed-in devices (mounted at /api/auth): the list, and signing out one of them. Signing out all
 *  the others is POST /api/auth/sessions/end-others (auth.ts). */
export function sessionsRouter(ctx: { db: Db; clock: Clock; idleMs: number; absoluteMs: number }) {
  const router = express.Router();
  router.get('/sessions', requireUser, async (req, res) => {
    const items = await listSessions(
      ctx.db,
      req.user!,
      { sid: req.sessionID, networkPrefix: networkPrefix(req.ip) },
      { now: ctx.clock.now(), idleMs: ctx.idleMs, absoluteMs: ctx.absoluteMs },
    );
    res.set('Cache-Control', 'no-store').json({ items });
  });
  router.delete('/sessions/:id', requireUser, async (req, res) => {
    const id = req.params.id as string;
    if (!SESSION_VIEW_ID.test(id)) throw new DomainError('auth.session_not_found');
    const sid = await endSession(ctx.db, req.user!, id, ctx.clock.now());
    // This device's own session: it is signed out here too, as by "Sign out".
    if (sid === req.sessionID) {
      await signOut(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    res.status(204).end();
  });
  return router;
}
