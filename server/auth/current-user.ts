import type { RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import { users } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { signOut } from './session.ts';

/**
 * Loads the signed-in user on every request. A session ends here when its user is gone or suspended,
 * its version is old (password reset) or it outlived the absolute lifetime.
 */
export function loadCurrentUser(db: Db, clock: Clock, absoluteMs: number): RequestHandler {
  return async (req, _res, next) => {
    try {
      const userId = req.session?.userId;
      if (!userId) return next();
      const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
      const tooOld = clock.now().getTime() - (req.session.signedInAt ?? 0) > absoluteMs;
      if (!user || user.status === 'suspended' || user.sessionVersion !== req.session.version || tooOld) {
        await signOut(req);
        return next();
      }
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, 'Please sign in to continue'));
};

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new HttpError(401, 'Please sign in to continue'));
    if (req.user.role !== role) return next(new HttpError(403, 'This is not available for your account type'));
    next();
  };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, 'Please sign in to continue'));
  if (!req.user.isAdmin) return next(new HttpError(403, 'Only administrators can do this'));
  next();
};
