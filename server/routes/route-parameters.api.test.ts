// Every route of the app with a path parameter, as each kind of caller: a parameter that names nothing (a NUL byte,
// 36 characters of a uuid's alphabet that are no uuid, 10 KB of text) is answered with a 4xx, never a 5xx; the
// caller who gets past the route's guards gets 400 or 404. The routes come from the app's own router, so a route
// added later is covered without being listed here. Ids in request bodies go through the same schema.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany, jobSeekerWithProfile, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';
import { declaredRoutes } from '../test/routes.ts';

const BAD_VALUES = {
  nul: '%00',
  'uuid-length non-uuid': '0123456789abcdef-0123456789abcdef-01',
  '10 KB of text': 'x'.repeat(10 * 1024),
};

/**
 * A body that passes many of the API's schemas (unknown keys are dropped), so a route that checks its body first
 * still reaches its parameter.
 */
const BODY = {
  role: 'member',
  verified: true,
  value: 'AE',
  reasons: ['video_person_or_voice'],
  note: 'Called on Monday',
  channel: 'email',
  isAdmin: false,
  invoiceId: randomUUID(),
  bankReference: 'REF-2026-0001',
  transferDate: '2026-01-05',
  name: 'Drivers in Dubai',
  alert: 'off',
};

let testApp: TestApp;
let callers: Record<string, request.Agent | ReturnType<typeof request>>;

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  const [admin, company, seeker] = await Promise.all([signedInAgent(testApp, { admin: true }), activeCompany(testApp), jobSeekerWithProfile(testApp)]);
  callers = { visitor: request(testApp.app), 'job seeker': seeker.agent, company: company.agent, admin: admin.agent };
});
afterAll(() => testApp.close());

/** The routes with at least one path parameter, and the URLs that fill one of them with `value` (the rest valid). */
function urlsWith(value: string) {
  return declaredRoutes(testApp)
    .filter((r) => r.path.includes('/:'))
    .flatMap((route) => {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      return params.map((param) => ({
        route: `${route.method} ${route.path}`,
        param,
        method: route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete',
        url: route.path.replace(/:(\w+)/g, (_, name: string) => (name === param ? value : name === 'kind' ? 'cv' : name === 'fact' ? 'nationality' : randomUUID())),
      }));
    });
}

describe('path parameters that name nothing', () => {
  it('the walk finds the routes with parameters', () => {
    const routes = new Set(urlsWith('x').map((u) => u.route));
    // A floor, so the test cannot pass by walking nothing.
    expect(routes.size).toBeGreaterThanOrEqual(30);
    expect(routes).toContain('DELETE /api/company/invitations/:id');
    expect(routes).toContain('POST /api/company/members/:userId/role');
  });

  it.each(Object.entries(BAD_VALUES))('%s: 4xx for every caller, and 400 or 404 for one who gets past the guards', async (_name, value) => {
    const problems: string[] = [];
    for (const { route, param, method, url } of urlsWith(value)) {
      const statuses: number[] = [];
      for (const [who, agent] of Object.entries(callers)) {
        const req = agent[method](url).set('Tus-Resumable', '1.0.0');
        const res = method === 'get' || method === 'delete' ? await req : await req.set('Content-Type', 'application/json').send(JSON.stringify(BODY));
        statuses.push(res.status);
        if (res.status >= 500) problems.push(`${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      // A signed link (the local driver's upload URL) that does not verify is refused as not valid: 403.
      const expected = param === 'token' ? [400, 403, 404] : [400, 404];
      if (!statuses.some((s) => expected.includes(s))) problems.push(`${route}: no caller got ${expected.join(' or ')} (${statuses.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });
});

describe('ids in request bodies', () => {
  it.each(['\u0000', '0123456789abcdef-0123456789abcdef-01', 'x'.repeat(10 * 1024)])('POST /api/company/owner with userId %# answers 400 with the message', async (userId) => {
    const company = await activeCompany(testApp);
    const res = await company.agent.post('/api/company/owner').send({ userId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'common.invalid_input', message: 'Please choose a colleague' });
  });

  it('POST /api/admin/companies/:id/verify-payment with a malformed invoiceId answers 400 with the message', async () => {
    const admin = await signedInAgent(testApp, { admin: true });
    const company = await activeCompany(testApp);
    const res = await admin.agent.post(`/api/admin/companies/${company.companyId}/verify-payment`).send({ invoiceId: '\u0000', bankReference: 'REF-1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please choose the invoice that was paid');
  });
});
