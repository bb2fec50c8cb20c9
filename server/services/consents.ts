// Agreement to the privacy policy and terms. Creating a profile or a company agrees to the version in force (the
// page says so beside the button); when the documents change (LEGAL_LAST_UPDATED), an account with a profile or a
// company is asked again before it goes on (docs/decisions/0037). Each agreement is a row of its own.
import { and, desc, eq } from 'drizzle-orm';
import { LEGAL_LAST_UPDATED } from '#shared/constants.ts';
import { consents, type User } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';

export type ConsentVia = 'profile' | 'company' | 'prompt';

/** Records the account's agreement to the documents in force. */
export async function recordConsent(db: Db | DbOrTx, userId: string, via: ConsentVia, now: Date): Promise<void> {
  await db.insert(consents).values({ userId, version: LEGAL_LAST_UPDATED, via, acceptedAt: now });
}

/** The version the account last agreed to, if any. */
export async function agreedVersion(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ version: consents.version }).from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.acceptedAt)).limit(1);
  return row?.version ?? null;
}

/** An account that uses the product (a profile or a company) and has not agreed to the documents in force. */
export async function consentNeeded(db: Db, user: User, usesTheProduct: boolean): Promise<boolean> {
  if (!usesTheProduct) return false;
  return (await agreedVersion(db, user.id)) !== LEGAL_LAST_UPDATED;
}

/** The answer to the prompt: agreed to the version the page showed, if it is still the one in force. */
export async function agreeToDocuments(db: Db, user: User, version: string, now: Date): Promise<{ agreed: boolean }> {
  if (version !== LEGAL_LAST_UPDATED) return { agreed: false };
  const [already] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, user.id), eq(consents.version, version)))
    .limit(1);
  if (!already) await recordConsent(db, user.id, 'prompt', now);
  return { agreed: true };
}
