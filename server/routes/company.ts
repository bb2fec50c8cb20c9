import express from 'express';
import { declarePaymentSchema, insertCompanySchema } from '#shared/company.ts';
import { declarePayment } from '../services/company-billing.ts';
import { requireRole, requireUser } from '../auth/current-user.ts';
import { DomainError } from '../domain-error.ts';
import { validate } from '../http/validate.ts';
import { getCompanyAccount, getInvoiceFor, onboardCompany, requestRenewal, type CompanyContext } from '../services/subscriptions.ts';

/** The company's own account: onboarding with its first invoice, its invoices, and renewal. */
export function companyRouter(ctx: CompanyContext & { mailer: { kick(): void } }) {
  const router = express.Router();

  // Before the role check: an administrator may read any invoice (the admin console opens them from here too).
  router.get('/company/invoices/:id', requireUser, async (req, res, next) => {
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
    res.set('Cache-Control', 'no-store').json(await getCompanyAccount(ctx.db, req.user!, ctx.clock.now()));
  });
  router.post('/company/invoices/:id/payment', validate(declarePaymentSchema), async (req, res) => {
    res.json(await declarePayment(ctx, req.user!, req.params.id, req.body));
  });
  router.post('/company/renewal', async (req, res) => {
    const renewal = await requestRenewal(ctx, req.user!);
    ctx.mailer.kick();
    res.status(201).json(renewal);
  });
  return router;
}
