// What services raise when a request cannot be done: a stable code (shared/errors.ts) with its parameters. The HTTP
// edge (server/http/errors.ts) turns it into a status and `{ code, message }`; services know nothing of HTTP.
import { errorText, type ErrorCode, type ErrorParams } from '#shared/errors.ts';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  /** For refusals that pass: when the client may try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { params?: ErrorParams; retryAfterSeconds?: number } = {}) {
    super(errorText(code, options.params));
    this.name = 'DomainError';
    this.code = code;
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
