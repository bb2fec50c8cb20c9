// A company's team: the owner (who signed the company up) and the colleagues they invite, within the seats of the
// plan. Shared by the server's edge and the client's forms.
import { z } from 'zod';
import { idSchema } from './ids.ts';
import { text } from './text.ts';

export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** What the owner can make a colleague: an admin also sees and pays the bills. */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** An invitation's link works this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const memberRole = z.enum(MEMBER_ROLES, { error: 'Please choose admin or member' });

/** POST /api/company/invitations */
export const inviteMemberSchema = z.object({
  email: text('E-mail address', { error: "Please enter your colleague's e-mail address" })
    .toLowerCase()
    .min(1, "Please enter your colleague's e-mail address")
    .max(254, 'This e-mail address is too long')
    .pipe(z.email('Please enter a valid e-mail address')),
  role: memberRole.default('member'),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** POST /api/company/members/:userId/role */
export const memberRoleSchema = z.object({ role: memberRole });
/** POST /api/company/owner: hands the company over to a colleague. */
export const transferOwnershipSchema = z.object({ userId: idSchema('Please choose a colleague') });
/** POST /api/invitations/preview and /accept: the token of the e-mail's link. */
export const invitationTokenSchema = z.object({ token: z.string({ error: 'This invitation link is not valid' }).min(1, 'This invitation link is not valid').max(200, 'This invitation link is not valid') });

export interface TeamMember {
  userId: string;
  email: string | null;
  name: string | null;
  role: CompanyRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: MemberRole;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/company/team */
export interface CompanyTeam {
  /** People the plan allows, the owner included. */
  seats: number;
  /** Taken: the owner, the colleagues and the invitations still open. */
  used: number;
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** POST /api/invitations/preview: what the invitation page shows before accepting. */
export interface InvitationPreview {
  companyName: string;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
}
