// Runs the client's fetch code against a real HTTP server on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, apiRequest, getQueryFn, retryWhenBusy } from './api-client';

let server: Server;
let base: string;
const busyCalls = new Map<string, number>();
const seen: Array<{ method?: string; url?: string; contentType?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
      if (req.url === '/api/json-error') {
        res.writeHead(409, { 'Content-Type': 'application/json' }).end('{"message":"Role already set"}');
      } else if (req.url?.startsWith('/api/busy/')) {
        // Busy for the first N calls of a run (/api/busy/<run>/<N>), then fine.
        const [, , , run, times] = req.url.split('/');
        const calls = (busyCalls.get(run!) ?? 0) + 1;
        busyCalls.set(run!, calls);
        if (calls <= Number(times)) res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '3' }).end('{"code":"auth.busy","message":"busy"}');
        else res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      } else if (req.url === '/api/empty-error') {
        res.writeHead(503).end();
      } else if (req.url === '/api/auth/user') {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Unauthorized"}');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends JSON with its content type only when there is a body', async () => {
    await apiRequest('POST', `${base}/api/thing`, { role: 'company' });
    await apiRequest('POST', `${base}/api/other`);
    expect(seen.at(-2)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"role":"company"}' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: undefined, body: '' });
  });

  it("turns a non-OK answer into '{status}: {response text}'", async () => {
    const error = await apiRequest('POST', `${base}/api/json-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Role already set"}');
    expect((error as ApiError).serverMessage).toBe('Role already set');
  });

  it('uses the status text when the body is empty', async () => {
    const error = await apiRequest('GET', `${base}/api/empty-error`).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).serverMessage).toBeUndefined();
  });
});

describe('getQueryFn', () => {
  const call = (fn: ReturnType<typeof getQueryFn>, key: string[]) =>
    (fn as unknown as (ctx: { queryKey: string[] }) => Promise<unknown>)({ queryKey: key });

  it('fetches the query key joined with /', async () => {
    const data = await call(getQueryFn({ on401: 'throw' }), [`${base}/api`, 'things', '42']);
    expect(data).toEqual({ ok: true });
    expect(seen.at(-1)?.url).toBe('/api/things/42');
  });

  it('throws on 401 by default and gives null when asked to', async () => {
    await expect(call(getQueryFn({ on401: 'throw' }), [`${base}/api/auth/user`])).rejects.toThrow('401: ');
    await expect(call(getQueryFn({ on401: 'returnNull' }), [`${base}/api/auth/user`])).resolves.toBeNull();
  });
});

describe('error codes', () => {
  it('every code of the table has the shape the client keeps', async () => {
    const { ERROR_MESSAGES } = await import('#shared/errors.ts');
    for (const code of Object.keys(ERROR_MESSAGES)) {
      expect(apiErrorFrom(400, JSON.stringify({ code, message: 'x' })).code, code).toBe(code);
    }
    expect(apiErrorFrom(400, JSON.stringify({ code: 'not a code', message: 'x' })).code).toBeUndefined();
  });
});

describe('retryWhenBusy', () => {
  const run = (name: string, busyTimes: number) => {
    const waits: number[] = [];
    const slept: number[] = [];
    const result = retryWhenBusy(async () => (await apiRequest('POST', `${base}/api/busy/${name}/${busyTimes}`, {})).json(), {
      retries: 2,
      maxWaitSeconds: 10,
      onWait: (seconds) => waits.push(seconds),
      sleep: async (ms) => void slept.push(ms),
    });
    return { result, waits, slept };
  };

  it('waits as long as a 503 asks (Retry-After) and tries again, telling the page each time', async () => {
    const { result, waits, slept } = run('twice', 2);
    expect(await result).toEqual({ ok: true });
    expect(waits).toEqual([3, 3]);
    expect(slept).toEqual([3000, 3000]);
  });

  it('gives up after its retries with the server error, Retry-After kept', async () => {
    const { result, waits } = run('always', 5);
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'auth.busy', retryAfterSeconds: 3 });
    expect(waits).toHaveLength(2);
  });

  it('does not retry other errors, nor a 503 that gives no Retry-After', async () => {
    let calls = 0;
    const onWait = () => calls++;
    await expect(retryWhenBusy(() => apiRequest('POST', `${base}/api/json-error`), { retries: 2, maxWaitSeconds: 10, onWait })).rejects.toMatchObject({ status: 409 });
    await expect(retryWhenBusy(() => apiRequest('GET', `${base}/api/empty-error`), { retries: 2, maxWaitSeconds: 10, onWait })).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(0);
  });
});
