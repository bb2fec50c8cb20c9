// Links from the product's e-mails, as the person who receives them would open them. Tests read links only through
// here, so how e-mails are stored can change in one place.
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { fillSecrets } from '../mail/secrets.ts';
import { settlePasswordResetRequests } from '../services/account-passwords.ts';

/**
 * The full link whose pathname is `path` (e.g. '/verify-email', '/reset-password') in the newest e-mail of that
 * template to that address, as the recipient will read it: secrets filled in. Throws when there is none, also once
 * the e-mail was delivered (the outbox keeps no secret after delivery). Password-reset e-mails are written after the
 * answer to the request (docs/decisions/0017-password-reset-answers-first.md): those still being written are waited
 * for first.
 */
export async function readEmailLink(db: Db, to: string, template: string, path: string): Promise<string> {
  await settlePasswordResetRequests(db);
  const [mail] = await db
    .select({ text: emailOutbox.textBody, secrets: emailOutbox.secrets, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no ${template} e-mail to ${to}`);
  const text = mail.secrets ? fillSecrets(mail.text, mail.secrets, 'text') : mail.text;
  const link = text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no link to ${path} in the newest ${template} e-mail to ${to} (status ${mail.status})`);
  return link;
}
