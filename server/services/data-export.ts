// A copy of a person's data, or of a company's, as a ZIP: data.json with every row about them, and the person's own
// files (CV, video, poster) as they are stored. Made in the background (jobs/data-exports.ts), kept in object
// storage at export/<id> for EXPORT_LINK_HOURS and offered by a signed link, which the e-mail that announces it
// carries. The ZIP is streamed: files go from storage into the archive and the archive onto disk, never whole in
// memory; data.json is written one section at a time.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ZipFile } from 'yazl';
import { EXPORT_LINK_HOURS, type DataExportView, type ExportLinkView, type ExportScope } from '#shared/account-data.ts';
import {
  auditLog,
  candidateEvents,
  companyBlocks,
  companyInvitations,
  companyMembers,
  companyProfiles,
  companyReports,
  consents,
  dataExports,
  emailOutbox,
  invoices,
  jobSeekerProfiles,
  objects,
  savedSearches,
  shortlists,
  users,
  type DataExport,
  type User,
} from '#shared/schema.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { dataExportReadyTemplate } from '../mail/account-data-templates.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import { describeUserAgent } from '../auth/devices.ts';

export const EXPORT_LINK_MS = EXPORT_LINK_HOURS * 60 * 60 * 1000;

export interface DataExportContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  /** Signs the download links (a key of its own is derived from it). */
  secret: string;
}

export interface DataExportBuildContext extends DataExportContext {
  storage: Pick<ObjectStorage, 'createReadStream' | 'stat' | 'putFile' | 'delete'>;
  temporaryDir: string;
}

// ---------------------------------------------------------------------------------------------------------------
// What a copy holds. Each section is the rows of one kind about its subject; adding a table is one line here.

/** Whose data a copy holds. */
export interface ExportSubject {
  userId: string;
  /** The account's e-mail address (for the e-mails sent to it). */
  email: string | null;
  /** The job seeker's profile, if any. */
  profileId: string | null;
  /** The company, for a company's copy. */
  companyId: string | null;
  publicUrl: string;
}

interface Section {
  name: string;
  rows(db: Db, subject: ExportSubject): Promise<unknown[]>;
}

const without = (row: Record<string, unknown>, omit: readonly string[]) => Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key)));

/** Every column of `table`'s rows matching `where`, less `omit` (secrets, internal columns). */
function rowsOf<T extends PgTable>(name: string, table: T, where: (subject: ExportSubject) => SQL | undefined, omit: readonly string[] = []): Section {
  return {
    name,
    async rows(db, subject) {
      const condition = where(subject);
      if (!condition) return [];
      const found = (await db.select().from(table as PgTable).where(condition)) as Record<string, unknown>[];
      return found.map((row) => without(row, omit));
    },
  };
}

const NONE = undefined;
const byUser = (subject: ExportSubject) => subject.userId;

/** The person's own data: their account, profile (with its hiring facts), uploads, what companies did with the
 *  profile, their devices, the e-mails sent to them and the administrators' decisions about them. */
