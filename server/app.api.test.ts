import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, publicConfig } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { serveBuiltClient } from './http/client.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { freePort } from './test/free-port.ts';

const BIG_SCRIPT = `console.log(${JSON.stringify('wazifa '.repeat(4000))})`;
const BIG_SCRIPT_BROTLI = brotliCompressSync(BIG_SCRIPT);

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('health checks', () => {
  it('reports the process alive with a request id', async () => {
    const res = await request(testApp.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a sane incoming request id and replaces an unsafe one', async () => {
    const kept = await request(testApp.app).get('/healthz').set('X-Request-Id', 'lb-1234.abc');
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await request(testApp.app).get('/healthz').set('X-Request-Id', 'bad id\twith <html>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready while the database answers', async () => {
    const res = await request(testApp.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('is not ready (503) when the database does not answer', async () => {
    // A port nobody listens on: connections are refused.
    const port = await freePort();
    const database = createDatabase(`postgres://nobody:nothing@127.0.0.1:${port}/none`);
    const app = createApp({ config: testApp.config, database, logger: pino({ level: 'silent' }), ...testApp.services });
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 'common.unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
    await database.close();
  });
});

describe('while the database cannot be reached', () => {
  const unreachable = [
    // A port nobody listens on (an external database that is down): connections are refused.
    ['refused', async () => `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`],
    // A socket that is gone (the embedded database between a crash and its restart).
    ['missing socket', async () => `postgres://nobody:nothing@${encodeURIComponent(path.join(os.tmpdir(), 'no-such-wazifa-socket'))}:5432/none`],
  ] as const;

  for (const [why, url] of unreachable) {
    it(`answers API calls with 503, Retry-After and a message, never 500 (${why})`, async () => {
      const cookie = (
        await request(testApp.app).post('/api/auth/signup').send({ email: `down.${why.replace(' ', '.')}@example.com`, password: 'long enough 1' })
      ).headers['set-cookie']![0]!.split(';')[0]!;
      const database = createDatabase(await url());
      const app = createApp({ config: testApp.config, database, logger: pino({ level: 'silent' }), ...testApp.services });
      try {
        for (const res of [
          await request(app).post('/api/auth/login').send({ email: 'someone@example.com', password: 'long enough 1' }),
          // Signed in: the session cannot be read.
          await request(app).get('/api/auth/user').set('Cookie', cookie),
        ]) {
          expect(res.status).toBe(503);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.body).toEqual({ code: 'common.unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
        }
      } finally {
        await database.close();
      }
    });
  }
});

describe('API errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(testApp.app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ code: 'common.no_api_route', message: 'No API route for GET /api/no-such-thing', params: { method: 'GET', path: '/api/no-such-thing' } });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const res = await request(testApp.app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send('{"unterminated": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'common.invalid_json', message: 'The request body is not valid JSON' });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await request(testApp.app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'common.body_too_large', message: 'The request body is too large' });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and no framework banner', async () => {
    const res = await request(testApp.app).get('/healthz');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('serving the client', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--public-config--></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(dir, 'assets/app-123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'assets/big-456.js'), BIG_SCRIPT);
    await writeFile(path.join(dir, 'assets/big-456.js.br'), BIG_SCRIPT_BROTLI);
    const config = { ...testApp.config, ...loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: 'Jobs <& Co>', EARLY_ACCESS_END: '2099-01-31', SESSION_SECRET: testApp.config.sessionSecret }) };
    app = createApp({
      config,
      database: testApp.testDatabase.database,
      logger: pino({ level: 'silent' }),
      ...testApp.services,
      client: serveBuiltClient(dir, () => publicConfig(config, systemClock), config.publicUrl),
    });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers any page path with the app and its public configuration, an address the app has no page for with 404', async () => {
    const missing = await request(app).get('/some/deep/page?x=1');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-robots-tag']).toBe('noindex');
    expect(missing.text).toContain('<div id="root">');
    const res = await request(app).get('/dashboard/candidates/abc?x=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>Jobs &#60;&#38; Co&#62;</title>');
    const json = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(res.text)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual({
      productName: 'Jobs <& Co>',
      supportEmail: 'support@wazifa.example',
      salesEmail: 'support@wazifa.example',
      earlyAccessEnd: '2099-01-31',
      earlyAccessActive: true,
      earlyAccessFormUrl: null,
      oidcProviderName: null,
      videoRecordSeconds: 90,
    });
  });

  it('sends /index.html to the home page rather than serving the template without its configuration', async () => {
    for (const [url, home] of [['/index.html', '/'], ['/index.html?ref=mail', '/?ref=mail'], ['/index%2Ehtml', '/'], ['/assets/../index.html', '/']] as const) {
      const res = await request(app).get(url);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(home);
      expect(res.text).not.toContain('<!--public-config-->');
    }
    const head = await request(app).head('/index.html');
    expect(head.status).toBe(301);
  });

  it('lets a browser revalidate the page (304), and makes no ETag for API answers', async () => {
    const first = await request(app).get('/');
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await request(app).get('/').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect((await request(app).get('/healthz')).headers.etag).toBeUndefined();
  });

  it('serves hashed assets with a long cache and answers a missing asset with 404, not the page', async () => {
    const asset = await request(app).get('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(app).get('/assets/gone-456.js');
    expect(missing.status, missing.text).toBe(404);
    expect(missing.text).not.toContain('<div id="root">');
  });

  it('serves the offline shell\'s worker as a script to revalidate each time, other root files for an hour', async () => {
    const worker = await request(app).get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await request(app).get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses scripts and pages for browsers that accept it', async () => {
    const asset = await request(app).get('/assets/big-456.js').set('Accept-Encoding', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.text).toBe(BIG_SCRIPT);
    const plain = await request(app).get('/assets/big-456.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG_SCRIPT);
  });

  it('sends the copy compressed at build to a browser that takes brotli, as the script it is', async () => {
    const asset = await request(app)
      .get('/assets/big-456.js')
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(asset.headers['cache-control']).toContain('immutable');
    // The build's copy as it is (compressing on the fly would send no length), which decompresses to the script.
    expect(Number(asset.headers['content-length'])).toBe(BIG_SCRIPT_BROTLI.byteLength);
    expect((asset.body as Buffer).toString()).toBe(BIG_SCRIPT);
    // A file without such a copy, or an address that names the copy itself, is served as before.
    const small = await request(app).get('/assets/app-123.js').set('Accept-Encoding', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('console.log(1)');
  });

  it('never answers API paths with the page', async () => {
    const res = await request(app).get('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses to start without a built client, naming the fix', () => {
    expect(() => serveBuiltClient(path.join(dir, 'nope'), () => publicConfig(testApp.config, systemClock), testApp.config.publicUrl)).toThrow(
      /npm run build/,
    );
  });
});

