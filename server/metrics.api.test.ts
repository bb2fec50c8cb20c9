// GET /metrics: Prometheus's text format for a scraper holding the token, 404 for everyone else; the numbers an
// operator watches move with what the product does.
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { deliverDueEmails } from './mail/worker.ts';
import { createLogTransport } from './mail/transport.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { paidCompany, signedInAgent, uniqueEmail } from './test/fixtures.ts';
import pino from 'pino';

const TOKEN = 'metrics-token-for-the-test-scraper-0123456789';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, metrics: true });
});
afterAll(() => testApp.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Values that are not finite numbers, as prom-client writes them; Prometheus reads each (its parser ignores case). */
const PROMETHEUS_NON_FINITE: Record<string, number> = { Nan: Number.NaN, NaN: Number.NaN, '+Inf': Infinity, '-Inf': -Infinity };

/**
 * One scrape: the families as a Prometheus text parser reads them (names, types), and every sample line with its
 * labels (that parser folds a labelled histogram's lines into one, so the values are read line by line).
 */
async function scrape(): Promise<{ families: ParsedFamily[]; value: (name: string, labels?: Record<string, string>) => number | undefined }> {
  const res = await request(testApp.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(res.text);
  const samples: Sample[] = res.text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      const value = PROMETHEUS_NON_FINITE[match[3]!] ?? Number(match[3]);
      if (Number.isNaN(value) && !(match[3]! in PROMETHEUS_NON_FINITE)) throw new Error(`not a number: ${line}`);
      return { name: match[1]!, labels, value };
    });
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v))?.value;
  return { families, value };
}

const typeOf = (families: ParsedFamily[], name: string) => families.find((f) => f.name === name)?.type;

describe('GET /metrics', () => {
  it('answers 404, as for any unknown address, without the token, with another, or when none is configured', async () => {
    await request(testApp.app).get('/metrics').expect(404);
    await request(testApp.app).get('/metrics').set('Authorization', `Bearer ${TOKEN.slice(1)}x`).expect(404);
    await request(testApp.app).get('/metrics').set('Authorization', TOKEN).expect(404);
    const closed = await createTestApp({ metrics: true });
    try {
      await request(closed.app).get('/metrics').set('Authorization', 'Bearer ').expect(404);
      await request(closed.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    } finally {
      await closed.close();
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'too short' })).toThrow(/METRICS_TOKEN/);
  });

  it("parses when scraped twice at once, the event loop's lag not yet measured for the second", async () => {
    // Each scrape starts the lag's measure afresh, which then writes "Nan" (prom-client's spelling of NaN, which
    // Prometheus reads) until it has a sample.
    const [first, second] = await Promise.all([scrape(), scrape()]);
    expect(first.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(second.value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times requests by route pattern, not by path', async () => {
    await request(testApp.app).get('/api/auth/user').expect(401);
    await request(testApp.app).get('/api/employers/no-such-company-one').expect(404);
    await request(testApp.app).get('/api/employers/no-such-company-two').expect(404);
    const { families, value } = await scrape();
    expect(typeOf(families, 'http_request_duration_seconds')).toBe('HISTOGRAM');
    expect(value('http_request_duration_seconds_count', { route: '/api/auth/user', method: 'GET', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(value('http_request_duration_seconds_count', { route: '/api/employers/:slug', method: 'GET', status: '404' })).toBe(2);
    expect(value('http_request_duration_seconds_count', { route: '/api/employers/no-such-company-one' })).toBeUndefined();
  });

  it('shows the database pool and the queues with their oldest item, read from PostgreSQL', async () => {
    const before = await scrape();
    const pending = before.value('wazifa_queue_items', { queue: 'outbox', state: 'pending' })!;
    // Signing up queues the address's confirmation e-mail.
    await signedInAgent(testApp, { role: 'job_seeker', email: uniqueEmail('metrics') });
    const { families, value } = await scrape();
    expect(typeOf(families, 'wazifa_queue_items')).toBe('GAUGE');
    expect(value('wazifa_queue_items', { queue: 'outbox', state: 'pending' })).toBe(pending + 1);
    expect(value('wazifa_queue_oldest_item_age_seconds', { queue: 'outbox', state: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(value('wazifa_queue_items', { queue: 'video_jobs', state: 'queued' })).toBe(0);
    expect(value('wazifa_queue_oldest_item_age_seconds', { queue: 'video_jobs', state: 'queued' })).toBe(0);
    expect(value('wazifa_queue_items', { queue: 'data_exports', state: 'failed' })).toBe(0);
    const idle = value('wazifa_db_pool_connections', { state: 'idle' });
    const inUse = value('wazifa_db_pool_connections', { state: 'in_use' });
    expect(value('wazifa_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(idle! + inUse!).toBeGreaterThan(0);
    // The process's own: memory, CPU, event loop.
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts e-mails by how their delivery ended, and times the company search', async () => {
    const { testDatabase } = testApp;
    // Signing up queues the address's confirmation e-mail, to be delivered below.
    await signedInAgent(testApp, { role: 'job_seeker', email: uniqueEmail('delivered') });
    const delivered = await deliverDueEmails({ database: testDatabase.database, transport: createLogTransport(pino({ level: 'silent' })), from: 'Wazifa <no-reply@example.com>' });
    expect(delivered.sent).toBeGreaterThan(0);
    testApp.metrics!.countDelivery(delivered);
    const admin = await signedInAgent(testApp, { admin: true });
    const company = await paidCompany(testApp, admin);
    await company.agent.get('/api/candidates').expect(200);
    const { families, value } = await scrape();
    expect(typeOf(families, 'wazifa_emails_total')).toBe('COUNTER');
    expect(value('wazifa_emails_total', { result: 'sent' })).toBe(delivered.sent);
    expect(value('wazifa_emails_total', { result: 'failed' })).toBe(0);
    expect(value('wazifa_search_duration_seconds_count')).toBe(1);
  });
});
