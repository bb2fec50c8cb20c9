// Erasing a deleted account: its files, its e-mails, its mentions and its rows. Run by jobs/account-deletions.ts
// within minutes and at most a day, apart from the asking (account-deletion.ts), which answers at once.
import { and, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  auditLog,
  authTokens,
  candidateEvents,
  companyInvitations,
  companyReports,
  companyMembers,
  companyProfiles,
  dataExports,
  emailOutbox,
  invoices,
  jobSeekerProfiles,
  objects,
  rateLimits,
  savedSearches,
  shortlists,
  users,
  type AccountDeletion,
} from '#shared/schema.ts';
import type { BuyerDetails } from '#shared/company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import type { VideoHost } from '../video/video-host.ts';
import { posterKeyOf } from '../video/local.ts';
import { removeSessions } from './sessions.ts';

export interface DeletionContext {
  db: Db;
  clock: Clock;
  storage: Pick<ObjectStorage, 'delete'>;
  videoHost: Pick<VideoHost, 'delete'>;
}

/** What identifies the person in text: their e-mail, names and phone, as they may be written. */
export function identifyingTexts(person: { email?: string | null; names: (string | null | undefined)[]; phones: (string | null | undefined)[] }): string[] {
  const texts = new Set<string>();
  if (person.email) texts.add(person.email.toLowerCase());
  for (const name of person.names) if (name && name.trim().length >= 3) texts.add(name.trim());
  for (const phone of person.phones) {
    if (!phone) continue;
    texts.add(phone);
    const digits = phone.replace(/\D/g, '');
    // As typed with spaces, in E.164 (+971...), and as wa.me links write it (digits only).
    if (digits.length >= 7) {
      texts.add(digits);
      texts.add(`+${digits}`);
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

export const SCRUBBED = '[deleted]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every identifying text (any case; also as HTML escapes it) by SCRUBBED. */
export function scrub(value: string, texts: string[]): string {
  let out = value;
  for (const text of texts) {
    for (const form of new Set([text, escapeHtml(text)])) out = out.replace(new RegExp(escapeRegExp(form), 'giu'), SCRUBBED);
  }
  return out;
}

function scrubJson(value: unknown, texts: string[]): unknown {
  if (typeof value === 'string') return scrub(value, texts);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, texts));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item, texts)]));
  return value;
}

/** The ILIKE test that some text column holds one of the texts (a first pass; scrub() decides). */
const mentions = (column: SQL, texts: string[]) =>
  sql.join(
    texts.map((text) => sql`position(lower(${text}) in lower(${column})) > 0`),
    sql` or `,
  );

/**
 * Runs the erasure of one account; idempotent, so a failed run is simply run again. Answers the counts. The person's
 * files and hosted videos go, every e-mail to them leaves the outbox and their name, e-mail and phone are scrubbed
 * from every other e-mail and from the audit log, and the rows go. What is left is anonymous: the deletion's own row
 * with counts. A company owner's company keeps its invoices, as tax law requires, with the company's name and tax
 * number only; the owner's account row stays as an empty tombstone they hang from (docs/decisions/0039).
 */