export const PERSON_SECTIONS: Section[] = [
  rowsOf('account', users, (s) => eq(users.id, byUser(s)), ['passwordHash', 'sessionVersion']),
  {
    name: 'profile',
    async rows(db, s) {
      const rows = await db.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, s.userId));
      // Which facts were verified and when; not who of our team did it.
      return rows.map((row) => ({
        ...without(row, ['searchVector', 'searchHead', 'searchComplete', 'listed']),
        factVerifications: Object.fromEntries(Object.entries(row.factVerifications).map(([fact, mark]) => [fact, { at: mark.at }])),
      }));
    },
  },
  rowsOf('uploads', objects, (s) => eq(objects.ownerId, s.userId), ['uploadTokenHash', 'uploadKey']),
  rowsOf('companyMembership', companyMembers, (s) => eq(companyMembers.userId, s.userId), ['invitedById']),
  {
    // What companies did with the profile: which company, what and when (not which of its people).
    name: 'companyEvents',
    async rows(db, s) {
      if (!s.profileId) return [];
      return db
        .select({ company: companyProfiles.companyName, type: candidateEvents.type, channel: candidateEvents.channel, at: candidateEvents.at })
        .from(candidateEvents)
        .innerJoin(companyProfiles, eq(companyProfiles.id, candidateEvents.companyId))
        .where(eq(candidateEvents.profileId, s.profileId))
        .orderBy(candidateEvents.at);
    },
  },
  {
    name: 'signedInDevices',
    async rows(db, s) {
      const { rows } = await db.execute<{ sess: { signedInAt?: number; userAgent?: string; networkPrefix?: string }; expire: string }>(
        sql`select sess, expire from sessions where (sess->>'userId') = ${s.userId}`,
      );
      return rows.map(({ sess }) => ({
        ...describeUserAgent(sess.userAgent),
        userAgent: sess.userAgent ?? null,
        network: sess.networkPrefix ?? null,
        signedInAt: sess.signedInAt ? new Date(sess.signedInAt).toISOString() : null,
      }));
    },
  },
  rowsOf('emailsSentToYou', emailOutbox, (s) => (s.email ? sql`lower(${emailOutbox.toAddress}) = lower(${s.email})` : NONE), ['secrets', 'htmlBody']),
  rowsOf(
    'decisionsAboutYou',
    auditLog,
    (s) =>
      and(
        or(
          and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, s.userId)),
          s.profileId ? and(eq(auditLog.subjectType, 'job_seeker_profile'), eq(auditLog.subjectId, s.profileId)) : undefined,
        ),
        // Others' decisions: the person's own actions (blocking a company) are in their own sections.
        or(isNull(auditLog.actorId), ne(auditLog.actorId, s.userId)),
      ),
    ['actorId'],
  ),
  rowsOf('agreementsToTheDocuments', consents, (s) => eq(consents.userId, s.userId)),
  {
    // The companies the person blocked, by name.
    name: 'blockedCompanies',
    async rows(db, s) {
      if (!s.profileId) return [];
      return db
        .select({ company: companyProfiles.companyName, blockedAt: companyBlocks.createdAt })
        .from(companyBlocks)
        .innerJoin(companyProfiles, eq(companyProfiles.id, companyBlocks.companyId))
        .where(eq(companyBlocks.profileId, s.profileId));
    },
  },
  {
    // What the person reported about companies, and our answers.
    name: 'reportsYouMade',
    async rows(db, s) {
      return db
        .select({
          company: companyProfiles.companyName,
          reason: companyReports.reason,
          details: companyReports.details,
          screenshot: companyReports.screenshotKey,
          createdAt: companyReports.createdAt,
          answer: companyReports.answer,
          answeredAt: companyReports.answeredAt,
        })
        .from(companyReports)
        .innerJoin(companyProfiles, eq(companyProfiles.id, companyReports.companyId))
        .where(eq(companyReports.reporterId, s.userId));
    },
  },
  // The dataExports table itself is left out: it holds nothing but this copy's own bookkeeping.
];

/** A company's data, for its owner: the company, its team and invitations, shortlists and notes, saved searches,
 *  what it did with profiles, and its invoices. Job seekers appear by their profile's id and link only. */
export const COMPANY_SECTIONS: Section[] = [
  rowsOf('company', companyProfiles, (s) => (s.companyId ? eq(companyProfiles.id, s.companyId) : NONE)),
  {
    name: 'team',
    async rows(db, s) {
      if (!s.companyId) return [];
      const [owner] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(companyProfiles)
        .innerJoin(users, eq(users.id, companyProfiles.userId))
        .where(eq(companyProfiles.id, s.companyId));
      const members = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: companyMembers.role, joinedAt: companyMembers.createdAt })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, s.companyId));
      return [...(owner ? [{ ...owner, role: 'owner' }] : []), ...members];
    },
  },
  rowsOf('invitations', companyInvitations, (s) => (s.companyId ? eq(companyInvitations.companyId, s.companyId) : NONE), ['tokenHash']),
  {
    name: 'shortlistAndNotes',
    async rows(db, s) {
      if (!s.companyId) return [];
      const rows = await db.select().from(shortlists).where(eq(shortlists.companyId, s.companyId));
      return rows.map((row) => ({ ...without(row, ['companyId']), candidateLink: `${s.publicUrl}/dashboard/candidates/${row.profileId}` }));
    },
  },
  rowsOf('savedSearches', savedSearches, (s) => (s.companyId ? eq(savedSearches.companyId, s.companyId) : NONE)),
  rowsOf('profilesViewedAndContacted', candidateEvents, (s) => (s.companyId ? eq(candidateEvents.companyId, s.companyId) : NONE), ['companyId']),
  rowsOf('invoices', invoices, (s) => (s.companyId ? eq(invoices.companyId, s.companyId) : NONE)),
];

// ---------------------------------------------------------------------------------------------------------------
// Asking for a copy, and its signed link.

const signingKeys = new Map<string, Buffer>();
function sign(secret: string, id: string, expiresMs: number): string {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createHmac('sha256', secret).update('data-export-links').digest()));
  return createHmac('sha256', key).update(`${id}.${expiresMs}`).digest('base64url');
}

const linkQuery = (ctx: Pick<DataExportContext, 'secret'>, row: Pick<DataExport, 'id' | 'expiresAt'>) => {
  const expires = row.expiresAt!.getTime();
  return `expires=${expires}&signature=${sign(ctx.secret, row.id, expires)}`;
};

