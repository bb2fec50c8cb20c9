// Incidents: what every administrator must hear about, once when it begins and once when it ends (docs/operations.md,
// "Incidents"). Each kind has a check that reads the product's own tables and answers what is wrong, or nothing;
// settleIncident() turns that answer into at most one open incident of the kind, with its e-mails.
//
// Once only, across instances: the check and what follows from it run in one transaction under an advisory lock of
// the kind, so two instances take turns and the second sees what the first committed. Without it, an instance that
// checked before a recovery could open a fresh incident just after another one resolved the old. The partial unique
// index (one open incident per kind) with ON CONFLICT DO NOTHING, and the resolution's `resolved_at is null`, keep
// the rule in the database as well. The e-mails are outbox rows written in the same transaction: an incident
// opened or resolved is told exactly once to each administrator, and one that was not is told nothing.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, min, ne, or, sql } from 'drizzle-orm';
import type { BackupFailedDetail, EmailsFailingDetail, IncidentFacts, IncidentKind, VideoJobStuckDetail } from '#shared/incidents.ts';
import { backups, emailOutbox, incidents, users, videoJobs } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { incidentOpenedTemplate, incidentResolvedTemplate } from '../mail/incident-templates.ts';
import { enqueueEmail, type DbOrTx } from '../mail/outbox.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A backup whose lease ran out this long ago, with nobody taking it over, is taken as failed. */
export const BACKUP_ABANDONED_AFTER_MS = HOUR_MS;
/** How long e-mails fail before the team is told. */
export const EMAILS_FAILING_AFTER_MS = HOUR_MS;
/** How long a video may wait to be made playable before the team is told. */
export const VIDEO_STUCK_AFTER_MS = HOUR_MS;

export interface IncidentContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

/**
 * backup_failed: the latest backup to end failed. A backup ends when it finishes (succeeded or failed), or when its
 * lease ran out more than an hour ago with nobody taking it over (its maker died: taken as failed). Ordered by when
 * each ended, so the incident lasts until a later backup succeeds.
 */
export async function failedBackup(db: DbOrTx, now: Date): Promise<BackupFailedDetail | undefined> {
  const abandonedBefore = new Date(now.getTime() - BACKUP_ABANDONED_AFTER_MS);
  const endedAt = sql<Date>`coalesce(${backups.finishedAt}, ${backups.leaseUntil}, ${backups.startedAt})`;
  const [latest] = await db
    .select({
      state: backups.state,
      trigger: backups.trigger,
      startedAt: backups.startedAt,
      finishedAt: backups.finishedAt,
      leaseUntil: backups.leaseUntil,
      errorDetail: backups.errorDetail,
    })
    .from(backups)
    .where(or(inArray(backups.state, ['succeeded', 'failed']), and(eq(backups.state, 'running'), lt(backups.leaseUntil, abandonedBefore))))
    .orderBy(desc(endedAt), desc(backups.startedAt))
    .limit(1);
  if (!latest || latest.state === 'succeeded') return undefined;
  const abandoned = latest.state === 'running';
  return {
    since: (abandoned ? latest.leaseUntil! : (latest.finishedAt ?? latest.startedAt)).toISOString(),
    startedAt: latest.startedAt.toISOString(),
    trigger: latest.trigger,
    outcome: abandoned ? 'abandoned' : 'failed',
    error: (latest.errorDetail ?? '').slice(0, 500),
  };
}

/**
 * emails_failing: an e-mail written more than an hour ago is not delivered, after at least one attempt the mail
 * server refused (still pending with its error, or given up: status 'failed'), and no e-mail written after it has
 * been delivered ('sent', or 'logged' without SMTP) since. The worker tries a new e-mail at once, so "written more than
 * an hour ago" is "failing for more than an hour". It ends as soon as any later e-mail goes out: delivery works again,
 * even while the older ones wait for their next retry. One refused address alone, on a quiet day, also counts: the
 * team hears of it and of its end when the next e-mail is delivered.
 */
