import type { RequestHandler } from 'express';
import { eq, sql } from 'drizzle-orm';
import { companyMembers, companyProfiles, users, type CompanyProfile } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { signOut, takeSessionUser } from './session.ts';
import { companyRole, joinsCompany, joinsMembership } from './company-of-user.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import { DomainError } from '../domain-error.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /**
       * A company account's company profile (null while it has none), read with the user in the same query; what
       * requireActiveCompany checks. Undefined for other accounts and signed-out callers.
       */
      userCompany?: CompanyProfile | null;
      /** The user's role in userCompany: its owner, or a colleague invited as admin or member. */
      userCompanyRole?: CompanyRole | null;
    }
  }
}

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
 * Loads the signed-in user on every request. A session ends here when its user is gone, suspended or being deleted,
 * its version is old (password reset) or it outlived the absolute lifetime.
 */
export function loadCurrentUser(db: Db, clock: Clock, absoluteMs: number): RequestHandler {
  const query = prepareUserQuery(db);
  return async (req, _res, next) => {
    try {
      const loaded = req.session ? takeSessionUser(req) : undefined;
      const userId = req.session?.userId;
      if (!userId) return next();
      // Usually read with the session, in the same statement (server/auth/session.ts).
      const [row] = loaded?.user.id === userId ? [loaded] : await query.execute({ id: userId });
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