/** The API link that downloads the ZIP (relative: the page and the e-mail's page use it on the app's origin). */
export const downloadPath = (ctx: Pick<DataExportContext, 'secret'>, row: Pick<DataExport, 'id' | 'expiresAt'>) => `/api/exports/${row.id}/download?${linkQuery(ctx, row)}`;

/** The page the e-mail links to: it says what the copy is and offers the download, in the reader's language. */
const pageLink = (ctx: DataExportContext, row: Pick<DataExport, 'id' | 'expiresAt'>) => `${ctx.publicUrl}/data-export?id=${row.id}&${linkQuery(ctx, row)}`;

function view(ctx: Pick<DataExportContext, 'secret' | 'clock'>, row: DataExport): DataExportView {
  const live = row.state === 'ready' && row.expiresAt !== null && row.expiresAt > ctx.clock.now();
  return {
    id: row.id,
    scope: row.scope as ExportScope,
    state: row.state === 'queued' || row.state === 'running' ? 'preparing' : row.state === 'ready' && !live ? 'expired' : (row.state as DataExportView['state']),
    createdAt: row.createdAt.toISOString(),
    size: live ? row.size : null,
    expiresAt: live ? row.expiresAt!.toISOString() : null,
    downloadUrl: live ? downloadPath(ctx, row) : null,
  };
}

/** Who may have a copy of which data: everyone their own; a company's owner the company's. */
function companyOfScope(scope: ExportScope, company: { id: string; role: CompanyRole | null } | undefined): string | null {
  if (scope === 'person') return null;
  if (!company) throw new DomainError('auth.wrong_account_type');
  if (company.role !== 'owner') throw new DomainError('team.owner_only');
  return company.id;
}

/**
 * Asks for a copy. A copy of the same data still being made is answered instead of a second one, also when asked
 * twice at once (the user's row is locked while the two look).
 */
export async function requestDataExport(
  ctx: DataExportContext,
  user: User,
  scope: ExportScope,
  company?: { id: string; role: CompanyRole | null },
): Promise<DataExportView> {
  const companyId = companyOfScope(scope, company);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), eq(dataExports.scope, scope), inArray(dataExports.state, ['queued', 'running'])));
    if (open) return open;
    const [created] = await tx.insert(dataExports).values({ userId: user.id, scope, companyId, runAfter: ctx.clock.now(), createdAt: ctx.clock.now() }).returning();
    return created!;
  });
  return view(ctx, row);
}

/** The account's latest copy of each kind (its own data; its company's for an owner). */
export async function latestDataExports(ctx: Pick<DataExportContext, 'db' | 'secret' | 'clock'>, user: User): Promise<DataExportView[]> {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    select distinct on (scope) id from data_exports where user_id = ${user.id} order by scope, created_at desc`);
  if (rows.length === 0) return [];
  const found = await ctx.db.select().from(dataExports).where(inArray(dataExports.id, rows.map((r) => r.id))).orderBy(desc(dataExports.createdAt));
  return found.map((row) => view(ctx, row));
}

/** The copy a signed link names, while the link works; the link alone is the key (it was e-mailed to the owner). */
export async function exportOfLink(ctx: Pick<DataExportContext, 'db' | 'secret' | 'clock'>, id: string, link: { expires: number; signature: string }): Promise<DataExport> {
  const expected = Buffer.from(sign(ctx.secret, id, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new DomainError('export.link_invalid');
  if (ctx.clock.now().getTime() >= link.expires) throw new DomainError('export.link_expired');
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
  if (!row || row.expiresAt?.getTime() !== link.expires) throw new DomainError('export.link_invalid');
  if (row.state !== 'ready' || !row.objectKey) throw new DomainError('export.link_expired');
  return row;
}

export function exportLinkView(ctx: Pick<DataExportContext, 'secret'>, row: DataExport): ExportLinkView {
  return { scope: row.scope as ExportScope, size: row.size ?? 0, expiresAt: row.expiresAt!.toISOString(), downloadUrl: downloadPath(ctx, row) };
}

// ---------------------------------------------------------------------------------------------------------------
// Making a copy.

/** data.json, one section after another: no section waits in memory for the others. */
async function* dataJson(db: Db, sections: Section[], subject: ExportSubject, header: Record<string, unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "sections": {`;
  let first = true;
  for (const section of sections) {
    const rows = await section.rows(db, subject);
    const body = JSON.stringify(rows, null, 2).replace(/\n/g, '\n    ');
    yield `${first ? '' : ','}\n    ${JSON.stringify(section.name)}: ${body}`;
    first = false;
  }
  yield '\n  }\n}\n';
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'image/jpeg': 'jpg',
};