export async function failingEmails(db: DbOrTx, now: Date): Promise<EmailsFailingDetail | undefined> {
  // The newest e-mail delivered, by when it was written: two backward reads of the (status, created_at) index.
  const lastDelivered = sql`greatest(
    (select max(d.created_at) from ${emailOutbox} d where d.status = 'sent'),
    (select max(d.created_at) from ${emailOutbox} d where d.status = 'logged'))`;
  const [row] = await db
    .select({
      emails: count(),
      since: min(emailOutbox.createdAt),
      lastError: sql<string | null>`(array_agg(${emailOutbox.lastError} order by ${emailOutbox.createdAt} desc))[1]`,
    })
    .from(emailOutbox)
    .where(
      and(
        or(and(eq(emailOutbox.status, 'pending'), isNotNull(emailOutbox.lastError)), eq(emailOutbox.status, 'failed')),
        lt(emailOutbox.createdAt, new Date(now.getTime() - EMAILS_FAILING_AFTER_MS)),
        sql`${emailOutbox.createdAt} > coalesce(${lastDelivered}, '-infinity'::timestamptz)`,
      ),
    );
  if (!row || row.emails === 0 || !row.since) return undefined;
  return { since: row.since.toISOString(), emails: row.emails, lastError: (row.lastError ?? '').slice(0, 500) };
}

/** video_job_stuck: a video queued, or being processed, for more than an hour since it arrived. */
export async function stuckVideoJobs(db: DbOrTx, now: Date): Promise<VideoJobStuckDetail | undefined> {
  const [row] = await db
    .select({ videos: count(), since: min(videoJobs.createdAt) })
    .from(videoJobs)
    .where(and(inArray(videoJobs.state, ['queued', 'running']), lt(videoJobs.createdAt, new Date(now.getTime() - VIDEO_STUCK_AFTER_MS))));
  if (!row || row.videos === 0 || !row.since) return undefined;
  return { since: row.since.toISOString(), videos: row.videos };
}

const CHECKS: { [K in IncidentKind]: (db: DbOrTx, now: Date) => Promise<Extract<IncidentFacts, { kind: K }>['detail'] | undefined> } = {
  backup_failed: failedBackup,
  emails_failing: failingEmails,
  video_job_stuck: stuckVideoJobs,
};

/** Who is told: every administrator account with a confirmed address, neither suspended nor being deleted. */
export async function administratorsToTell(db: DbOrTx): Promise<Array<{ email: string; firstName: string | null }>> {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, true),
        isNotNull(users.email),
        isNotNull(users.emailVerifiedAt),
        ne(users.status, 'suspended'),
        isNull(users.deletionRequestedAt),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((r) => ({ email: r.email!, firstName: r.firstName }));
}

export type IncidentChange = 'opened' | 'resolved';

/**
 * Checks one kind now and opens or resolves its incident if that changed, telling every administrator; answers
 * what it changed (nothing when the incident was already as the check says, or another instance changed it first).
 */
export async function settleIncident(ctx: IncidentContext, kind: IncidentKind): Promise<IncidentChange | undefined> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incident'), hashtext(${kind}))`);
    const now = ctx.clock.now();
    const detail = await CHECKS[kind](tx, now);
    const template = `incident_${kind}`;
    if (detail) {
      const [opened] = await tx
        .insert(incidents)
        .values({ kind, openedAt: now, detail: { ...detail } })
        .onConflictDoNothing({ target: incidents.kind, where: sql`resolved_at is null` })
        .returning({ id: incidents.id });
      if (!opened) return undefined;
      for (const admin of await administratorsToTell(tx)) {
        const mail = incidentOpenedTemplate({ ...ctx, name: admin.firstName, incident: { kind, detail } as IncidentFacts });
        await enqueueEmail(tx, { to: admin.email, template, ...mail }, { now });
      }
      return 'opened';
    }
    const [resolved] = await tx
      .update(incidents)
      .set({ resolvedAt: now })
      .where(and(eq(incidents.kind, kind), isNull(incidents.resolvedAt)))
      .returning({ openedAt: incidents.openedAt, detail: incidents.detail });
    if (!resolved) return undefined;
    // The problem began before the incident opened (an hour of failing e-mails, the backup's own time).
    const since = typeof resolved.detail?.since === 'string' ? new Date(resolved.detail.since) : resolved.openedAt;
    for (const admin of await administratorsToTell(tx)) {
      const mail = incidentResolvedTemplate({ ...ctx, name: admin.firstName, kind, since, resolvedAt: now });
      await enqueueEmail(tx, { to: admin.email, template: `${template}_resolved`, ...mail }, { now });
    }
    return 'resolved';
  });
}
