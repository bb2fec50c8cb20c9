// Starts the product: config -> database (embedded unless DATABASE_URL) -> migrations -> app -> listen.
// Stops cleanly on SIGTERM/SIGINT: no new connections, requests in flight finish, pool closed, database stopped.
import './thread-pool.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Server } from 'node:http';
import { createApp, publicConfig } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { loadOrCreateSessionSecret } from './auth/session.ts';
import { serveBuiltClient, serveClientWithVite, type ClientHandler } from './http/client.ts';
import { loadPublicPageRenderer, pageRendererBeside } from './http/public-page-renderer.ts';
import { employerPage } from './services/employers.ts';
import { createLogger } from './logger.ts';
import { createOidcRouter } from './routes/oidc.ts';
import { accountContext } from './services/account-context.ts';
import { settlePasswordResetRequests } from './services/account-passwords.ts';
import { createStorage } from './storage/create-storage.ts';
import { createVideoUploadStore } from './video/create-video-upload-store.ts';
import { uploadGarbageCollection } from './video/upload-memory.ts';
import { startSavedSearchAlerts } from './jobs/saved-search-alerts.ts';
import { startStillLookingAsks } from './jobs/still-looking-asks.ts';
import { startProfileActivityEmails } from './jobs/profile-activity-emails.ts';
import { createVideoHost } from './video/create-video-host.ts';
import { startUploadCleanUp } from './jobs/clean-up-uploads.ts';
import { startSubscriptionReminders } from './jobs/subscription-reminders.ts';
import { startVideoProcessing } from './jobs/process-videos.ts';
import { startDataExports } from './jobs/data-exports.ts';
import { startAccountDeletions } from './jobs/account-deletions.ts';
import { startExpiredSessionRemoval } from './jobs/expired-sessions.ts';
import { createLogTransport, createSmtpTransport } from './mail/transport.ts';
import { startOutboxWorker } from './mail/worker.ts';
import { createMetrics } from './metrics.ts';
import { backupContextFrom } from './services/backups.ts';
import { startDailyBackup } from './jobs/daily-backup.ts';
import { startIncidentWatch } from './jobs/incident-watch.ts';
import { startInstanceHeartbeat } from './jobs/instance-heartbeat.ts';
import { PRODUCT_VERSION } from './version.ts';

const startedAt = performance.now();

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.logLevel);
const cleanups: Array<() => Promise<void>> = [];

async function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (err) {
      logger.error({ err }, 'shutdown step failed');
    }
  }
}

