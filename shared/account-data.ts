// A copy of one's data (a ZIP made in the background) and the deletion of one's account: the calls of /profile and
// /account, and the console's deletion on a person's request.
import { z } from 'zod';

export const EXPORT_SCOPES = ['person', 'company'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** How long the link to a finished copy works (and the file is kept). */
export const EXPORT_LINK_HOURS = 24;

/** POST /api/account/exports */
export const requestExportSchema = z.object({
  scope: z.enum(EXPORT_SCOPES, { error: 'scope must be person or company' }).default('person'),
});

export type ExportState = 'preparing' | 'ready' | 'failed' | 'expired';

export interface DataExportView {
  id: string;
  scope: ExportScope;
  state: ExportState;
  createdAt: string;
  /** Bytes of the ZIP, once ready. */
  size: number | null;
  /** Until when the link works, once ready. */
  expiresAt: string | null;
  /** The signed download link, while ready. */
  downloadUrl: string | null;
}

/** GET /api/exports/:id?expires&signature: what a link from the e-mail offers. */
export interface ExportLinkView {
  scope: ExportScope;
  size: number;
  expiresAt: string;
  downloadUrl: string;
}

/** The query of a signed export link. */
export const exportLinkQuery = z.object({
  expires: z.coerce.number({ error: 'This download link is not valid' }).int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This download link is not valid'),
});

/** POST /api/account/deletion: the password (accounts that have one), else a fresh OpenID sign-in. */
export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
});

/** How long an OpenID sign-in counts as fresh enough to confirm a deletion. */
export const FRESH_SIGN_IN_MINUTES = 10;
