// A company's team: the owner invites colleagues by e-mail within the seats of the plan; an invitee accepts with the
// e-mail's single-use link (7 days), signed in with that address, and works in the same company. The owner changes a
// colleague's role, removes one (whose sessions end at once) and hands the company over. Every change is audited.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  INVITATION_TTL_MS,
  type CompanyRole,
  type CompanyTeam,
  type InvitationPreview,
  type InviteMemberInput,
  type MemberRole,
  type TeamInvitation,
} from '#shared/company-team.ts';
import { auditLog, companyInvitations, companyMembers, companyProfiles, users, type CompanyProfile, type User } from '#shared/schema.ts';
import { companyOf, type UserCompany } from '../auth/company-of-user.ts';
import { hasDatabaseAccess } from '../auth/require-active-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail, type DbOrTx } from '../mail/outbox.ts';
import { teamInvitationTemplate } from '../mail/templates.ts';
import { recordConsent } from './consents.ts';
import { openInvitations as open, seatLimit, seatsTaken, type TeamSeats } from './team-seats.ts';

export interface TeamContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  /** Seats per plan, the owner included. */
  teamSeats: TeamSeats;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's company and role; `allowed` are the roles that may do this. */
async function companyFor(db: Db | DbOrTx, user: User, allowed: readonly CompanyRole[], options: { lock?: boolean } = {}): Promise<UserCompany> {
  const found = await companyOf(db, user, options);
  if (!found) throw new DomainError('company.profile_not_found');
  if (!allowed.includes(found.role)) throw new DomainError('team.owner_only');
  return found;
}

const invitationView = (row: typeof companyInvitations.$inferSelect): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role as MemberRole,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const nameOf = (u: Pick<User, 'firstName' | 'lastName'>) => [u.firstName, u.lastName].filter(Boolean).join(' ') || null;

/** The team as every colleague sees it: who is in it, the open invitations, the seats. */
export async function getTeam(ctx: TeamContext, user: User): Promise<CompanyTeam> {
  const { company } = await companyFor(ctx.db, user, ['owner', 'admin', 'member']);
  const now = ctx.clock.now();
  const [owner, members, invitations, seats] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, company.userId)),
    ctx.db
      .select({ member: companyMembers, user: users })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, company.id))
      .orderBy(asc(companyMembers.createdAt)),
    ctx.db.select().from(companyInvitations).where(and(eq(companyInvitations.companyId, company.id), open(now))).orderBy(asc(companyInvitations.createdAt)),
    seatLimit(ctx.db, company, ctx.teamSeats),
  ]);
  const ownerUser = owner[0]!;
  return {
    seats,
    used: 1 + members.length + invitations.length,
    members: [
      { userId: ownerUser.id, email: ownerUser.email, name: nameOf(ownerUser), role: 'owner', joinedAt: company.createdAt.toISOString() },
      ...members.map(({ member, user: u }) => ({ userId: u.id, email: u.email, name: nameOf(u), role: member.role as CompanyRole, joinedAt: member.createdAt.toISOString() })),
    ],
    invitations: invitations.map(invitationView),
  };
}

