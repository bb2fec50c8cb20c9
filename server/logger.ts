import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
