// The seats of a company's team. Taken: the owner, the colleagues and the invitations still open. Available: the
// seats of the company's plan, and while a renewal to a plan with fewer seats awaits payment, that plan's: the team
// must fit the plan it is about to pay for, so it cannot grow past it in the meantime (docs/decisions/0033).
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { PlanId } from '#shared/constants.ts';
import { companyInvitations, companyMembers, invoices, type CompanyProfile } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';

export type TeamSeats = Record<PlanId, number>;

/** Invitations whose link still works. */
export const openInvitations = (now: Date) =>
  and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, now));

/** The owner and the colleagues (people), and the open invitations. */
export async function seatsTaken(db: Db | DbOrTx, companyId: string, now: Date): Promise<{ people: number; invitations: number; used: number }> {
  const [[members], [invitations]] = await Promise.all([
    db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db.select({ n: count() }).from(companyInvitations).where(and(eq(companyInvitations.companyId, companyId), openInvitations(now))),
  ]);
  const people = 1 + members!.n;
  return { people, invitations: invitations!.n, used: people + invitations!.n };
}

/** The seats the team may fill now: its plan's, or fewer while a renewal to a smaller plan awaits payment. */
export async function seatLimit(db: Db | DbOrTx, company: CompanyProfile, teamSeats: TeamSeats): Promise<number> {
  const current = teamSeats[company.subscriptionPlan as PlanId];
  const [renewal] = await db
    .select({ plan: invoices.plan })
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.status, 'issued')))
    .limit(1);
  return renewal ? Math.min(current, teamSeats[renewal.plan as PlanId] ?? current) : current;
}