/** Invites a colleague (owner or admin), if a seat is free; the e-mail carries the single-use link. */
export async function inviteMember(ctx: TeamContext, user: User, input: InviteMemberInput & { email: string }): Promise<TeamInvitation> {
  return ctx.db.transaction(async (tx) => {
    // The company's row is locked: two invitations sent at once cannot both take the last seat.
    const { company, role } = await companyFor(tx, user, ['owner', 'admin'], { lock: true });
    // A team grows once the company has paid (an unpaid sign-up cannot send e-mails in its name to anyone).
    if (!company.paymentVerifiedAt) throw new DomainError('team.pay_first');
    const now = ctx.clock.now();
    // Nor once its access is suspended or has ended: the e-mail would invite to a company that cannot search.
    if (!hasDatabaseAccess(company, now)) throw new DomainError('team.company_inactive');
    // Only the owner makes admins.
    if (input.role === 'admin' && role !== 'owner') throw new DomainError('team.owner_only');
    const seats = await seatLimit(tx, company, ctx.teamSeats);
    if ((await seatsTaken(tx, company.id, now)).used >= seats) throw new DomainError('team.no_seats', { params: { seats } });
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(and(eq(users.email, input.email), sql`(${users.id} = ${company.userId} or ${companyMembers.companyId} = ${company.id})`));
    if (existing) throw new DomainError('team.already_member');
    const [invited] = await tx.select({ id: companyInvitations.id }).from(companyInvitations).where(and(eq(companyInvitations.companyId, company.id), eq(companyInvitations.email, input.email), open(now)));
    if (invited) throw new DomainError('team.already_invited');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const [row] = await tx
      .insert(companyInvitations)
      .values({ companyId: company.id, email: input.email, role: input.role ?? 'member', tokenHash: hashToken(token), invitedById: user.id, createdAt: now, expiresAt })
      .returning();
    const mail = teamInvitationTemplate({
      productName: ctx.productName,
      companyName: company.companyName,
      inviter: nameOf(user) ?? user.email ?? company.contactPerson,
      link: `${ctx.publicUrl}/invite?token=${token}`,
      validDays: INVITATION_TTL_MS / (24 * 60 * 60 * 1000),
    });
    await enqueueEmail(tx, { to: input.email, template: 'team_invitation', ...mail }, { now, secretsExpireAt: expiresAt });
    await audit(tx, user, 'team.invite', company, { email: input.email, role: row!.role }, now);
    return invitationView(row!);
  });
}

async function audit(tx: DbOrTx, actor: User, action: string, company: CompanyProfile, details: Record<string, unknown>, now: Date) {
  await tx.insert(auditLog).values({ actorId: actor.id, action, subjectType: 'company', subjectId: company.id, details, at: now });
}

/** Takes an open invitation back (owner or admin); its link stops working. */
export async function revokeInvitation(ctx: TeamContext, user: User, invitationId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { company } = await companyFor(tx, user, ['owner', 'admin']);
    const now = ctx.clock.now();
    const [row] = await tx
      .update(companyInvitations)
      .set({ revokedAt: now })
      .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, company.id), open(now)))
      .returning();
    if (!row) throw new DomainError('team.invitation_not_found');
    await audit(tx, user, 'team.revoke_invitation', company, { email: row.email }, now);
  });
}

/** The invitation behind a link, if it can still be accepted. */
async function usableInvitation(db: Db | DbOrTx, token: string, now: Date, options: { lock?: boolean } = {}) {
  const query = db
    .select({ invitation: companyInvitations, company: companyProfiles })
    .from(companyInvitations)
    .innerJoin(companyProfiles, eq(companyProfiles.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.tokenHash, hashToken(token)), open(now)));
  const [row] = options.lock ? await query.for('update', { of: companyInvitations }) : await query;
  if (!row) throw new DomainError('team.invitation_invalid');
  return row;
}

/** What the invitation page shows: who invites whom to which company. */
export async function previewInvitation(ctx: Pick<TeamContext, 'db' | 'clock'>, token: string): Promise<InvitationPreview> {
  const { invitation, company } = await usableInvitation(ctx.db, token, ctx.clock.now());
  const [inviter] = invitation.invitedById ? await ctx.db.select().from(users).where(eq(users.id, invitation.invitedById)) : [];
  return { companyName: company.companyName, email: invitation.email, invitedBy: inviter ? (nameOf(inviter) ?? inviter.email) : null, expiresAt: invitation.expiresAt.toISOString() };
}

/**
 * The signed-in invitee joins the company. The account must be the invited address's, and not yet in a company or a
 * job seeker's; an account with no role yet becomes a company account. The link works once.
 */
