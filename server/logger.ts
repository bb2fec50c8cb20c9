import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

// Secrets that travel in URLs, kept out of the logs in this one place (a new signed link or one-click link adds its
// parameter or path here). Query parameters by name: the e-mailed links' token, the sign-in provider's code and
// state, signed URLs' signature, credential and security token.
const SECRET_PARAMETER = /(?:^|[_-])(?:token|code|state|signature|secret|password|credential)$/i;
// Paths whose next part is a secret: the upload URLs signed by the local storage driver.
const SECRET_PATH = /^(\/api\/uploads\/)[^/?#]+/i;
const REDACTED = '[redacted]';

const decoded = (name: string) => {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
};

/** The URL as it may be logged: the values of secret query parameters and secret path parts replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals !== -1 && SECRET_PARAMETER.test(decoded(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** nginx's status for a request whose client closed the connection before any answer was sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/** The client closed the connection before the answer was complete (an upload given up on, a video seeked away
 *  from): Node then ends the request with ECONNRESET. Not an error of ours; nothing can be answered. */
export function clientAborted(req: IncomingMessage, res: ServerResponse): boolean {
  return !res.writableFinished && (req.errored as NodeJS.ErrnoException | null)?.code === 'ECONNRESET';
}

/** The status a request is logged with: what was sent, 499 when the client left first, none when neither. */
function loggedStatus(res: ServerResponse): number | null {
  if (res.headersSent) return res.statusCode;
  return clientAborted(res.req, res) ? CLIENT_CLOSED_REQUEST : null;
}

/** Request logs with an id: the caller's X-Request-Id when it is sane (load balancers set one), else a new one. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, err) {
      const status = loggedStatus(res) ?? res.statusCode;
      // A 503 asks the client to come back (the database restarting, a queue full); its cause is logged where it arose.
      if (status === 503) return 'warn';
      if (err || status >= 500) return 'error';
      if (status >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { raw: ServerResponse }) => ({ statusCode: loggedStatus(res.raw) }),
    },
  });
}