export async function eraseAccount(ctx: DeletionContext, job: Pick<AccountDeletion, 'userId'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = { files: 0, hostedVideos: 0, emailsRemoved: 0, emailsScrubbed: 0, auditEntriesScrubbed: 0 };
  const [user] = await ctx.db.select().from(users).where(eq(users.id, job.userId));
  // Gone already (a run that stopped after its last step): nothing is left to do. A company owner's tombstone is
  // simply run through again, harmlessly.
  if (!user) return counts;
  const [profile] = await ctx.db.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, user.id));
  const [ownCompany] = await ctx.db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id));
  const texts = identifyingTexts({
    email: user.email,
    names: [profile?.fullName, [user.firstName, user.lastName].filter(Boolean).join(' '), ownCompany?.contactPerson],
    phones: [profile?.phone, ownCompany?.phone],
  });
  // The company's own address is the company's: it goes with the owner's deletion, as the company closes.
  if (ownCompany?.email) texts.push(...identifyingTexts({ email: ownCompany.email, names: [], phones: [] }).filter((t) => !texts.includes(t)));

  // 1. Files: uploads (through the video host for videos: our storage or Vimeo), posters, what upload links wrote,
  //    and the copies of their data.
  const owned = await ctx.db.select().from(objects).where(eq(objects.ownerId, user.id));
  for (const row of owned) {
    if (row.kind === 'video') {
      await ctx.videoHost.delete(row.url ?? `/objects/${row.key}`);
      if (row.url) counts.hostedVideos! += 1;
    }
    if (!row.url) await ctx.storage.delete(row.key);
    if (row.posterKey) await ctx.storage.delete(row.posterKey);
    else if (row.kind === 'video' && !row.url) await ctx.storage.delete(posterKeyOf(row.key));
    if (row.uploadKey) await ctx.storage.delete(row.uploadKey);
    counts.files! += 1;
  }
  const copies = await ctx.db
    .select({ objectKey: dataExports.objectKey })
    .from(dataExports)
    .where(ownCompany ? sql`${dataExports.userId} = ${user.id} or ${dataExports.companyId} = ${ownCompany.id}` : eq(dataExports.userId, user.id));
  for (const copy of copies) if (copy.objectKey) await ctx.storage.delete(copy.objectKey);

  // 2. E-mails: those to the person go (sent or not); others that name them (a company's alert listing the profile)
  //    keep their words without the person's. Nothing before the account existed can name it.
  const since = user.createdAt;
  await ctx.db.transaction(async (tx) => {
    const addresses = texts.filter((t) => t.includes('@'));
    if (addresses.length > 0) {
      const removed = await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses));
      counts.emailsRemoved = removed.rowCount ?? 0;
    }
    if (texts.length === 0) return;
    const naming = await tx
      .select()
      .from(emailOutbox)
      .where(and(gte(emailOutbox.createdAt, since), sql`(${mentions(sql`${emailOutbox.subject} || ' ' || ${emailOutbox.textBody} || ' ' || coalesce(${emailOutbox.htmlBody}, '')`, texts)})`))
      .for('update');
    for (const email of naming) {
      await tx
        .update(emailOutbox)
        .set({ subject: scrub(email.subject, texts), textBody: scrub(email.textBody, texts), htmlBody: email.htmlBody === null ? null : scrub(email.htmlBody, texts) })
        .where(eq(emailOutbox.id, email.id));
    }
    counts.emailsScrubbed = naming.length;

    // 3. The audit log keeps what was done, without the person's name, e-mail or phone.
    const entries = await tx
      .select({ id: auditLog.id, details: auditLog.details })
      .from(auditLog)
      .where(and(gte(auditLog.at, since), sql`(${mentions(sql`${auditLog.details}::text`, texts)})`))
      .for('update');
    for (const entry of entries) await tx.update(auditLog).set({ details: scrubJson(entry.details, texts) }).where(eq(auditLog.id, entry.id));
    counts.auditEntriesScrubbed = entries.length;

    // 4. Rate-limit counters keyed by the address; invitations sent to it.
    for (const address of addresses) {
      await tx.delete(rateLimits).where(sql`position(${address} in lower(${rateLimits.key})) > 0`);
      await tx.delete(companyInvitations).where(and(sql`lower(${companyInvitations.email}) = ${address}`, isNull(companyInvitations.acceptedAt)));
    }
  });

  // 5. The rows.
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx.delete(objects).where(eq(objects.ownerId, user.id));
    await tx.delete(dataExports).where(eq(dataExports.userId, user.id));
    // The person's reports about companies are their own words (and screenshot, deleted with the files above).
    await tx.delete(companyReports).where(eq(companyReports.reporterId, user.id));
    if (!ownCompany) {
      // Everything else hangs from the account (profile, company events about it, shortlists of it, tokens,
      // membership of a team) and goes with it.
      await tx.delete(users).where(eq(users.id, user.id));
      return;
    }
    await closeCompany(tx, ownCompany.id, now);
    await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
    await removeSessions(tx, user.id);
    await tx
      .update(users)
      .set({
        email: null,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        passwordHash: null,
        oidcIssuer: null,
        oidcSubject: null,
        isAdmin: false,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
  return counts;
}

/**
 * The company closes with its owner's account: its team leaves (their sessions end; their own accounts stay), its
 * shortlists, notes, saved searches, invitations and records of views and contacts go, its contact details are
 * emptied. Its name, trade licence and tax numbers stay with its invoices (docs/decisions/0039).
 */
async function closeCompany(tx: DbOrTx, companyId: string, now: Date) {
  const members = await tx.delete(companyMembers).where(eq(companyMembers.companyId, companyId)).returning({ userId: companyMembers.userId });
  if (members.length > 0) {
    await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(inArray(users.id, members.map((m) => m.userId)));
  }
  await tx.delete(companyInvitations).where(eq(companyInvitations.companyId, companyId));
  await tx.delete(shortlists).where(eq(shortlists.companyId, companyId));
  await tx.delete(savedSearches).where(eq(savedSearches.companyId, companyId));
  await tx.delete(candidateEvents).where(eq(candidateEvents.companyId, companyId));
  await tx.delete(dataExports).where(eq(dataExports.companyId, companyId));
  await tx
    .update(companyProfiles)
    .set({ contactPerson: '', phone: '', email: '', subscriptionStatus: 'closed', updatedAt: now })
    .where(eq(companyProfiles.id, companyId));
  const kept = await tx.select({ id: invoices.id, buyer: invoices.buyer }).from(invoices).where(eq(invoices.companyId, companyId));
  for (const invoice of kept) {
    const buyer = invoice.buyer as BuyerDetails;
    await tx
      .update(invoices)
      .set({ buyer: { companyName: buyer.companyName, contactPerson: '', email: '', phone: '', ...(buyer.trn ? { trn: buyer.trn } : {}) } satisfies BuyerDetails })
      .where(eq(invoices.id, invoice.id));
  }
}
