// The one way the client talks to the API (SPEC 7 and 8): cookies always sent, JSON content type only
// with a body, and any non-OK answer becomes an ApiError reading '{status}: {response text}'.
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one as JSON ({ message }). */
  readonly serverMessage: string | undefined;
  constructor(status: number, text: string, serverMessage?: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The error for a non-OK answer: '{status}: {text}', keeping the server's own message when it sent one. */
export function apiErrorFrom(status: number, text: string): ApiError {
  let serverMessage: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      serverMessage = (parsed as { message: string }).message;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return new ApiError(status, text, serverMessage);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw apiErrorFrom(res.status, (await res.text()) || res.statusText);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
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

/** The message to show for a failed call: the server's own words when it gave some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
