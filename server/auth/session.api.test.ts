import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { removeExpiredSessions } from '../services/sessions.ts';
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

  it('past their idle deadline are removed by the periodic clean-up; live ones stay and still work', async () => {
    const live = request.agent(testApp.app);
    const liveUser = await live.post('/api/auth/signup').send({ email: 'live@example.com', password: 'long enough 1' });
    const idle = request.agent(testApp.app);
    const idleUser = await idle.post('/api/auth/signup').send({ email: 'idle@example.com', password: 'long enough 1' });
    const { pool } = testApp.testDatabase.database;
    await pool.query(`update sessions set expire = now() - interval '1 second' where sess->>'userId' = $1`, [idleUser.body.id]);
    const rowsOf = async (userId: string) =>
      (await pool.query(`select count(*)::int as n from sessions where sess->>'userId' = $1`, [userId])).rows[0].n;

    expect(await removeExpiredSessions(testApp.testDatabase.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(idleUser.body.id)).toBe(0);
    expect(await rowsOf(liveUser.body.id)).toBe(1);
    expect((await live.get('/api/auth/user')).status).toBe(200);
    expect((await idle.get('/api/auth/user')).status).toBe(401);
  });
});
