// The console's System page (GET /api/admin/system): what an operator of the product checks to know it is healthy.
import type { AdminEmail } from './admin.ts';

export const BACKUP_TRIGGERS = ['daily', 'command'] as const;
export const BACKUP_STATES = ['running', 'succeeded', 'failed'] as const;

/** How many of the latest backups the page lists. */
export const BACKUPS_SHOWN = 14;

export interface SystemBackup {
  id: string;
  /** 'daily': the server's own; 'command': npm run backup. */
  trigger: (typeof BACKUP_TRIGGERS)[number];
  state: (typeof BACKUP_STATES)[number];
  startedAt: string;
  finishedAt: string | null;
  /** Bytes of the archive, once made. */
  size: number | null;
  /** Why it failed, for the operator. */
  errorDetail: string | null;
  /** When the archive was removed to keep only the latest (BACKUP_KEEP). */
  removedAt: string | null;
  /** Its archive is kept: GET /api/admin/backups/:id/download. */
  downloadable: boolean;
}

/** The work queues and the states in which their items wait or stopped. */
export const JOB_QUEUES = {
  outbox: ['pending', 'failed'],
  video_jobs: ['queued', 'running', 'failed'],
  data_exports: ['queued', 'running', 'failed'],
  account_deletions: ['queued', 'running', 'failed'],
} as const;
export type JobQueue = keyof typeof JOB_QUEUES;

export interface JobBacklog {
  queue: JobQueue;
  state: string;
  items: number;
  /** Seconds since the oldest of them was queued; null when there is none. */
  oldestAgeSeconds: number | null;
}

/** Bytes and how many things hold them. */
export interface StorageFigure {
  count: number;
  bytes: number;
}

export interface SystemIncident {
  id: string;
  /** 'backup_failed', 'emails_failing' or 'video_job_stuck'. */
  kind: string;
  openedAt: string;
  detail: Record<string, string | number>;
}

export interface SystemInstance {
  id: string;
  host: string;
  pid: number;
  version: string;
  startedAt: string;
  seenAt: string;
}

/** How far back the page looks for e-mails given up on. */
export const FAILED_EMAILS_HOURS = 24;
/** At most this many of them are listed (the E-mails page has them all). */
export const FAILED_EMAILS_SHOWN = 20;

export interface SystemStatus {
  /** When the server read these figures. */
  checkedAt: string;
  /** The latest backups, newest first. */
  backups: SystemBackup[];
  /** The minute of the day, in UTC, at which the server backs up every day; null when daily backups are off. */
  dailyBackupMinute: number | null;
  /** Every queue and state, with 0 items where nothing waits. */
  backlogs: JobBacklog[];
  /** E-mails given up on in the last FAILED_EMAILS_HOURS, newest first, and how many there are. */
  failedEmails: { items: AdminEmail[]; total: number };
  /** PostgreSQL's own size of the database. */
  databaseBytes: number;
  /**
   * The files the product keeps, by what they are: uploaded files in its storage (CVs, videos, pictures, documents;
   * videos kept by a video host are not counted), copies of data waiting to be downloaded, and backup archives kept.
   */
  storage: { files: StorageFigure; dataExports: StorageFigure; backups: StorageFigure };
  /** The version of the product answering (package.json). */
  version: string;
  /** The last migration the database has (its name, e.g. 0031_operations); null when this version does not know it. */
  migration: string | null;
  /** Incidents not resolved yet, oldest first. */
  incidents: SystemIncident[];
  /** Server processes seen in the last minute. */
  instances: SystemInstance[];
}
