// createApp builds the Express app from its dependencies; it never listens (index.ts does).
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { ClientHandler } from './http/client.ts';
import { apiNotFound, errorHandler } from './http/errors.ts';
import { DomainError } from './domain-error.ts';
import { requestLogger } from './logger.ts';
import { loadCurrentUser } from './auth/current-user.ts';
import type { PasswordCost } from './auth/passwords.ts';
import { sessionMiddleware } from './auth/session.ts';
import { requireSameOrigin } from './http/same-origin.ts';
import { authRouter } from './routes/auth.ts';
import { videoRouter } from './routes/video.ts';
import { videoTusRouter } from './routes/video-tus.ts';
import type { VideoUploadStore } from './video/video-upload-store.ts';
import { jobSeekerRouter } from './routes/job-seeker.ts';
import { adminRouter } from './routes/admin.ts';
import { adminCompaniesRouter } from './routes/admin-companies.ts';
import { adminConsoleRouter } from './routes/admin-console.ts';
import { adminSystemRouter } from './routes/admin-system.ts';
import { createBackupStore } from './backup/backup-store.ts';
import { PRODUCT_VERSION } from './version.ts';
import { companyRouter } from './routes/company.ts';
import type { VideoHost } from './video/video-host.ts';
import { localUploadRouter, objectFilesRouter, objectsApiRouter } from './routes/objects.ts';
import { careersRouter } from './routes/careers.ts';
import { salesRequestsRouter } from './routes/sales-requests.ts';
import { companyTeamRouter } from './routes/company-team.ts';
import { candidatesRouter } from './routes/candidates.ts';
import { savedSearchesRouter } from './routes/saved-searches.ts';
import { employerTrustRouter } from './routes/employer-trust.ts';
import { sessionsRouter } from './routes/sessions.ts';
import { accountDataRouter } from './routes/account-data.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import { accountContext } from './services/account-context.ts';
import { healthRouter } from './routes/health.ts';
import { searchEnginesRouter } from './routes/search-engines.ts';
import { metricsEndpoint, type Metrics } from './metrics.ts';
import { isEarlyAccessActive, type PublicConfig } from '#shared/public-config.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** A read replica for the company search (DATABASE_READ_URL); the search reads `database` without one. */
  readDatabase?: Database;
  logger: Logger;
  clock?: Clock;
  /** Told when an e-mail was queued, so it goes out at once rather than at the next poll. */
  mailer?: { kick(): void };
  /** Where uploads go. */
  storage: ObjectStorage;
  videoHost: VideoHost;
  /** Where resumable video uploads wait until their last byte (the bucket with the s3 driver, else the disk). */
  videoUploads: VideoUploadStore;
  /** OpenID Connect routes (/api/login, /api/callback, /api/logout), when a provider is configured. */
  oidc?: express.Router;
  /** Serves the client; absent in API-only tests. */
  client?: ClientHandler;
  /** The workers that make copies of data and erase deleted accounts, told when there is work (tests run them
   *  by hand). */
  accountJobs?: { exports: { kick(): void }; deletions: { kick(): void } };
  /** This process's numbers for Prometheus (GET /metrics with config.metricsToken); without, /metrics is 404. */
  metrics?: Metrics;
  /** What a new password's hash costs; the product's is PASSWORD_PARAMS. Tests that sign hundreds of people up pass
   *  a cheaper one (docs/architecture.md, Tests). */
  passwordCost?: PasswordCost;
}

export function publicConfig(config: Config, clock: Clock): PublicConfig {
  return {
    productName: config.productName,
    supportEmail: config.supportEmail,
    salesEmail: config.salesEmail,
    earlyAccessEnd: config.earlyAccessEnd,
    earlyAccessActive: isEarlyAccessActive(config.earlyAccessEnd, clock.now()),
    earlyAccessFormUrl: config.earlyAccessFormUrl ?? null,
    oidcProviderName: config.oidc?.providerName ?? null,
    videoRecordSeconds: config.videoRecordSeconds,
  };
}

/** External origins are added only for drivers that need them (local storage and video need none): the browser
 *  PUTs uploads to the storage's origin, and the client embeds the video host's player in an iframe. */
export function contentSecurityPolicy(env: Config['env'], external: { uploadOrigin?: string; playerOrigin?: string } = {}) {
  const development = env === 'development';
  const connectSrc = development ? ["'self'", 'ws:'] : ["'self'"];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // Vite's dev server injects an inline hot-reload preamble; the built client needs none.
      scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: external.uploadOrigin ? [...connectSrc, external.uploadOrigin] : connectSrc,
      // The offline shell's service worker (/sw.js); said outright rather than left to fall back to script-src.
      workerSrc: ["'self'"],
      ...(external.playerOrigin ? { frameSrc: ["'self'", external.playerOrigin] } : {}),
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  };
}