async function start(): Promise<Server> {
  // The database first: a DATA_DIR it cannot use is refused before anything is written there.
  const { database, url: databaseUrl, close } = await openDatabase(config, { logger });
  cleanups.push(close);
  const readDatabase = config.databaseReadUrl ? createDatabase(config.databaseReadUrl, { max: config.databasePoolMax }) : undefined;
  if (readDatabase) cleanups.push(() => readDatabase.close());
  // A secret kept in DATA_DIR goes into the backups, so links and sessions survive a restore.
  const keptSessionSecret = config.sessionSecret ? undefined : await loadOrCreateSessionSecret(config.dataDir);
  if (keptSessionSecret) config = { ...config, sessionSecret: keptSessionSecret };

  const getPublicConfig = () => publicConfig(config, systemClock);
  const client: ClientHandler =
    config.env === 'development'
      ? await serveClientWithVite(path.resolve(import.meta.dirname, '..'), getPublicConfig, config.publicUrl)
      : serveBuiltClient(
          config.clientDir,
          getPublicConfig,
          config.publicUrl,
          {
            renderer: loadPublicPageRenderer(pageRendererBeside(config.clientDir), (err, page) =>
              logger.error({ err, page }, 'a public page could not be rendered; the app renders it in the browser'),
            ),
            findEmployer: (slug) => employerPage(database.db, slug, systemClock.now()),
          },
        );
  cleanups.push(() => client.close());

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLogTransport(logger);
  const metrics = createMetrics(database);
  const mailer = startOutboxWorker({
    database,
    transport,
    from: config.mailFrom,
    logger,
    onDelivered: metrics.countDelivery,
  });
  cleanups.push(async () => {
    await mailer.stop();
    await transport.close?.();
  });
  // Reset requests are written after their answer: the last ones are written before the mailer and the database stop.
  cleanups.push(() => settlePasswordResetRequests(database.db));

  const oidc = config.oidc
    ? await createOidcRouter({
        oidc: config.oidc,
        publicUrl: config.publicUrl,
        accounts: accountContext(config, database.db, systemClock),
      })
    : undefined;

  const storage = await createStorage(config, systemClock);
  const videoHost = await createVideoHost(config, { db: database.db, storage });
  logger.info({ storage: config.storage.driver, video: config.video.driver }, 'file and video drivers');
  if (!uploadGarbageCollection) {
    logger.warn('node was started without --expose-gc: each video upload may grow memory by about 50 MiB until a full collection (docs/video.md, "Memory")');
  }

  const videoUploads = await createVideoUploadStore(config);
  // Resumable uploads wait here (unless they wait in the bucket); the clean-up lists it from its first run on.
  if (videoUploads.directory) await mkdir(videoUploads.directory, { recursive: true });
  const cleanUp = startUploadCleanUp({
    db: database.db,
    storage,
    videoHost,
    clock: systemClock,
    logger,
    // The resumable video uploads' directory too: what a crash left half-written there (a file without its info).
    temporaryDirs: [config.temporaryDir, ...(videoUploads.directory ? [videoUploads.directory] : []), ...(storage.temporaryDir ? [storage.temporaryDir] : [])],
    videoUploads,
  });
  cleanups.push(() => cleanUp.stop());
  const videoProcessing = startVideoProcessing({
    db: database.db,
    storage,
    clock: systemClock,
    ffmpeg: config.ffmpeg,
    temporaryDir: config.temporaryDir,
    logger,
    onFinished: (result) => metrics.videoJobs.inc({ result }),
  });
  cleanups.push(() => videoProcessing.stop());

  // What every e-mailing job is given. The secret is set by now: from SESSION_SECRET, or kept in DATA_DIR (see above).
  const mailing = {
    db: database.db,
    clock: systemClock,
    productName: config.productName,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret!,
    logger,
    mailer,
  };
  for (const job of [
    startSubscriptionReminders(mailing),
    startSavedSearchAlerts(mailing),
    startStillLookingAsks(mailing),
    startProfileActivityEmails(mailing),
    startIncidentWatch(mailing),
  ]) {
    cleanups.push(() => job.stop());
  }
  const dataExports = startDataExports({ ...mailing, storage, temporaryDir: config.temporaryDir });
  cleanups.push(() => dataExports.stop());
  const accountDeletions = startAccountDeletions({ db: database.db, clock: systemClock, storage, videoHost, logger });
  cleanups.push(() => accountDeletions.stop());
  const expiredSessions = startExpiredSessionRemoval({ db: database.db, clock: systemClock, logger });
  cleanups.push(() => expiredSessions.stop());
  const heartbeat = startInstanceHeartbeat({ db: database.db, clock: systemClock, logger, version: PRODUCT_VERSION });
  cleanups.push(() => heartbeat.stop());
  if (config.backup.minuteOfDay !== undefined) {
    const dailyBackup = startDailyBackup({
      ...backupContextFrom(config, { db: database.db, databaseUrl, storage, clock: systemClock, logger, sessionSecret: keptSessionSecret }),
      logger,
      minuteOfDay: config.backup.minuteOfDay,
    });
    cleanups.push(() => dailyBackup.stop());
  }
  if (config.billing.placeholders.length > 0) {
    logger.warn({ variables: config.billing.placeholders }, 'invoices show placeholder seller details; set these variables before issuing real invoices');
  }

  const app = createApp({
    config,
    database,
    readDatabase,
    logger,
    client,
    clock: systemClock,
    mailer,
    oidc,
    storage,
    videoHost,
    videoUploads,
    accountJobs: { exports: dataExports, deletions: accountDeletions },
    metrics,
  });
  return await new Promise<Server>((resolve, reject) => {
    const server = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(server)));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive connections would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('requests still running at the shutdown deadline; closing their connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs).unref();
  });
}

try {
  const server = await start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`, startupMs: Math.round(performance.now() - startedAt) },
    `${config.productName} is listening`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await closeServer(server);
    await runCleanups();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  await runCleanups();
  process.exit(1);
}
