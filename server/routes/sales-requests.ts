import express from 'express';
import { salesRequestSchema } from '#shared/sales-request.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { submitSalesRequest, type SalesContext } from '../services/sales-requests.ts';

const HOUR = 60 * 60 * 1000;
/**
 * Each request is stored and e-mailed to the sales team, so it is limited three ways: a few an hour from one client
 * address (enough for a team sharing an office's connection, not for a script), a day's worth from one address (a
 * fixed window otherwise lets twice the hour's count through across its edge), and a few an hour naming one e-mail
 * address (from however many client addresses).
 */
const limits = {
  perClientHour: { name: 'sales-request-ip', windowMs: HOUR, max: 10 },
  perClientDay: { name: 'sales-request-ip-day', windowMs: 24 * HOUR, max: 20 },
  perEmail: {
    name: 'sales-request-email',
    windowMs: HOUR,
    max: 3,
    key: (req: express.Request) => (typeof req.body?.email === 'string' ? req.body.email.toLowerCase() : undefined),
  },
} satisfies Record<string, RateLimitRule>;

/** POST /api/sales-requests: the Contact Sales form. Open to everyone. */
export function salesRequestsRouter(ctx: SalesContext, mailer: { kick(): void }) {
  const router = express.Router();
  router.post('/sales-requests', validate(salesRequestSchema), rateLimit(ctx.db, ctx.clock, limits.perClientHour, limits.perClientDay, limits.perEmail), async (req, res) => {
    const request = await submitSalesRequest(ctx, req.body);
    mailer.kick();
    res.status(201).json(request);
  });
  return router;
}
