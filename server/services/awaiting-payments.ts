// The invoices awaiting payment, as the team matches them against the bank's statement: the ones whose company says
// it has paid come first (the longest waiting first), then the others oldest first, and one search finds an invoice
// by whatever the statement line shows: the reference, the amount as the bank writes it, the invoice number or the
// company's name (docs/decisions/0044-payments-matched-in-one-search.md).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminPayment, Page } from '#shared/admin.ts';
import { FILS_PER_AED } from '#shared/constants.ts';
import { referenceLetters } from '#shared/company.ts';
import { companyProfiles, invoices } from '#shared/schema.ts';
import { isUuid } from '#shared/ids.ts';
import type { Db } from '../db/client.ts';
import { decodeCursor, encodeCursor, isExactTimestamp, isRecord } from './cursor.ts';
import { containsPattern, countAll, pageScope } from './keyset.ts';

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;
const digitOf = (c: string) => String((c.codePointAt(0)! - (c >= '\u06f0' ? 0x06f0 : 0x0660)) % 10);
// A currency written before or after the number: AED, Dhs, Dh, د.إ (with or without its dots).
const CURRENCY = /^(?:aed|dhs?\.?|د\.?إ\.?)\s*|\s*(?:aed|dhs?\.?|د\.?إ\.?)$/giu;
// A space, no-break space, narrow no-break space or apostrophe between groups of three digits: 1 417,50 or 1'417.50.
const GROUP_SPACE = /(\d)[\s\u00a0\u202f'’](?=\d{3}(?:\D|$))/gu;

/**
 * An amount as people and banks write it, in fils: 1417.50, 1,417.50, 1417.5, 1 417,50, 1.417,50, AED 1,417.50,
 * ١٤١٧٫٥٠. Without decimals it is a whole number of dirhams and `wholeAed` is true (1417 finds 1417.50 too). Null for
 * anything that is not one amount (two separators of one kind with other than three digits after them, three
 * decimals, letters).
 */
export function parseAmount(text: string): { fils: number; wholeAed: boolean } | null {
  let value = text
    .trim()
    .replace(ARABIC_INDIC, digitOf)
    .replace(/\u066b/g, '.') // Arabic decimal separator
    .replace(/\u066c/g, ',') // Arabic thousands separator
    .replace(CURRENCY, '')
    .trim()
    .replace(GROUP_SPACE, '$1');
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else {
    const at = Math.max(lastDot, lastComma);
    const separator = value[at];
    // One separator with one or two digits after it is the decimal one (1417.5, 1417,50); three digits after it, or
    // the same separator more than once, group thousands (1,417 or 1.417.500).
    if (at >= 0 && value.indexOf(separator!) === at && value.length - at - 1 <= 2) decimalAt = at;
  }
  const whole = decimalAt >= 0 ? value.slice(0, decimalAt) : value;
  const decimals = decimalAt >= 0 ? value.slice(decimalAt + 1) : '';
  if (!/^\d+$/.test(decimals || '0') || decimals.length > 2) return null;
  // The whole part's separators must group thousands: 1,417 and 1.417.500, never 14,17.
  if (/[.,]/.test(whole) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return null;
  if (decimalAt >= 0 && /[.,]/.test(whole) && whole.includes(value[decimalAt]!)) return null;
  value = whole.replace(/[.,]/g, '');
  const aed = Number(value);
  if (!Number.isSafeInteger(aed) || aed > 1_000_000_000) return null;
  return { fils: aed * FILS_PER_AED + Number(decimals.padEnd(2, '0')), wholeAed: decimalAt < 0 };
}


// The order of the list, and the expressions of the partial index that walks it (invoices_awaiting_payment_idx in
// shared/schema.ts: the query repeats them exactly).
const notDeclared = sql<boolean>`(${invoices.paymentDeclaredAt} is null)`;
const waitingSince = sql`coalesce(${invoices.paymentDeclaredAt}, ${invoices.issuedAt})`;
const awaiting = eq(invoices.status, 'issued');

interface PaymentCursor {
  /** Whether the last row's company has not said it paid. */
  n: boolean;
  at: string;
  id: string;
  /** The total counted for the first page, and the list's scope (see keyset.ts). */
  t: number;
  f: string;
}

const isPaymentCursor = (scope: string) => (c: unknown): c is PaymentCursor =>
  isRecord(c) && typeof c.n === 'boolean' && isExactTimestamp(c.at) && isUuid(c.id) && typeof c.t === 'number' && Number.isSafeInteger(c.t) && c.t >= 0 && c.f === scope;

// A reference or number by its letters and digits alone, as the trigram indexes invoices_awaiting_reference_trgm_idx and
// invoices_awaiting_number_trgm_idx hold them (the same expressions exactly).
const lettersOf = (column: typeof invoices.declaredReference | typeof invoices.number) => sql`regexp_replace(lower(${column}), '[^[:alnum:]]', '', 'g')`;

/**
 * The invoices awaiting payment the search finds: any part of the reference or number (spaces, dashes and case
 * aside), the amount, any part of the company's name. One set of ids per index, joined by UNION: an OR across the
 * two tables would read every invoice awaiting payment instead.
 */
function matchingIds(q: string): SQL {
  const letters = referenceLetters(q);
  const amount = parseAmount(q);
  const sets: SQL[] = [
    sql`select ${invoices.id} from ${invoices} join ${companyProfiles} on ${companyProfiles.id} = ${invoices.companyId} where ${awaiting} and ${companyProfiles.companyName} ilike ${containsPattern(q)}`,
  ];
  if (letters) {
    const pattern = containsPattern(letters);
    sets.push(sql`select ${invoices.id} from ${invoices} where ${awaiting} and ${lettersOf(invoices.declaredReference)} like ${pattern}`);
    sets.push(sql`select ${invoices.id} from ${invoices} where ${awaiting} and ${lettersOf(invoices.number)} like ${pattern}`);
  }
  if (amount) {
    // Whole dirhams (1417) find any amount of that many dirhams (1417.50 too).
    const [from, to] = amount.wholeAed ? [amount.fils, amount.fils + FILS_PER_AED - 1] : [amount.fils, amount.fils];
    sets.push(sql`select ${invoices.id} from ${invoices} where ${awaiting} and ${invoices.totalFils} between ${from} and ${to}`);
  }
  return sql`${invoices.id} in (${sql.join(sets, sql` union `)})`;
}

export async function listAwaitingPayments(db: Db, query: { q?: string; cursor?: string; limit: number }): Promise<Page<AdminPayment>> {
  const scope = pageScope('payments', { q: query.q });
  const cursor = query.cursor ? decodeCursor(query.cursor, isPaymentCursor(scope)) : undefined;
  const filter = query.q ? and(awaiting, matchingIds(query.q)) : awaiting;
  const after = cursor ? sql`(${notDeclared}, ${waitingSince}, ${invoices.id}) > (${cursor.n}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        invoice: {
          id: invoices.id,
          number: invoices.number,
          totalFils: invoices.totalFils,
          issuedAt: invoices.issuedAt,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          declaredAt: invoices.paymentDeclaredAt,
          transferDate: invoices.declaredTransferDate,
          reference: invoices.declaredReference,
        },
        company: { id: companyProfiles.id, companyName: companyProfiles.companyName, subscriptionStatus: companyProfiles.subscriptionStatus },
        notDeclared,
        at: sql<string>`to_char(${waitingSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(invoices)
      .innerJoin(companyProfiles, eq(companyProfiles.id, invoices.companyId))
      .where(and(filter, after))
      .orderBy(notDeclared, waitingSince, invoices.id)
      .limit(query.limit + 1),
    cursor
      ? Promise.resolve(cursor.t)
      : // Every invoice has its company (a foreign key): the count needs no join.
        db
          .select({ total: countAll() })
          .from(invoices)
          .where(filter)
          .then(([row]) => row?.total ?? 0),
  ]);
  const items = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? items.at(-1) : undefined;
  return {
    items: items.map(({ invoice, company }) => ({
      invoiceId: invoice.id,
      number: invoice.number,
      totalFils: invoice.totalFils,
      currency: 'AED',
      issuedAt: invoice.issuedAt.toISOString(),
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      declaration:
        invoice.declaredAt && invoice.transferDate
          ? { transferDate: invoice.transferDate, bankReference: invoice.reference, declaredAt: invoice.declaredAt.toISOString() }
          : null,
      company,
    })),
    total,
    nextCursor: last ? encodeCursor({ n: last.notDeclared, at: last.at, id: last.invoice.id, t: total, f: scope } satisfies PaymentCursor) : null,
  };
}
