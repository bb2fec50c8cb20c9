// Starts one throwaway PostgreSQL for the test run (or uses TEST_DATABASE_URL), migrates a template
// database, and tells the tests where it is. Each test file clones the template (server/test/database.ts).
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrlFor } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}


export default async function setup(project: TestProject) {
  const templateDatabase = `wazifa_template_${process.pid}`;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;

  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-test-'));
    // As root the cluster runs as user postgres, who must be able to enter the directory.
    await chmod(tempDir, 0o755);
    // On a socket in its directory, like the product's: no port to find or to collide on.
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir, database: 'postgres', use: 'own' });
    adminUrl = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${templateDatabase}"`);
  await admin.query(`create database "${templateDatabase}"`);
  await admin.end();

  const template = createDatabase(databaseUrlFor(adminUrl, templateDatabase), { max: 2 });
  await runMigrations(template);
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${templateDatabase}" with (force)`);
    await client.end();
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
