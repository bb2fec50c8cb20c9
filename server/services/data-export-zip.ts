// Making a copy: its ZIP is streamed (files go from storage into the archive and the archive onto disk, never whole in
// memory; data.json one section at a time), then stored and announced. Apart from the asking, which answers at once.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { EXPORT_LINK_HOURS, type ExportScope } from '#shared/account-data.ts';
import { companyProfiles, dataExports, jobSeekerProfiles, objects, users, type DataExport } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { dataExportReadyTemplate } from '../mail/account-data-templates.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import { EXPORT_LINK_MS, pageLink, type DataExportContext } from './data-export.ts';
import { COMPANY_SECTIONS, PERSON_SECTIONS, type ExportSubject, type Section } from './data-export-contents.ts';

export interface DataExportBuildContext extends DataExportContext {
  storage: Pick<ObjectStorage, 'createReadStream' | 'stat' | 'putFile' | 'delete'>;
  temporaryDir: string;
}

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
