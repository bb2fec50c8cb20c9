// Every e-mail is first a row in email_outbox, written in the same transaction as the change that caused it,
// so a rolled-back change sends nothing and a committed one is never lost. worker.ts delivers the rows.
import { emailOutbox } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';

export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutgoingEmail {
  to: string;
  /** Which kind of message (verify_email, reset_password, ...), for the admin's outbox view. */
  template: string;
  subject: string;
  text: string;
  html?: string;
}

export async function enqueueEmail(db: DbOrTx, message: OutgoingEmail, options: { now?: Date } = {}): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      template: message.template,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      nextAttemptAt: options.now ?? new Date(),
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
