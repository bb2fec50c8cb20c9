// The pools outlive their connections: a database restart (or an operator ending sessions) costs the requests in
// flight at that moment, never the process, and the next queries run on new connections.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase, type Database } from './client.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

let testDatabase: TestDatabase;
let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = createDatabase(testDatabase.url, { max: 3 });
  admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.close();
  await testDatabase.drop();
});

/** Ends a backend the way a restart or an operator does: it tells its client (FATAL 57P01) and closes. */
const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);
const backendPid = async (query: (text: string) => Promise<{ rows: { pid: number }[] }>) =>
  (await query('select pg_backend_pid() as pid')).rows[0]!.pid;

describe('a pool whose connections the database ends', () => {
  it('drops idle connections the database ended and answers on new ones', async () => {
    // Three connections, idle in the pool.
    const clients = await Promise.all([1, 2, 3].map(() => database.pool.connect()));
    const pids = await Promise.all(clients.map((client) => backendPid((text) => client.query(text))));
    for (const client of clients) client.release();
    expect(database.pool.idleCount).toBe(3);

    const removed = new Promise<void>((resolve) => {
      let count = 0;
      database.pool.on('remove', () => ++count === 3 && resolve());
    });
    for (const pid of pids) await terminate(pid);
    await removed;

    await database.ping();
    const [row] = (await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
    expect(pids).not.toContain(row!.pid);
  });

  it('keeps the process alive when a connection in use, between two statements, is ended, and does not reuse it', async () => {
    const client = await database.pool.connect();
    const pid = await backendPid((text) => client.query(text));
    // Not events.once: it would listen for 'error' itself, and the point is what happens without a listener of ours.
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    await terminate(pid);
    // Without a listener for the client's 'error' (a pool listens only while a connection is idle), the error
    // event it raises now would end the process.
    await ended;
    await expect(client.query('select 1')).rejects.toThrow(/not queryable/);
    client.release();

    await database.ping();
    expect(await backendPid((text) => database.pool.query(text))).not.toBe(pid);
  });
});
