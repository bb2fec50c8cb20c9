import express from 'express';
import { salesRequestSchema } from '#shared/sales-request.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { submitSalesRequest, type SalesContext } from '../services/sales-requests.ts';

/** A few requests an hour from one address: enough for a team sharing an office's connection, not for a script. */
const requestsPerHour = { name: 'sales-request-ip', windowMs: 60 * 60 * 1000, max: 10 } satisfies RateLimitRule;

/** POST /api/sales-requests: the Contact Sales form. Open to everyone. */
export function salesRequestsRouter(ctx: SalesContext, mailer: { kick(): void }) {
  const router = express.Router();
  router.post('/sales-requests', validate(salesRequestSchema), rateLimit(ctx.db, ctx.clock, requestsPerHour), async (req, res) => {
    const request = await submitSalesRequest(ctx, req.body);
    mailer.kick();
    res.status(201).json(request);
  });
  return router;
}