export async function acceptInvitation(ctx: Pick<TeamContext, 'db' | 'clock' | 'teamSeats'>, user: User, token: string): Promise<{ companyName: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const { invitation } = await usableInvitation(tx, token, now, { lock: true });
    // The company, then the account, locked in the order the other team changes take them: seats are counted
    // against a steady team, and two invitations accepted at once by one account cannot both add it.
    const [locked] = await tx.select().from(companyProfiles).where(eq(companyProfiles.id, invitation.companyId)).for('update');
    const company = locked!;
    const [account] = await tx
      .select({ passwordHash: users.passwordHash, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (user.email?.toLowerCase() !== invitation.email) throw new DomainError('team.invitation_other_email', { params: { email: invitation.email } });
    if (user.role === 'job_seeker') throw new DomainError('team.job_seeker_account');
    if (await companyOf(tx, user)) throw new DomainError('team.already_in_company');
    // The company as it is now, not as it was when the invitation was sent: suspended or lapsed, it adds nobody;
    // and the team must still fit its seats (a renewal to a smaller plan may have come since).
    if (!hasDatabaseAccess(company, now)) throw new DomainError('team.invitation_company_inactive');
    if ((await seatsTaken(tx, company.id, now)).people >= (await seatLimit(tx, company, ctx.teamSeats))) throw new DomainError('team.invitation_no_seats');
    // The invitation's link was e-mailed to this address, so following it proves the address, as the confirmation link
    // does; and whoever follows it is signed in to the account, so chose or knows its password: that password, if it
    // is still the one this session signed in with, counts as chosen after the proof (docs/decisions/0016). The
    // colleague is not asked to confirm the address again.
    const passwordProven = account!.passwordHash !== null && account!.passwordHash === user.passwordHash && account!.sessionVersion === user.sessionVersion;
    await tx
      .update(users)
      .set({
        ...(user.role ? {} : { role: 'company' as const }),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        ...(passwordProven ? { passwordSetAfterProof: true } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.insert(companyMembers).values({ companyId: company.id, userId: user.id, role: invitation.role, invitedById: invitation.invitedById, createdAt: now });
    await tx.update(companyInvitations).set({ acceptedAt: now, acceptedById: user.id }).where(eq(companyInvitations.id, invitation.id));
    await audit(tx, user, 'team.join', company, { email: invitation.email, role: invitation.role }, now);
    // Joining agrees to the privacy policy and terms in force (the invitation page says so by its button).
    await recordConsent(tx, user.id, 'company', now);
    return { companyName: company.companyName };
  });
}

async function colleague(tx: DbOrTx, company: CompanyProfile, userId: string) {
  const [row] = await tx
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, userId)))
    .for('update');
  if (!row) throw new DomainError('team.member_not_found');
  return row;
}

/** The owner removes a colleague: out of the company, and every session of theirs ends at once. */
export async function removeMember(ctx: TeamContext, user: User, memberUserId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { company } = await companyFor(tx, user, ['owner'], { lock: true });
    const member = await colleague(tx, company, memberUserId);
    const now = ctx.clock.now();
    await tx.delete(companyMembers).where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, member.userId)));
    await tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now }).where(eq(users.id, member.userId));
    await audit(tx, user, 'team.remove', company, { userId: member.userId }, now);
  });
}

/** The owner makes a colleague an admin (who sees and pays the bills) or a member. */
export async function setMemberRole(ctx: TeamContext, user: User, memberUserId: string, role: MemberRole): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { company } = await companyFor(tx, user, ['owner'], { lock: true });
    const member = await colleague(tx, company, memberUserId);
    if (member.role === role) return;
    const now = ctx.clock.now();
    await tx.update(companyMembers).set({ role }).where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, member.userId)));
    await audit(tx, user, 'team.set_role', company, { userId: member.userId, role }, now);
  });
}

/** The owner hands the company over to a colleague, and stays in the team as an admin. */
export async function transferOwnership(ctx: TeamContext, user: User, newOwnerId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { company } = await companyFor(tx, user, ['owner'], { lock: true });
    const member = await colleague(tx, company, newOwnerId);
    const now = ctx.clock.now();
    await tx.delete(companyMembers).where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, member.userId)));
    await tx.update(companyProfiles).set({ userId: member.userId, updatedAt: now }).where(eq(companyProfiles.id, company.id));
    await tx.insert(companyMembers).values({ companyId: company.id, userId: user.id, role: 'admin', invitedById: member.userId, createdAt: now });
    await audit(tx, user, 'team.transfer_ownership', company, { from: user.id, to: member.userId }, now);
  });
}
