// A copy of a person's data, or of a company's, as a ZIP: data.json with every row about them, and the person's own
// files (CV, video, poster) as they are stored. Made in the background (jobs/data-exports.ts), kept in object
// storage at export/<id> for EXPORT_LINK_HOURS and offered by a signed link, which the e-mail that announces it
// carries. Here: asking for a copy, and its signed link. What a copy holds is in data-export-contents.ts, its making
// in data-export-zip.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { EXPORT_LINK_HOURS, type DataExportView, type ExportLinkView, type ExportScope } from '#shared/account-data.ts';
import { dataExports, users, type DataExport, type User } from '#shared/schema.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';

export const EXPORT_LINK_MS = EXPORT_LINK_HOURS * 60 * 60 * 1000;

export interface DataExportContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  /** Signs the download links (a key of its own is derived from it). */
  secret: string;
}

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
export const pageLink = (ctx: DataExportContext, row: Pick<DataExport, 'id' | 'expiresAt'>) => `${ctx.publicUrl}/data-export?id=${row.id}&${linkQuery(ctx, row)}`;

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
