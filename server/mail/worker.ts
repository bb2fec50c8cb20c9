// Delivers due outbox rows. Safe with several processes: rows are claimed with FOR UPDATE SKIP LOCKED and a
// lease (next_attempt_at moved ahead), so two workers never send the same e-mail, and a row whose worker died
// mid-send becomes due again when its lease runs out. Links that act for the recipient (secrets) are filled in
// here and cleared by the statement that records the delivery, or when they expire (docs/decisions/0015).
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { OutboxEmail } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { fillSecrets } from './secrets.ts';
import type { MailTransport } from './transport.ts';

/** Wait after the 1st, 2nd, ... failed attempt; after the last one the e-mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const LEASE_MS = 5 * 60_000;
export const LINK_EXPIRED_BEFORE_SENDING = 'The link in this e-mail expired before it could be sent';

export function retryDelayMs(attempts: number): number | undefined {
  return RETRY_DELAYS_MS[attempts - 1];
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  /** E-mails whose links expired: their secrets cleared, the pending ones among them given up. */
  expired: number;
}

interface DeliverOptions {
  database: Database;
  transport: MailTransport;
  from: string;
  now?: Date;
  batchSize?: number;
  logger?: Logger;
}

type ClaimedRow = Pick<OutboxEmail, 'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'secrets' | 'attempts'>;

export async function deliverDueEmails(options: DeliverOptions): Promise<DeliveryResult> {
  const { database, transport, from, logger } = options;
  const now = options.now ?? new Date();
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, expired: 0 };
  // With the log transport nothing reached the recipient: the console must not say "Sent".
  const deliveredStatus = transport.logOnly ? 'logged' : 'sent';

  // A link past its expiry opens nothing: it is dropped, and an e-mail still waiting would only carry a dead link.
  // A failed e-mail keeps its link until then, so that an administrator's retry still sends a working one.
  const expired = await database.db.execute(sql`
    update email_outbox set
      secrets = null,
      status = case when status = 'pending' then 'failed' else status end,
      last_error = case when status = 'pending' then ${LINK_EXPIRED_BEFORE_SENDING} else last_error end
    where secrets is not null and secrets_expire_at <= ${now.toISOString()}`);
  result.expired = expired.rowCount ?? 0;
  if (result.expired > 0) logger?.info({ count: result.expired }, 'links in e-mails expired; cleared from the outbox');

  // One short statement claims the batch: no transaction stays open while SMTP talks.
  const claimed = await database.db.execute<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    secrets: Record<string, string> | null;
    attempts: number;
  }>(sql`
    update email_outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    where id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at
      limit ${options.batchSize ?? 20}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, secrets, attempts`);

  const rows: ClaimedRow[] = claimed.rows.map((r) => ({
    id: r.id,
    toAddress: r.to_address,
    subject: r.subject,
    textBody: r.text_body,
    htmlBody: r.html_body,
    secrets: r.secrets,
    attempts: r.attempts,
  }));

  for (const row of rows) {
    try {
      const text = row.secrets ? fillSecrets(row.textBody, row.secrets, 'text') : row.textBody;
      const html = row.htmlBody && row.secrets ? fillSecrets(row.htmlBody, row.secrets, 'html') : row.htmlBody;
      await transport.send({ from, to: row.toAddress, subject: row.subject, text, html: html ?? undefined });
      await database.db.execute(
        sql`update email_outbox set status = ${deliveredStatus}, sent_at = ${new Date().toISOString()}, last_error = null, secrets = null where id = ${row.id}`,
      );
      result.sent++;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const delay = retryDelayMs(row.attempts);
      if (delay === undefined) {
        await database.db.execute(sql`update email_outbox set status = 'failed', last_error = ${message} where id = ${row.id}`);
        result.failed++;
        logger?.error({ emailId: row.id, attempts: row.attempts, err: message }, 'e-mail delivery failed for good');
      } else {
        await database.db.execute(
          sql`update email_outbox set last_error = ${message}, next_attempt_at = ${new Date(now.getTime() + delay).toISOString()} where id = ${row.id}`,
        );
        result.retried++;
        logger?.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'e-mail delivery failed; will retry');
      }
    }
  }
  return result;
}

export interface OutboxWorker {
  /** Runs a delivery soon (after an e-mail was queued), instead of waiting for the next poll. */
  kick(): void;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startOutboxWorker(options: {
  database: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
  intervalMs?: number;
  clock?: Clock;
  /** Told what each delivery run did (the product counts it for /metrics). */
  onDelivered?: (result: DeliveryResult) => void;
}): OutboxWorker {
  const clock = options.clock ?? systemClock;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          options.onDelivered?.(await deliverDueEmails({ ...options, now: clock.now() }));
        } catch (err) {
          options.logger.error({ err }, 'outbox delivery run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => void run(), options.intervalMs ?? 5_000);
  timer.unref();
  return {
    kick() {
      if (!stopped) setImmediate(() => void run());
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
