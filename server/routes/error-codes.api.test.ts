// Every error answer of the API carries a stable code from shared/errors.ts, its English text as `message` (the
// first field's own message for invalid input) and the status the code maps to: the client shows the reader's
// language for the code.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, errorText, isErrorCode, type ApiErrorBody } from '#shared/errors.ts';
import { ERROR_STATUS } from '../http/error-status.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

function expectCoded(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as ApiErrorBody;
  expect(isErrorCode(body.code)).toBe(true);
  expect(body.code).toBe(code);
  if (code === 'common.invalid_input') {
    expect(Object.values(body.fields ?? {})).toContain(body.message);
  } else {
    expect(body.message).toBe(errorText(body.code, body.params));
    expect(ERROR_STATUS[body.code]).toBe(status);
  }
}

describe('error answers', () => {
  it('carry a known code, its text and its status, whatever went wrong', async () => {
    const app = () => request(testApp.app);
    expectCoded(await app().get('/api/no-such-thing'), 404, 'common.no_api_route');
    expectCoded(await app().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":'), 400, 'common.invalid_json');
    expectCoded(await app().post('/api/auth/login').send({ email: 'x'.repeat(200_000) }), 413, 'common.body_too_large');
    expectCoded(await app().post('/api/auth/signup').send({ email: 'not an address', password: 'long enough 1' }), 400, 'common.invalid_input');
    expectCoded(await app().get('/api/auth/user'), 401, 'auth.sign_in_required');
    expectCoded(await app().post('/api/auth/login').set('Origin', 'https://evil.example').send({}), 403, 'common.cross_site');
    expectCoded(await app().put('/api/uploads/not-a-link').send('x'), 403, 'upload.link_invalid');
    expectCoded(await app().post('/api/auth/verify-email').send({ token: 'a'.repeat(43) }), 400, 'auth.verify_link_used');

    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    expectCoded(await seeker.agent.get('/api/admin/profiles'), 403, 'auth.admin_only');
    expectCoded(await seeker.agent.get('/api/candidates'), 403, 'auth.wrong_account_type');
    expectCoded(await seeker.agent.get(`/objects/cv/${randomUUID()}`), 404, 'file.not_found');
    expectCoded(await seeker.agent.post('/api/auth/set-role').send({ role: 'company' }), 409, 'auth.role_already_set');
    expectCoded(await seeker.agent.get('/api/job-seeker/profile'), 404, 'profile.not_found');

    const company = await signedInAgent(testApp, { role: 'company' });
    expectCoded(await company.agent.get('/api/candidates'), 403, 'company.subscription_inactive');

    const admin = await signedInAgent(testApp, { admin: true });
    expectCoded(await admin.agent.get(`/api/admin/emails/${randomUUID()}`), 404, 'admin.email_not_found');
    expectCoded(await admin.agent.get('/api/admin/users').query({ cursor: 'not a cursor' }), 400, 'common.invalid_cursor');

    const email = uniqueEmail('taken');
    await app().post('/api/auth/signup').set('X-Forwarded-For', '10.9.0.1').send({ email, password: 'long enough 1' }).expect(201);
    expectCoded(await app().post('/api/auth/signup').set('X-Forwarded-For', '10.9.0.2').send({ email, password: 'long enough 1' }), 409, 'auth.email_taken');
    expectCoded(await app().post('/api/auth/login').set('X-Forwarded-For', '10.9.0.3').send({ email, password: 'wrong password 1' }), 401, 'auth.wrong_credentials');
    let limited: request.Response | undefined;
    for (let i = 0; i < 12 && limited?.status !== 429; i++) {
      limited = await app().post('/api/auth/login').set('X-Forwarded-For', '10.9.0.4').send({ email, password: 'wrong password 1' });
    }
    expectCoded(limited!, 429, 'common.rate_limited');
  });

  it('every code has a status, and every status table entry a code', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
  });
});
