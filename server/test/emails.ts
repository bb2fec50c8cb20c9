// Links from the product's e-mails, as the person who receives them would open them. Tests read links only through
// here, so how e-mails are stored can change in one place.
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { settlePasswordResetRequests } from '../services/accounts.ts';

/**
 * The full link whose pathname is `path` in the newest e-mail of `template` to `to`. Password-reset e-mails are
 * written after the answer to the request (docs/decisions/0016-password-reset-answers-first.md): those still being
 * written are waited for first.
 */
export async function readEmailLink(db: Db, to: string, template: string, path: string): Promise<string> {
  await settlePasswordResetRequests(db);
  const [mail] = await db
    .select({ textBody: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no ${template} e-mail to ${to}`);
  const link = mail.textBody
    .match(/https?:\/\/\S+/g)
    ?.map((found) => new URL(found))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`the newest ${template} e-mail to ${to} has no link to ${path}`);
  return link.href;
}
