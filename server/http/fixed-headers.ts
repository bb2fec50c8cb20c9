// Headers that are the same on every response, worked out once. helmet sets its dozen security headers through a
// chain of a dozen middlewares on each request; ours have no per-request part (no nonces), so what the chain does to
// a response is recorded once and replayed: the same headers, for a fraction of the work on the busiest routes.
import type { RequestHandler } from 'express';

/** Runs `middleware` once against a recording response, then sets (and removes) the same headers on every response. */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  let passed = false;
  const recorder = {
    setHeader(name: string, value: string | number | string[]) {
      set.push([name, Array.isArray(value) ? value : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  middleware({ headers: {} } as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error('fixedHeaders: the middleware did not finish at once');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
