// The admin command as an operator runs it, against a real database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '#shared/schema.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/database.ts';

const run = promisify(execFile);
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.database.db.insert(users).values([{ email: 'ops@wazifa.example' }, { email: 'owner@wazifa.example', isAdmin: true }]);
});
afterAll(() => testDb.drop());

async function admin(...args: string[]) {
  const { stdout } = await run(process.execPath, [path.resolve(import.meta.dirname, 'admin.ts'), ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' },
  });
  return stdout.trim();
}

describe('npm run admin', () => {
  // Five commands one after another, each a Node process that starts, connects and ends: about 1.5 s each on an idle
  // 2-core machine, 4 s beside the rest of the tests, which once took the whole 20 s of an API test.
  it('grants, refuses to remove the last admin, and revokes with an audit row each time', { timeout: 60_000 }, async () => {
    expect(await admin('grant', 'OPS@wazifa.example')).toBe('ops@wazifa.example is now an administrator.');
    expect(await admin('grant', 'ops@wazifa.example')).toBe('ops@wazifa.example is already an administrator; nothing changed.');
    expect(await admin('revoke', 'owner@wazifa.example')).toBe('owner@wazifa.example is no longer an administrator.');
    expect(await admin('revoke', 'ops@wazifa.example')).toBe('ops@wazifa.example is the last administrator and stays one.');
    expect(await admin('grant', 'nobody@wazifa.example')).toBe('No account uses nobody@wazifa.example. The person must sign up first.');

    const ops = await testDb.database.db.query.users.findFirst({ where: eq(users.email, 'ops@wazifa.example') });
    expect(ops!.isAdmin).toBe(true);
    const actions = (await testDb.database.db.select().from(auditLog).orderBy(auditLog.id)).map((row) => row.action);
    expect(actions).toEqual(['admin.grant', 'admin.revoke']);
  });

  it('explains its usage', async () => {
    await expect(admin('promote')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('npm run admin -- grant <email>') });
  });
});
