// The one way the client talks to the API: cookies always sent, JSON content type only
// with a body, and any non-OK answer becomes an ApiError reading '{status}: {response text}'.
import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody, ErrorCode, ErrorParams } from '#shared/errors.ts';

export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one as JSON ({ code, message }): English. */
  readonly serverMessage: string | undefined;
  /** The error's stable code (shared/errors.ts), its parameters, and for invalid input each field's message. */
  readonly code: ErrorCode | undefined;
  readonly params: ErrorParams | undefined;
  readonly fields: Record<string, string> | undefined;
  /** When the server shed the request (503): the seconds it asked to wait before trying again (Retry-After). */
  retryAfterSeconds: number | undefined;
  constructor(status: number, text: string, body: Partial<ApiErrorBody> = {}) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = body.message;
    this.code = body.code;
    this.params = body.params;
    this.fields = body.fields;
  }
}

/** The error for a non-OK answer: '{status}: {text}', keeping the server's code and message when it sent them. */
export function apiErrorFrom(status: number, text: string): ApiError {
  const body: Partial<ApiErrorBody> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { message, code, params, fields } = parsed as Record<string, unknown>;
      if (typeof message === 'string') body.message = message;
      // The shape of a code (`area.what`); the table of codes stays out of the first page's script.
      if (typeof code === 'string' && /^[a-z]+\.[a-z_]+$/.test(code)) body.code = code as ErrorCode;
      if (params && typeof params === 'object') body.params = params as ErrorParams;
      if (fields && typeof fields === 'object') body.fields = fields as Record<string, string>;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return new ApiError(status, text, body);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const error = apiErrorFrom(res.status, (await res.text()) || res.statusText);
  const retryAfter = Number(res.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
  throw error;
}

/**
 * Calls `attempt`; when the server sheds it (503 with Retry-After: a burst of sign-ups, say), waits as long as it
 * asks (at most `maxWaitSeconds`) and tries again, up to `retries` times, telling `onWait` before each wait.
 */
export async function retryWhenBusy<T>(
  attempt: () => Promise<T>,
  options: { retries: number; maxWaitSeconds: number; onWait: (seconds: number) => void; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      const wait = err instanceof ApiError && err.status === 503 ? err.retryAfterSeconds : undefined;
      if (wait === undefined || retry >= options.retries) throw err;
      const seconds = Math.min(wait, options.maxWaitSeconds);
      options.onWait(seconds);
      await sleep(seconds * 1000);
    }
  }
}

export async function apiRequest(method: string, url: string, data?: unknown, options: { signal?: AbortSignal } = {}): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
    // A query's signal: a request the page no longer wants (the account just deleted, say) is abandoned.
    signal: options.signal,
  });
  await throwIfNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data fetch: the URL is the query key joined with '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

