import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { errorText, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';
import { DomainError } from '../domain-error.ts';
import { ERROR_STATUS } from './error-status.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { clientAborted } from '../logger.ts';

/** The embedded database is back within seconds of a crash; an external one after a failover or restart. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new DomainError('common.no_api_route', { params: { method: req.method, path: `${req.baseUrl}${req.path}` } }));
};

/** Errors from Express' own middleware (body parser, static files) carry a status and a type. */
interface MiddlewareError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

const bodyParserCodes: Record<string, ErrorCode> = {
  'entity.parse.failed': 'common.invalid_json',
  'entity.too.large': 'common.body_too_large',
  'encoding.unsupported': 'common.encoding_unsupported',
  'charset.unsupported': 'common.charset_unsupported',
  'request.aborted': 'common.request_aborted',
};

/** The one place errors become responses: known errors keep their message, anything else is logged and hidden. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  // The client hung up (mid-upload, say): the request log says so (499); what failed after that is no fault of ours.
  if (clientAborted(req, res)) {
    req.log.debug({ err }, 'request ended after the client went away');
    res.destroy();
    return;
  }
  let code: ErrorCode = 'common.internal';
  let status: number | undefined;
  let body: ApiErrorBody = { code, message: errorText(code) };
  let retryAfterSeconds: number | undefined;
  let unavailable = false;

  if (err instanceof DomainError) {
    code = err.code;
    body = { code, message: err.message, ...(err.params ? { params: err.params } : {}) };
    retryAfterSeconds = err.retryAfterSeconds;
  } else if (isDatabaseUnavailable(err)) {
    // Not a bug: the database is down, restarting or out of connections, and the request may simply be tried again.
    unavailable = true;
    code = 'common.unavailable';
    body = { code, message: errorText(code) };
    retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  } else if (err instanceof ZodError) {
    code = 'common.invalid_input';
    const fields: Record<string, string> = {};
    for (const issue of err.issues) fields[issue.path.join('.')] ??= issue.message;
    body = { code, message: err.issues[0]?.message ?? errorText(code), fields };
  } else if (err instanceof Error) {
    const { type, status: ownStatus, expose } = err as MiddlewareError;
    const known = type ? bodyParserCodes[type] : undefined;
    if (known) {
      code = known;
      body = { code, message: errorText(code) };
    } else if (ownStatus && ownStatus >= 400 && ownStatus < 500) {
      // Static files report a missing file as a 404 whose own message (a path) is not for the client.
      code = ownStatus === 404 ? 'common.not_found' : 'common.request_refused';
      status = ownStatus;
      body = { code, message: code === 'common.request_refused' && expose ? err.message : errorText(code) };
    }
  }
  status ??= ERROR_STATUS[code];

  if (unavailable) req.log.warn({ err }, 'request refused: database unavailable');
  else if (status >= 500 && retryAfterSeconds === undefined) req.log.error({ err }, 'request failed');
  else req.log.info({ status, code, message: body.message }, 'request refused');

  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(status).json(body);
};
