// Every e-mail is first a row in email_outbox, written in the same transaction as the change that caused it,
// so a rolled-back change sends nothing and a committed one is never lost. worker.ts delivers the rows.
import { eq } from 'drizzle-orm';
import { emailOutbox, users } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';

export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The language an account reads its e-mails in (the account's locale; mail-language.ts falls back to English). */
export async function recipientLocale(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale;
}

export interface OutgoingEmail {
  to: string;
  /** Which kind of message (verify_email, reset_password, ...), for the admin's outbox view. */
  template: string;
  subject: string;
  text: string;
  html?: string;
  /** Links that act for the recipient, kept out of text and html (secrets.ts); the template sets them. */
  secrets?: Record<string, string>;
}

export async function enqueueEmail(
  db: DbOrTx,
  message: OutgoingEmail,
  options: {
    now?: Date;
    /** When the links in secrets stop working (the token's expiry): required with secrets, see docs/decisions/0015. */
    secretsExpireAt?: Date;
  } = {},
): Promise<string> {
  const secrets = message.secrets && Object.keys(message.secrets).length > 0 ? message.secrets : null;
  if (secrets && !options.secretsExpireAt) throw new Error(`${message.template}: an e-mail with secrets needs secretsExpireAt`);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      template: message.template,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      secrets,
      secretsExpireAt: secrets ? options.secretsExpireAt : null,
      nextAttemptAt: options.now ?? new Date(),
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
