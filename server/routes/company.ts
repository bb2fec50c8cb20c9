import express from 'express';
import { companyDetailsSchema, declarePaymentSchema, insertCompanySchema, renewalSchema } from '#shared/company.ts';
import { declarePayment, getCompanyAccount, getInvoiceFor, onboardCompany, requestRenewal, updateCompanyDetails } from '../services/company-billing.ts';
import { requireRole, requireUser } from '../auth/current-user.ts';
import { DomainError } from '../domain-error.ts';
import { validate, validateIds } from '../http/validate.ts';
import type { CompanyContext } from '../services/subscriptions.ts';

/** The company's own account: onboarding with its first invoice, its invoices, and renewal. */
export function companyRouter(ctx: CompanyContext & { mailer: { kick(): void } }) {
  const router = express.Router();

  // Before the role check: an administrator may read any invoice (the admin console opens them from here too).
  router.get('/company/invoices/:id', requireUser, validateIds('invoice.not_found', 'id'), async (req, res, next) => {
    if (!req.user!.isAdmin && req.user!.role !== 'company') return next(new DomainError('auth.wrong_account_type'));
    res.set('Cache-Control', 'no-store').json(await getInvoiceFor(ctx.db, req.user!, req.params.id as string));
  });

  router.use('/company', requireRole('company'));
  router.post('/company/profile', validate(insertCompanySchema), async (req, res) => {
    const created = await onboardCompany(ctx, req.user!, req.body);
    ctx.mailer.kick();
    res.status(201).json(created);
  });
  router.get('/company/profile', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getCompanyAccount(ctx, req.user!));
  });
  router.post('/company/invoices/:id/payment', validateIds('invoice.not_found', 'id'), validate(declarePaymentSchema), async (req, res) => {
    res.json(await declarePayment(ctx, req.user!, req.params.id, req.body));
  });
  router.patch('/company/profile', validate(companyDetailsSchema), async (req, res) => {
    res.json(await updateCompanyDetails(ctx, req.user!, req.body));
  });
  router.post('/company/renewal', validate(renewalSchema), async (req, res) => {
    const renewal = await requestRenewal(ctx, req.user!, req.body.plan);
    ctx.mailer.kick();
    res.status(201).json(renewal);
  });
  return router;
}