/** The person's stored files: their uploads in use or ready, and each video's poster. Hosted videos (Vimeo) are
 *  not in our storage; data.json names their link. */
async function filesOf(ctx: DataExportBuildContext, userId: string): Promise<{ key: string; name: string }[]> {
  const rows = await ctx.db
    .select({ key: objects.key, kind: objects.kind, contentType: objects.contentType, url: objects.url, posterKey: objects.posterKey })
    .from(objects)
    .where(and(eq(objects.ownerId, userId), eq(objects.status, 'ready')));
  const files: { key: string; name: string }[] = [];
  for (const row of rows) {
    if (row.url) continue;
    const id = row.key.slice(row.key.indexOf('/') + 1);
    files.push({ key: row.key, name: `files/${row.kind}-${id}.${EXTENSIONS[row.contentType ?? ''] ?? 'bin'}` });
    if (row.posterKey) files.push({ key: row.posterKey, name: `files/poster-${id}.jpg` });
  }
  const present = await Promise.all(files.map(async (file) => ((await ctx.storage.stat(file.key)) ? file : undefined)));
  return present.filter((file) => file !== undefined);
}

/** Writes the copy's ZIP to `target`; answers the files it holds (besides data.json). */
export async function writeExportZip(ctx: DataExportBuildContext, row: Pick<DataExport, 'id' | 'userId' | 'scope' | 'companyId'>, target: string): Promise<string[]> {
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  const [profile] = await ctx.db.select({ id: jobSeekerProfiles.id }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, row.userId));
  const subject: ExportSubject = { userId: row.userId, email: account?.email ?? null, profileId: profile?.id ?? null, companyId: row.companyId, publicUrl: ctx.publicUrl };
  const company = row.scope === 'company';
  const files = company ? [] : await filesOf(ctx, row.userId);
  const header = {
    product: ctx.productName,
    kind: company ? 'company' : 'person',
    exportedAt: ctx.clock.now().toISOString(),
    files: files.map((file) => file.name),
  };
  const zip = new ZipFile();
  const zipFailed = new Promise<never>((_, reject) => zip.on('error', reject));
  zipFailed.catch(() => undefined);
  zip.addReadStreamLazy('data.json', (callback) => callback(null, Readable.from(dataJson(ctx.db, company ? COMPANY_SECTIONS : PERSON_SECTIONS, subject, header))));
  for (const file of files) {
    // Videos, images and PDFs are compressed already: stored as they are, they cost no CPU.
    zip.addReadStreamLazy(file.name, { compress: false }, (callback) => {
      // On an error yazl fails the archive and reads no stream; its callback's type still asks for one.
      ctx.storage.createReadStream(file.key).then((stream) => callback(null, stream), (err: Error) => callback(err, Readable.from([])));
    });
  }
  zip.end();
  await Promise.race([pipeline(zip.outputStream, createWriteStream(target, { mode: 0o600 })), zipFailed]);
  return files.map((file) => file.name);
}

/** Makes the copy, stores it, and e-mails its link, in one go; the caller marks failures. */
export async function buildDataExport(ctx: DataExportBuildContext, row: DataExport): Promise<void> {
  await fs.mkdir(ctx.temporaryDir, { recursive: true });
  const file = claimTemporaryPath(ctx.temporaryDir);
  try {
    await writeExportZip(ctx, row, file);
    const { size } = await fs.stat(file);
    // A new key each time: a copy made again after a failed store never meets a half-written one.
    const key = `export/${randomUUID()}`;
    await ctx.storage.putFile(key, createReadStream(file), { size, contentType: 'application/zip' });
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_MS);
    const stored = await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({ state: 'ready', objectKey: key, size, readyAt: now, expiresAt, lockedUntil: null, errorDetail: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'running')))
        .returning();
      if (!done) return false;
      const [account] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!account?.email) return true;
      const [company] = row.companyId ? await tx.select({ name: companyProfiles.companyName }).from(companyProfiles).where(eq(companyProfiles.id, row.companyId)) : [];
      const [profile] = await tx.select({ fullName: jobSeekerProfiles.fullName }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, row.userId));
      const mail = dataExportReadyTemplate({
        productName: ctx.productName,
        name: profile?.fullName ?? account.firstName ?? undefined,
        scope: row.scope as ExportScope,
        companyName: company?.name,
        link: pageLink(ctx, done),
        hours: EXPORT_LINK_HOURS,
        locale: account.locale,
      });
      await enqueueEmail(tx, { to: account.email, template: 'data_export_ready', ...mail }, { now, secretsExpireAt: expiresAt });
      return true;
    });
    // Taken from this worker meanwhile (its lease ran out) or its account deleted: the file is nobody's.
    if (!stored) await ctx.storage.delete(key);
  } finally {
    await dropTemporaryPath(file);
  }
}
