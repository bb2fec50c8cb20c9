// Failures that mean the database cannot be reached right now (down, restarting, out of connections), as opposed
// to a statement that failed: the request may be tried again in a moment (503), it is not a bug (500).
import pg from 'pg';

/** What pg and pg-pool say when a connection cannot be made, or was lost. */
const CONNECTION_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/** The server is shutting down, crashed, starting up (57P01-57P03), or has no connection left (53300). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** A connection refused, its socket missing (the embedded database between a crash and its restart), unreachable. */
const CONNECT_ERRNOS = new Set(['ECONNREFUSED', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  if (err instanceof pg.DatabaseError) {
    const code = err.code ?? '';
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return true;
  } else if (CONNECTION_MESSAGES.has(err.message)) {
    return true;
  }
  const { code, syscall } = err as NodeJS.ErrnoException;
  if (syscall === 'connect' && code && CONNECT_ERRNOS.has(code)) return true;
  // A connection cut while in use (a client that went away says ECONNRESET too, but without a syscall).
  if ((code === 'ECONNRESET' && syscall === 'read') || (code === 'EPIPE' && syscall === 'write')) return true;
  // Drizzle wraps the driver's error in its own; several addresses tried at once fail together.
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}
