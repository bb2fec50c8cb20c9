import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { clientAborted } from '../logger.ts';

/** An error whose message is meant for the client, with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: unknown[] | undefined;
  constructor(status: number, message: string, issues?: unknown[]) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
  }
}

/** The server cannot take the request now; the client may try again after `retryAfterSeconds` (503, Retry-After). */
export class UnavailableError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message);
    this.name = 'UnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The embedded database is back within seconds of a crash; an external one after a failover or restart. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route for ${req.method} ${req.baseUrl}${req.path}`));
};

/** Errors from Express' own middleware (body parser, static files) carry a status and a type. */
interface MiddlewareError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

const bodyParserMessages: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON'],
  'entity.too.large': [413, 'The request body is too large'],
  'encoding.unsupported': [415, 'The request body encoding is not supported'],
  'charset.unsupported': [415, 'The request body charset is not supported'],
  'request.aborted': [400, 'The request was aborted'],
};

/** The one place errors become responses: known errors keep their message, anything else is logged and hidden. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  // The client hung up (mid-upload, say): the request log says so (499); what failed after that is no fault of ours.
  if (clientAborted(req, res)) {
    req.log.debug({ err }, 'request ended after the client went away');
    res.destroy();
    return;
  }
  let status = 500;
  let body: { message: string; issues?: unknown[] } = { message: 'Something went wrong on our side. Please try again.' };
  let retryAfterSeconds: number | undefined;

  if (err instanceof HttpError) {
    status = err.status;
    body = err.issues ? { message: err.message, issues: err.issues } : { message: err.message };
    if (err instanceof UnavailableError) retryAfterSeconds = err.retryAfterSeconds;
  } else if (isDatabaseUnavailable(err)) {
    // Not a bug: the database is down, restarting or out of connections, and the request may simply be tried again.
    status = 503;
    body.message = UNAVAILABLE_MESSAGE;
    retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  } else if (err instanceof ZodError) {
    status = 400;
    body = {
      message: err.issues[0]?.message ?? 'Invalid request',
      issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  } else if (err instanceof Error) {
    const { type, status: ownStatus, expose } = err as MiddlewareError;
    const known = type ? bodyParserMessages[type] : undefined;
    if (known) [status, body.message] = known;
    // Static files report a missing file as a 404 whose own message (a path) is not for the client.
    else if (ownStatus && ownStatus >= 400 && ownStatus < 500) [status, body.message] = [ownStatus, expose ? err.message : (STATUS_CODES[ownStatus] ?? 'Request refused')];
  }

  if (retryAfterSeconds !== undefined && !(err instanceof HttpError)) req.log.warn({ err }, 'request refused: database unavailable');
  else if (status >= 500 && retryAfterSeconds === undefined) req.log.error({ err }, 'request failed');
  else req.log.info({ status, message: body.message }, 'request refused');

  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(status).json(body);
};
