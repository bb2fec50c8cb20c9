import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { ErrorCode } from '#shared/errors.ts';
import { isUuid } from '#shared/ids.ts';
import { DomainError } from '../domain-error.ts';

/** Parses the body at the edge; the handler sees only valid, normalised input. Errors go to the error handler (400). */
export function validate<T extends z.ZodType>(schema: T): RequestHandler {
  return (req, _res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) return next(result.error);
    req.body = result.data;
    next();
  };
}

/** Same for the query string; the parsed values are kept in res.locals.query. */
export function validateQuery<T extends z.ZodType>(schema: T): RequestHandler {
  return (req, res, next) => {
    const result = schema.safeParse(req.query);
    if (!result.success) return next(result.error);
    res.locals.query = result.data;
    next();
  };
}

/**
 * Route parameters that name rows (`:id`, `:userId`…): one that is not a UUID names nothing, so the route answers
 * its own "not found" before any query.
 */
export function validateIds(notFound: ErrorCode, ...params: [string, ...string[]]): RequestHandler {
  return (req, _res, next) => {
    for (const param of params) {
      if (!isUuid(req.params[param])) return next(new DomainError(notFound));
    }
    next();
  };
}
