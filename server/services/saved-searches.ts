// A company's saved searches, and their alerts: an e-mail, daily or weekly, with the profiles approved since the last
// one that match the search (docs/decisions/0028-saved-search-alerts.md).
//
// Once per period across instances: a due search is claimed with FOR UPDATE SKIP LOCKED, and its e-mail is queued
// in the transaction that moves `alert_since` and `next_alert_at` on, so no other process sees it due again.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, lte, ne } from 'drizzle-orm';
import { companyProfiles, savedSearches } from '#shared/schema.ts';
import {
  parseSavedQuery,
  savedQueryOf,
  SAVED_SEARCH_ALERT_ITEMS,
  SAVED_SEARCHES_MAX,
  type SavedSearchAlert,
  type SavedSearchView,
} from '#shared/saved-searches.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '#shared/ids.ts';
import { DomainError } from '../domain-error.ts';
import { savedSearchAlertTemplate } from '../mail/company-templates.ts';
import { enqueueEmail, recipientLocale } from '../mail/outbox.ts';
import { findNewMatches } from './candidate-search/new-matches.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS: Record<Exclude<SavedSearchAlert, 'none'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

type Row = typeof savedSearches.$inferSelect;
const view = (row: Row): SavedSearchView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  alert: row.alert as SavedSearchAlert,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new DomainError('searches.not_found');
const nextAlert = (alert: SavedSearchAlert, from: Date) => (alert === 'none' ? null : new Date(from.getTime() + PERIOD_MS[alert]));
/** The unique index of (company, name). */
const isNameTaken = (err: unknown) => {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
  return cause.code === '23505' && cause.constraint === 'saved_searches_company_name_idx';
};

export async function listSavedSearches(db: Db, companyId: string): Promise<SavedSearchView[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.companyId, companyId)).orderBy(asc(savedSearches.name));
  return rows.map(view);
}

export async function createSavedSearch(
  db: Db,
  clock: Clock,
  companyId: string,
  input: { name: string; query: string; alert: SavedSearchAlert },
): Promise<SavedSearchView> {
  const search = parseSavedQuery(input.query);
  // The shared schema checked it already; this keeps the service whole on its own.
  if (!search) throw new DomainError('common.invalid_input');
  try {
    return await db.transaction(async (tx) => {
      // One company's saves take turns, so two at once cannot pass the limit together.
      await tx.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.id, companyId)).for('update');
      const [{ n }] = (await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.companyId, companyId))) as [{ n: number }];
      if (n >= SAVED_SEARCHES_MAX) throw new DomainError('searches.limit', { params: { max: SAVED_SEARCHES_MAX } });
      const now = clock.now();
      const [row] = await tx
        .insert(savedSearches)
        .values({ companyId, name: input.name, query: savedQueryOf(search), alert: input.alert, alertSince: now, nextAlertAt: nextAlert(input.alert, now), createdAt: now, updatedAt: now })
        .returning();
      return view(row!);
    });
  } catch (err) {
    if (isNameTaken(err)) throw new DomainError('searches.name_taken');
    throw err;
  }
}

export async function updateSavedSearch(
  db: Db,
  clock: Clock,
  companyId: string,
  id: string,
  input: { name?: string; alert?: SavedSearchAlert },
): Promise<SavedSearchView> {
  if (!isUuid(id)) throw notFound();
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.companyId, companyId)))
        .for('update');
      if (!current) throw notFound();
      const changes: Partial<Row> = { updatedAt: now };
      if (input.name !== undefined) changes.name = input.name;
      if (input.alert !== undefined && input.alert !== current.alert) {
        changes.alert = input.alert;
        changes.nextAlertAt = nextAlert(input.alert, now);
        // An alert turned on lists what is approved from now on, not what came while it was off.
        if (current.alert === 'none') changes.alertSince = now;
      }
      const [row] = await tx.update(savedSearches).set(changes).where(eq(savedSearches.id, id)).returning();
      return view(row!);
    });
  } catch (err) {
    if (isNameTaken(err)) throw new DomainError('searches.name_taken');
    throw err;
  }
}

