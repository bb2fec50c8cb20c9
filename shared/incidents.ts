// What the product tells every administrator about when it is unwell, and what it knows of each kind
// (docs/operations.md, "Incidents"). The facts are kept in incidents.detail; times are ISO strings.
export const INCIDENT_KINDS = ['backup_failed', 'emails_failing', 'video_job_stuck'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export interface BackupFailedDetail {
  /** When the backup failed: it finished with an error, or its lease ran out with nobody taking it over. */
  since: string;
  startedAt: string;
  /** 'daily' or 'command' (npm run backup). */
  trigger: string;
  outcome: 'failed' | 'abandoned';
  /** What the backup maker recorded; empty when it recorded nothing (an abandoned backup). */
  error: string;
}

export interface EmailsFailingDetail {
  /** When the oldest e-mail not delivered was written. */
  since: string;
  /** How many e-mails are not delivered (see the definition in server/services/incidents.ts). */
  emails: number;
  /** The mail server's last answer to one of them. */
  lastError: string;
}

export interface VideoJobStuckDetail {
  /** When the oldest video still waiting was queued. */
  since: string;
  videos: number;
}

export type IncidentFacts =
  | { kind: 'backup_failed'; detail: BackupFailedDetail }
  | { kind: 'emails_failing'; detail: EmailsFailingDetail }
  | { kind: 'video_job_stuck'; detail: VideoJobStuckDetail };
