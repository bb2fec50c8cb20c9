// A fresh, migrated database for one test file, cloned from the template made by global-setup.ts.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, databaseUrlFor, type Database } from '../db/client.ts';

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `wazifa_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject('templateDatabase')}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(adminUrl, name);
  const database = createDatabase(url, { max: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