export function createApp(deps: AppDeps): express.Express {
  const { config, database, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? { kick() {} };
  if (!config.sessionSecret) throw new Error('createApp needs config.sessionSecret');
  const app = express();

  app.disable('x-powered-by');
  // API answers are per account and change with the data; hashing every body for an ETag cost CPU on each answer
  // and saved nothing. Static files keep theirs (express.static makes its own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogger(logger));
  if (deps.metrics) app.use(deps.metrics.timeRequests);
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(config.env, {
        uploadOrigin: deps.storage.uploadOrigin,
        playerOrigin: deps.videoHost.playerOrigin,
      }),
    }),
  );
  // Phones on mobile data: every text answer (pages, scripts, JSON) goes out compressed.
  app.use(compression());
  app.use(requireSameOrigin(config.publicUrl));

  app.use(healthRouter(database));
  if (deps.metrics) app.get('/metrics', metricsEndpoint(deps.metrics, config.metricsToken));

  // Who is asking matters for the API and for files; not for the client's static assets.
  app.use(
    ['/api', '/objects'],
    sessionMiddleware({ database, secret: config.sessionSecret, idleMs: config.sessionIdleMs }),
    loadCurrentUser(database.db, clock, config.sessionAbsoluteMs),
  );
  const uploads = { db: database.db, storage: deps.storage, clock };

  const api = express.Router();
  if (deps.storage.receiveUpload) api.use(localUploadRouter(uploads));
  // Before the body parsers: tus streams its PATCH bodies (application/offset+octet-stream) straight to disk.
  api.use(videoTusRouter({ db: database.db, clock, videoHost: deps.videoHost, uploads: deps.videoUploads, logger }));
  api.use(express.json({ limit: '100kb' }));
  // First: the Job Seeker Database is the busiest part of the API, and every router before it is tried in turn.
  api.use(candidatesRouter({ db: database.db, readDb: deps.readDatabase?.db, clock, searchSeconds: deps.metrics?.searchSeconds }));
  api.use(savedSearchesRouter({ db: database.db, clock, secret: config.sessionSecret }));

  api.use('/auth', authRouter(accountContext(config, database.db, clock, deps.passwordCost), mailer));
  api.use('/auth', sessionsRouter({ db: database.db, clock, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs }));
  api.use(
    accountDataRouter({
      db: database.db,
      clock,
      storage: deps.storage,
      productName: config.productName,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      oidcProviderName: config.oidc?.providerName ?? null,
      jobs: deps.accountJobs ?? { exports: { kick() {} }, deletions: { kick() {} } },
    }),
  );
  api.use(objectsApiRouter(uploads));
  api.use(careersRouter({ ...uploads, productName: config.productName, publicUrl: config.publicUrl, supportEmail: config.supportEmail }, mailer));
  api.use(salesRequestsRouter({ db: database.db, clock, productName: config.productName, publicUrl: config.publicUrl, salesEmail: config.salesEmail }, mailer));
  api.use(jobSeekerRouter({ db: database.db, clock, videoHost: deps.videoHost, videoUploads: deps.videoUploads }));
  api.use(adminRouter({ db: database.db, clock, productName: config.productName, publicUrl: config.publicUrl, mailer, videoHost: deps.videoHost }));
  const companies = { db: database.db, clock, productName: config.productName, publicUrl: config.publicUrl, billing: config.billing, teamSeats: config.teamSeats, mailer };
  api.use(companyRouter(companies));
  api.use(companyTeamRouter(companies));
  api.use(adminCompaniesRouter(companies));
  api.use(adminConsoleRouter({ db: database.db, clock, mailer }));
  api.use(
    adminSystemRouter({ db: database.db, clock, version: PRODUCT_VERSION, dailyBackupMinute: config.backup.minuteOfDay, backups: createBackupStore(config, deps.storage), productName: config.productName }),
  );
  api.use(videoRouter({ db: database.db, clock, videoHost: deps.videoHost, tempDir: config.temporaryDir }));
  api.use(employerTrustRouter({ ...uploads, productName: config.productName, publicUrl: config.publicUrl, secret: config.sessionSecret, mailer }));
  if (deps.oidc) api.use(deps.oidc);
  api.use(apiNotFound);
  app.use('/api', api);
  app.use(objectFilesRouter(uploads));

  app.use(searchEnginesRouter({ db: database.db, clock, publicUrl: config.publicUrl }));
  if (deps.client) app.use(deps.client.router);
  app.use((_req, _res, next) => next(new DomainError('common.not_found')));
  app.use(errorHandler);
  return app;
}
