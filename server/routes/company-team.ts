import express from 'express';
import { invitationTokenSchema, inviteMemberSchema, memberRoleSchema, transferOwnershipSchema } from '#shared/company-team.ts';
import { requireRole, requireUser } from '../auth/current-user.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateIds } from '../http/validate.ts';
import {
  acceptInvitation,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
  setMemberRole,
  transferOwnership,
  type TeamContext,
} from '../services/company-team.ts';

const HOUR = 60 * 60 * 1000;
const limits = {
  invitations: { name: 'team-invite', windowMs: HOUR, max: 30, key: (req: express.Request) => req.user?.id },
  links: { name: 'team-invitation-link-ip', windowMs: HOUR, max: 60 },
} satisfies Record<string, RateLimitRule>;

/** The company's team (/api/company/team, invitations, members) and the invitation links (/api/invitations). */
export function companyTeamRouter(ctx: TeamContext & { mailer: { kick(): void } }) {
  const router = express.Router();
  const company = requireRole('company');

  router.get('/company/team', company, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getTeam(ctx, req.user!));
  });
  router.post('/company/invitations', company, rateLimit(ctx.db, ctx.clock, limits.invitations), validate(inviteMemberSchema), async (req, res) => {
    const invitation = await inviteMember(ctx, req.user!, req.body);
    ctx.mailer.kick();
    res.status(201).json(invitation);
  });
  router.delete('/company/invitations/:id', company, validateIds('team.invitation_not_found', 'id'), async (req, res) => {
    await revokeInvitation(ctx, req.user!, req.params.id as string);
    res.status(204).end();
  });
  router.delete('/company/members/:userId', company, validateIds('team.member_not_found', 'userId'), async (req, res) => {
    await removeMember(ctx, req.user!, req.params.userId as string);
    res.status(204).end();
  });
  router.post('/company/members/:userId/role', company, validateIds('team.member_not_found', 'userId'), validate(memberRoleSchema), async (req, res) => {
    await setMemberRole(ctx, req.user!, req.params.userId as string, req.body.role);
    res.status(204).end();
  });
  router.post('/company/owner', company, validate(transferOwnershipSchema), async (req, res) => {
    await transferOwnership(ctx, req.user!, req.body.userId);
    res.status(204).end();
  });

  // The e-mail's link: what it invites to (anyone holding it), then joining (signed in as the invited address).
  router.post('/invitations/preview', rateLimit(ctx.db, ctx.clock, limits.links), validate(invitationTokenSchema), async (req, res) => {
    res.json(await previewInvitation(ctx, req.body.token));
  });
  router.post('/invitations/accept', requireUser, rateLimit(ctx.db, ctx.clock, limits.links), validate(invitationTokenSchema), async (req, res) => {
    res.json(await acceptInvitation(ctx, req.user!, req.body.token));
  });
  return router;
}
