// Builds the real app on a fresh test database, for supertest and browser tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createApp, publicConfig, type AppDeps } from '../app.ts';
import { systemClock, type Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { serveBuiltClient } from '../http/client.ts';
import { loadPublicPageRenderer, pageRendererBeside } from '../http/public-page-renderer.ts';
import { employerPage } from '../services/employers.ts';
import { createLocalStorage } from '../storage/local.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { createLocalVideoHost } from '../video/local.ts';
import type { VideoHost } from '../video/video-host.ts';
import { createFileVideoUploadStore, type VideoUploadStore } from '../video/video-upload-store.ts';
import { startVideoProcessing } from '../jobs/process-videos.ts';
import { startDataExports } from '../jobs/data-exports.ts';
import { startAccountDeletions } from '../jobs/account-deletions.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { createMetrics, type Metrics } from '../metrics.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** The app's counts for /metrics, when asked for. */
  metrics?: Metrics;
  config: Config;
  testDatabase: TestDatabase;
  storage: ObjectStorage;
  /** The external services the app was built with, for tests that build another app on the same ones. */
  services: { storage: ObjectStorage; videoHost: VideoHost; videoUploads: VideoUploadStore };
  close(): Promise<void>;
}


/**
 * Argon2id at its least cost: the tests sign up and in over a thousand people a run, and at the product's cost each hash
 * is 30-40 ms of a core (about 40 of a run's processor-seconds). The product's cost is checked in
 * server/auth/passwords.test.ts and, under a burst of sign-ups, in e2e/sign-up-burst.e2e.test.ts.
 */
const TEST_PASSWORD_COST = { memory: 64, passes: 1, parallelism: 1 };

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    serveClient?: boolean;
    mailer?: { kick(): void };
    /** Builds the OpenID Connect routes on the test database. */
    oidc?: (db: Db) => Promise<NonNullable<AppDeps['oidc']>>;
    /** A read replica for the company search (DATABASE_READ_URL). */
    readDatabase?: AppDeps['readDatabase'];
    /** Another storage driver than the local one (a bucket's contract test). */
    storage?: ObjectStorage;
    /** Another store of resumable video uploads than DATA_DIR/video-uploads (the bucket's). */
    videoUploads?: VideoUploadStore;
    /** A logger whose lines a test reads; silent otherwise. */
    logger?: Logger;
    /** Runs the workers that make copies of data and erase deleted accounts, as the product does (else tests run
     *  them by hand: server/test/account-data.ts). */
    accountJobs?: boolean;
    /** Counts for /metrics, as the product does (GET /metrics also needs METRICS_TOKEN in env). */
    metrics?: boolean;
  } = {},
): Promise<TestApp> {
  // Files of this test (objects, temporary uploads) live in a directory of its own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough',
    ...options.env,
  });
  const testDatabase = await createTestDatabase();
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? createLocalStorage({ root: path.join(dataDir, 'objects'), secret: config.sessionSecret!, clock });
  const videoHost = createLocalVideoHost({ db: testDatabase.database.db, storage });
  const videoUploads = options.videoUploads ?? createFileVideoUploadStore(config.videoUploadDir);
  // As in production: the public pages arrive rendered, by the renderer built beside the client.
  const renderer = options.serveClient
    ? loadPublicPageRenderer(pageRendererBeside(config.clientDir), (error) => {
        throw error;
      })
    : undefined;
  const client = options.serveClient
    ? serveBuiltClient(config.clientDir, () => publicConfig(config, clock), config.publicUrl, {
        renderer,
        findEmployer: (slug) => employerPage(testDatabase.database.db, slug, clock.now()),
      })
    : undefined;
  const silent = pino({ level: 'silent' });
  const accountJobs = options.accountJobs
    ? {
        exports: startDataExports({
          db: testDatabase.database.db,
          clock,
          storage,
          productName: config.productName,
          publicUrl: config.publicUrl,
          secret: config.sessionSecret!,
          temporaryDir: config.temporaryDir,
          logger: options.logger ?? silent,
          mailer: options.mailer ?? { kick() {} },
          intervalMs: 500,
        }),
        deletions: startAccountDeletions({ db: testDatabase.database.db, clock, storage, videoHost, logger: options.logger ?? silent, intervalMs: 500 }),
      }
    : undefined;
  const metrics = options.metrics ? createMetrics(testDatabase.database) : undefined;
  const app = createApp({
    passwordCost: TEST_PASSWORD_COST,
    metrics,
    config,
    database: testDatabase.database,
    logger: options.logger ?? pino({ level: 'silent' }),
    clock,
    client,
    storage,
    videoHost,
    videoUploads,
    mailer: options.mailer,
    readDatabase: options.readDatabase,
    oidc: options.oidc ? await options.oidc(testDatabase.database.db) : undefined,
    accountJobs,
  });
  return {
    app,
    metrics,
    config,
    testDatabase,
    storage,
    services: { storage, videoHost, videoUploads },
    async close() {
      await Promise.all([accountJobs?.exports.stop(), accountJobs?.deletions.stop()]);
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app listening on a free loopback port, for a real browser. */
export async function startTestServer(
  options: Parameters<typeof createTestApp>[0] & { port?: number; /** Runs the video worker, as the product does. */ processVideos?: boolean } = {},
): Promise<TestApp & { baseUrl: string }> {
  const testApp = await createTestApp({ serveClient: true, ...options });
  const videoWorker = options.processVideos
    ? startVideoProcessing({
        db: testApp.testDatabase.database.db,
        storage: testApp.storage,
        clock: options.clock ?? systemClock,
        ffmpeg: testApp.config.ffmpeg,
        temporaryDir: testApp.config.temporaryDir,
        logger: options.logger ?? pino({ level: 'silent' }),
        // Often, so a browser test waits for the video and not for the timer.
        intervalMs: 250,
      })
    : undefined;
  const server: Server = createServer(testApp.app);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    ...testApp,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await videoWorker?.stop();
      await testApp.close();
    },
  };
}
