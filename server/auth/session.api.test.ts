import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('sessions', () => {
  it('survive a restart: a new app process on the same database knows the cookie', async () => {
    const signup = await request(testApp.app).post('/api/auth/signup').send({ email: 'restart@example.com', password: 'long enough 1' });
    const cookie = signup.headers['set-cookie']![0]!.split(';')[0]!;

    // Another process of the same build: nothing shared but the database and the secret.
    const restarted = createApp({ config: testApp.config, database: testApp.testDatabase.database, logger: pino({ level: 'silent' }), ...testApp.services });
    const me = await request(restarted).get('/api/auth/user').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('restart@example.com');
  });

  it('are stored in the sessions table and removed at sign-out', async () => {
    const agent = request.agent(testApp.app);
    await agent.post('/api/auth/signup').send({ email: 'stored@example.com', password: 'long enough 1' });
    const count = async () =>
      (await testApp.testDatabase.database.pool.query(`select count(*)::int as n from sessions where sess->>'userId' is not null`)).rows[0].n;
    const before = await count();
    await agent.post('/api/auth/logout');
    expect(await count()).toBe(before - 1);
  });

  it('refuse a cookie signed with another secret', async () => {
    const signup = await request(testApp.app).post('/api/auth/signup').send({ email: 'forged@example.com', password: 'long enough 1' });
    const cookie = signup.headers['set-cookie']![0]!.split(';')[0]!;
    const other = createApp({
      config: { ...testApp.config, sessionSecret: 'a-completely-different-secret-of-length' },
      database: testApp.testDatabase.database,
      logger: pino({ level: 'silent' }),
      ...testApp.services,
    });
    expect((await request(other).get('/api/auth/user').set('Cookie', cookie)).status).toBe(401);
  });
});
