// Opens a backup archive and checks it whole before anything is restored from it: its manifest, then every entry
// against the manifest's checksum and size.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ARCHIVE_FORMAT, type Manifest } from './manifest.ts';

/** An archive that cannot be restored, with the reason in words for the person restoring. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export interface OpenArchive {
  manifest: Manifest;
  /** The entry's bytes, streamed. */
  open(name: string): Promise<Readable>;
  close(): void;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(new ArchiveError(`${file} is not a backup archive (${err.message})`)) : resolve(zip))),
  );
}

export async function openArchive(file: string): Promise<OpenArchive> {
  const zip = await openZip(file);
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', (err: Error) => reject(new ArchiveError(`${file} is damaged (${err.message})`)));
    zip.readEntry();
  });
  const open = (name: string) =>
    new Promise<Readable>((resolve, reject) => {
      const entry = entries.get(name);
      if (!entry) return reject(new ArchiveError(`the archive has no ${name}`));
      zip.openReadStream(entry, (err, stream) => (err ? reject(new ArchiveError(`${name} is damaged (${err.message})`)) : resolve(stream)));
    });
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await open('manifest.json')) chunks.push(chunk as Buffer);
    const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveError(`the archive's format ${String(manifest.format)} is not one this version reads (${ARCHIVE_FORMAT})`);
    return { manifest, open, close: () => zip.close() };
  } catch (err) {
    zip.close();
    if (err instanceof SyntaxError) throw new ArchiveError(`the archive's manifest is not readable (${err.message})`);
    throw err;
  }
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}

/** Reads every entry the manifest names and compares its checksum; throws ArchiveError at the first that differs. */
export async function verifyArchive(archive: OpenArchive): Promise<void> {
  const expected = [
    ...archive.manifest.tables.map((table) => ({ name: table.entry, sha256: table.sha256, size: undefined as number | undefined })),
    ...(archive.manifest.storage.driver === 'local' ? archive.manifest.storage.files.map((file) => ({ name: `files/${file.key}`, sha256: file.sha256, size: file.size })) : []),
  ];
  for (const entry of expected) {
    const found = await sha256Of(await archive.open(entry.name));
    if (found.sha256 !== entry.sha256 || (entry.size !== undefined && found.bytes !== entry.size)) {
      throw new ArchiveError(`${entry.name} in the archive does not match its checksum: the archive is damaged`);
    }
  }
}