export async function deleteSavedSearch(db: Db, companyId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.companyId, companyId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound();
}

// ---- The link that stops a search's e-mails: the search's id and its signature with the session secret. It never
// expires (an old e-mail's link still works) and does nothing but turn that one alert off.

const signatureOf = (secret: string, id: string) => createHmac('sha256', secret).update(`saved-search-alert-stop:${id}`).digest('base64url');

export function stopAlertToken(secret: string, id: string): string {
  return `${id}.${signatureOf(secret, id)}`;
}

export async function stopSavedSearchAlert(db: Db, clock: Clock, secret: string, token: string): Promise<{ name: string }> {
  const [id = '', signature = ''] = token.split('.');
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(signature);
  if (!isUuid(id) || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('searches.link_invalid');
  const [row] = await db
    .update(savedSearches)
    .set({ alert: 'none', nextAlertAt: null, updatedAt: clock.now() })
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  // A deleted search sends nothing any more: the link says so like an invalid one.
  if (!row) throw new DomainError('searches.link_invalid');
  return row;
}

// ---- Alerts.

export interface SavedSearchAlertContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  secret: string;
}

/** Sends the alerts of one batch of due searches; how many searches it claimed and how many e-mails it queued. */
async function alertBatch(ctx: SavedSearchAlertContext, batchSize: number): Promise<{ claimed: number; sent: number }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .select({ search: savedSearches, company: companyProfiles })
      .from(savedSearches)
      .innerJoin(companyProfiles, eq(companyProfiles.id, savedSearches.companyId))
      .where(and(ne(savedSearches.alert, 'none'), lte(savedSearches.nextAlertAt, now)))
      .orderBy(asc(savedSearches.nextAlertAt))
      .limit(batchSize)
      .for('update', { of: savedSearches, skipLocked: true });
    let sent = 0;
    for (const { search, company } of due) {
      const alert = search.alert as Exclude<SavedSearchAlert, 'none'>;
      const input = parseSavedQuery(search.query);
      // Only companies that may search get its results; a lapsed one starts afresh when it renews.
      const hasAccess = company.subscriptionStatus === 'active' && company.subscriptionEndDate !== null && company.subscriptionEndDate > now;
      if (input && hasAccess) {
        const matches = await findNewMatches(tx, search.companyId, { ...input, limit: SAVED_SEARCH_ALERT_ITEMS }, search.alertSince, now, SAVED_SEARCH_ALERT_ITEMS);
        if (matches.total > 0) {
          const mail = savedSearchAlertTemplate({
            locale: await recipientLocale(tx, company.userId),
            productName: ctx.productName,
            contactPerson: company.contactPerson,
            searchName: search.name,
            frequency: alert,
            items: matches.items.map((item) => ({
              name: item.fullName,
              industry: item.industries[0],
              location: item.location,
              yearsOfExperience: item.yearsOfExperience,
              link: `${ctx.publicUrl}/dashboard/candidates/${item.id}`,
            })),
            total: matches.total,
            searchLink: `${ctx.publicUrl}/dashboard${search.query ? `?${search.query}` : ''}`,
            stopLink: `${ctx.publicUrl}/alerts/stop?token=${encodeURIComponent(stopAlertToken(ctx.secret, search.id))}`,
          });
          await enqueueEmail(tx, { to: company.email, template: 'saved_search_alert', ...mail }, { now });
          sent++;
        }
      }
      await tx
        .update(savedSearches)
        .set({ alertSince: now, nextAlertAt: new Date(now.getTime() + PERIOD_MS[alert]) })
        .where(eq(savedSearches.id, search.id));
    }
    return { claimed: due.length, sent };
  });
}

/** Every alert due now, in batches; how many e-mails were queued. */
export async function sendDueSearchAlerts(ctx: SavedSearchAlertContext, batchSize = 50): Promise<number> {
  let sent = 0;
  for (let batch = await alertBatch(ctx, batchSize); batch.claimed > 0; batch = await alertBatch(ctx, batchSize)) sent += batch.sent;
  return sent;
}
