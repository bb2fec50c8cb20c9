// The one module that reads process.env. Everything else receives a Config.
import path from 'node:path';
import bundledFfmpeg from '@ffmpeg-installer/ffmpeg';
import bundledFfprobe from '@ffprobe-installer/ffprobe';
import type { PlanId } from '#shared/constants.ts';
import { THREAD_POOL_SIZE } from './capacity.ts';
import { envSchema } from './config-env-schema.ts';
import { billingConfig, type BillingConfig, type FfmpegConfig, type StorageConfig, type VideoConfig } from './config-parts.ts';

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** Value for Express' "trust proxy" setting, or false. */
  trustProxy: boolean | number | string;
  logLevel: string;
  shutdownTimeoutMs: number;
  dataDir: string;
  /** Set when an external PostgreSQL is used; absent means the embedded one. */
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL for the company search, when one primary is not enough; unset: the primary. */
  databaseReadUrl: string | undefined;
  databasePoolMax: number;
  productName: string;
  supportEmail: string;
  /** Where Contact Sales requests are e-mailed (SALES_EMAIL, else the support address). */
  salesEmail: string;
  earlyAccessEnd: string;
  earlyAccessFormUrl: string | undefined;
  /** Signs session cookies; when unset, one is made and kept in DATA_DIR (fine for a single process). */
  sessionSecret: string | undefined;
  sessionIdleMs: number;
  /** The bearer token that opens /metrics (Prometheus); unset, /metrics answers 404. */
  metricsToken: string | undefined;
  sessionAbsoluteMs: number;
  /** The daily backup: its time of day in UTC (minutes after midnight; undefined: none), and how many archives are kept. */
  backup: { minuteOfDay: number | undefined; keep: number };
  /** Verified addresses that are administrators. */
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; providerName: string } | undefined;
  /** Where uploaded files live: DATA_DIR/objects (local), an S3-compatible bucket or a Google Cloud Storage bucket. */
  storage: StorageConfig;
  /** Where introduction videos are kept and played from. */
  video: VideoConfig;
  /** Directory of the built client (vite build). */
  clientDir: string;
  /** Where video uploads are written while they arrive (DATA_DIR/tmp). */
  temporaryDir: string;
  /** The programs that turn uploaded videos into MP4 files every phone plays, with a poster (docs/video.md). */
  ffmpeg: FfmpegConfig;
  /** The longest introduction video the page records (seconds). */
  videoRecordSeconds: number;
  /** Where resumable video uploads wait, possibly for hours, until their last byte arrives (DATA_DIR/video-uploads),
   *  unless the storage is an S3 bucket, where they wait in the bucket. */
  videoUploadDir: string;
  /** Tax invoices: the seller (copied into each invoice when issued) and the VAT rate in basis points (5% = 500). */
  billing: BillingConfig;
  /** Seats of a company's team per plan, the owner included. */
  teamSeats: Record<PlanId, number>;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Sizes libuv's thread pool (server/capacity.ts), unless UV_THREADPOOL_SIZE is set already; answers the size. Must run
 * before the pool is first used (server/thread-pool.ts).
 */
export function sizeThreadPool(env: Record<string, string | undefined> = process.env): number {
  env.UV_THREADPOOL_SIZE ||= String(THREAD_POOL_SIZE);
  return Number(env.UV_THREADPOOL_SIZE);
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const port = e.PORT;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    salesEmail: e.SALES_EMAIL ?? e.SUPPORT_EMAIL,
    earlyAccessEnd: e.EARLY_ACCESS_END,
    earlyAccessFormUrl: e.EARLY_ACCESS_FORM_URL,
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    metricsToken: e.METRICS_TOKEN,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    backup: {
      minuteOfDay: e.BACKUP_TIME === 'off' ? undefined : Number(e.BACKUP_TIME.slice(0, 2)) * 60 + Number(e.BACKUP_TIME.slice(3)),
      keep: e.BACKUP_KEEP,
    },
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <${e.SUPPORT_EMAIL}>`,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, providerName: e.OIDC_PROVIDER_NAME }
        : undefined,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : e.STORAGE_DRIVER === 'gcs'
          ? {
              driver: 'gcs',
              bucket: e.GCS_BUCKET!,
              projectId: e.GCS_PROJECT_ID,
              keyFile: e.GCS_KEY_FILE ? path.resolve(cwd, e.GCS_KEY_FILE) : undefined,
            }
          : { driver: 'local' },
    video: e.VIDEO_DRIVER === 'vimeo' ? { driver: 'vimeo', accessToken: e.VIMEO_ACCESS_TOKEN! } : { driver: 'local' },
    clientDir: path.resolve(import.meta.dirname, '../dist/client'),
    temporaryDir: path.join(dataDir, 'tmp'),
    videoRecordSeconds: e.VIDEO_RECORD_SECONDS,
    ffmpeg: { ffmpegPath: e.FFMPEG_PATH ?? bundledFfmpeg.path, ffprobePath: e.FFPROBE_PATH ?? bundledFfprobe.path },
    videoUploadDir: path.join(dataDir, 'video-uploads'),
    billing: billingConfig(e, env),
    teamSeats: { monthly: e.TEAM_SEATS_MONTHLY, quarterly: e.TEAM_SEATS_QUARTERLY, annual: e.TEAM_SEATS_ANNUAL },
  };
}
