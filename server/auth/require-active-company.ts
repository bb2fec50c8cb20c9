// The Job Seeker Database is open only to companies whose subscription is paid, verified and not past its end
//. The end date is checked on every request, so access stops the moment it passes.
import type { RequestHandler } from 'express';
import type { CompanyProfile } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyOf } from './company-of-user.ts';
import { DomainError } from '../domain-error.ts';

export function hasDatabaseAccess(company: Pick<CompanyProfile, 'subscriptionStatus' | 'subscriptionEndDate'>, now: Date): boolean {
  return company.subscriptionStatus === 'active' && company.subscriptionEndDate !== null && company.subscriptionEndDate > now;
}

export function requireActiveCompany(db: Db, clock: Clock): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (!req.user) throw new DomainError('auth.sign_in_required');
      if (req.user.role !== 'company') throw new DomainError('auth.wrong_account_type');
      // Read with the user by loadCurrentUser, earlier in this request; looked up here only where it was not.
      const company = req.userCompany !== undefined ? req.userCompany : (await companyOf(db, req.user))?.company;
      if (!company || !hasDatabaseAccess(company, clock.now())) {
        throw new DomainError('company.subscription_inactive');
      }
      req.company = company;
      next();
    } catch (err) {
      next(err);
    }
  };
}
