import type { RequestHandler } from 'express';
import { eq, sql } from 'drizzle-orm';
import { companyMembers, companyProfiles, users } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { signOut } from './session.ts';
import { companyRole, joinsCompany, joinsMembership } from './company-of-user.ts';
import { DomainError } from '../domain-error.ts';

/** The user and, for a company account, its company profile, in one prepared query (planned once per connection). */
const prepareUserQuery = (db: Db) =>
  db
    .select({ user: users, company: companyProfiles, companyRole })
    .from(users)
    .leftJoin(companyMembers, joinsMembership)
    .leftJoin(companyProfiles, joinsCompany)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('current_user');

/**
 * Loads the signed-in user, with a company account's company and role, on every request: the one place that sets
 * req.user, req.userCompany and req.userCompanyRole (typed in server/types/express.d.ts). A session ends here when its
 * user is gone, suspended or being deleted, its version is old (password reset) or it outlived the absolute lifetime.
 */
export function loadCurrentUser(db: Db, clock: Clock, absoluteMs: number): RequestHandler {
  const query = prepareUserQuery(db);
  return async (req, _res, next) => {
    try {
      const userId = req.session?.userId;
      if (!userId) return next();
      const [row] = await query.execute({ id: userId });
      const user = row?.user;
      const tooOld = clock.now().getTime() - (req.session.signedInAt ?? 0) > absoluteMs;
      if (!user || user.status === 'suspended' || user.deletionRequestedAt || user.sessionVersion !== req.session.version || tooOld) {
        await signOut(req);
        return next();
      }
      req.user = user;
      if (user.role === 'company') {
        req.userCompany = row.company;
        req.userCompanyRole = row.company ? row.companyRole : null;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new DomainError('auth.sign_in_required'));
};

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new DomainError('auth.sign_in_required'));
    if (req.user.role !== role) return next(new DomainError('auth.wrong_account_type'));
    next();
  };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new DomainError('auth.sign_in_required'));
  if (!req.user.isAdmin) return next(new DomainError('auth.admin_only'));
  next();
};
