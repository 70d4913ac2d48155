import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { recordIdSchema } from './ids';
import { INVITATION_TTL_DAYS, invitationTokenBodySchema, invitedEmailSchema } from './invitation';
import { MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS } from './reviewer-preferences.schema';

// ---------------------------------------------------------------------------------------------
// Roles (issue 14, decision 021)
// ---------------------------------------------------------------------------------------------
export { isStaff, ROLES, type Role } from './auth.schema';

/** An invitation link works once, for this long (shared/invitation.ts). */
export { INVITATION_TTL_DAYS };
/** A claim with no activity (claim, save) for this long lapses back to the queue. */
export const CLAIM_IDLE_HOURS = 2;

/** The claimant as the queue and the 409 name them: first and last name, else the account name, else the e-mail. */
export function claimedByMessage(name: string): string {
  return `Claimed by ${name}`;
}

export const TEAM_MESSAGES = {
  staleDraft: 'This draft was changed in another tab or by another reviewer. Reload to see the latest version.',
  notClaimed: 'Claim this order before you edit it.',
  claimedBy: claimedByMessage,
  cannotClaim: 'A cancelled order cannot be claimed.',
  notOnTeam: 'That account is not an active member of the review team.',
  alreadyOnTeam: 'That account is already on the review team.',
  invitationInvalid: 'This invitation link is not valid. Ask an admin for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Ask an admin for a new one.',
  invitationRevoked: 'This invitation was withdrawn. Ask an admin for a new one.',
  invitationUnverified: (email: string) =>
    `Verify ${email} first: open the link in the verification e-mail we sent to it, then come back to this page to accept.`,
  invitationOtherAccount: (email: string) =>
    `This invitation is for ${email}. Sign out and sign in (or create an account) with that address to accept it.`,
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  cannotChangeAdmin: 'Admins are managed with the admin command (npm run admin), not from the team page.',
} as const;

// ---------------------------------------------------------------------------------------------
// Claims on the queue
// ---------------------------------------------------------------------------------------------
/** Who holds an order (null when nobody does or the claim lapsed). */
export const claimInfoSchema = z.object({
  userId: z.string(),
  name: z.string(),
  claimedAt: isoDateTimeSchema,
  /** Last activity under the claim; it lapses CLAIM_IDLE_HOURS after this. */
  activeAt: isoDateTimeSchema,
  lapsesAt: isoDateTimeSchema,
});
export type ClaimInfo = z.infer<typeof claimInfoSchema>;

/** POST /api/admin/submissions/:id/assign: an admin gives the order to a team member, or (null) back to the queue. */
export const assignClaimSchema = z.object({
  userId: recordIdSchema('userId is required').nullable(),
  /** Required to assign the order to a reviewer its customer blocked (decision 074), and recorded. */
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS, `Keep the reason under ${MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS} characters`)
    .optional(),
});
export type AssignClaimInput = z.infer<typeof assignClaimSchema>;

// ---------------------------------------------------------------------------------------------
// The team page: /admin/team
// ---------------------------------------------------------------------------------------------
export const inviteReviewerSchema = z.object({ email: invitedEmailSchema });
export type InviteReviewerInput = z.infer<typeof inviteReviewerSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['reviewer', 'admin']),
  suspended: z.boolean(),
  openClaims: z.number().int().nonnegative(),
  /** Admins are managed with the admin command; the page offers suspend/remove on reviewers only. */
  manageable: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/admin/team */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** The invitation link's token (base64url, from the link's #token=...). */
export const invitationTokenSchema = invitationTokenBodySchema(TEAM_MESSAGES.invitationInvalid);
export type InvitationTokenInput = z.infer<typeof invitationTokenSchema>;

/** POST /api/team/invitations/lookup: who the invitation is for (the join page shows it). */
export const invitationLookupSchema = z.object({ email: z.string(), expiresAt: isoDateTimeSchema });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;
