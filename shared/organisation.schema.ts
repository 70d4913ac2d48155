import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { INVITATION_TTL_DAYS, invitationTokenBodySchema, invitedEmailSchema } from './invitation';
import { TEAM_MESSAGES } from './team.schema';

// ---------------------------------------------------------------------------------------------
// Organisations (issue 27, decision 043): colleagues who share orders, credit, API keys and a style guide.
// One organisation per account; owners manage billing, members and the style guide, members place orders.
// ---------------------------------------------------------------------------------------------
export { INVITATION_TTL_DAYS };

export const ORGANISATION_ROLES = ['owner', 'member'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = { owner: 'Owner', member: 'Member' };

export const ORGANISATION_NAME_MAX = 100;
/** Invitations one account may send per window (decision 043): a real team never meets it, a spammer does. */
export const ORGANISATION_INVITATIONS_PER_WINDOW = 30;
export const ORGANISATION_INVITATION_WINDOW_SECONDS = 3600;

const ownerAction = 'Ask an owner of the organisation for a new one.';

export const ORGANISATION_MESSAGES = {
  nameRequired: 'Enter the name of the organisation.',
  nameTooLong: `The name can be at most ${ORGANISATION_NAME_MAX} characters.`,
  nameInvisible: 'The name cannot contain control characters or invisible formatting characters.',
  alreadyInOrganisation: 'You already belong to an organisation. An account can belong to one organisation only: leave it first.',
  notInOrganisation: 'You do not belong to an organisation.',
  ownerOnly: 'Only an owner of the organisation can do this.',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  alreadyMember: 'That address already belongs to a member of your organisation.',
  lastOwnerDemote: 'An organisation needs an owner. Make another member an owner before you change this role.',
  lastOwnerRemove: 'The last owner cannot be removed. Make another member an owner first.',
  lastOwnerLeave: 'You are the only owner. Make another member an owner before you leave the organisation.',
  lastOwnerDelete:
    'You are the only owner of your organisation, and it has other members. Make another member an owner (Settings → Organisation) before you delete your account.',
  tooManyInvitations: 'Too many invitations sent from your account. Please try again later.',
  invitationInvalid: `This invitation link is not valid. ${ownerAction}`,
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: `This invitation has expired. ${ownerAction}`,
  invitationRevoked: `This invitation was withdrawn. ${ownerAction}`,
  invitationOtherAccount: TEAM_MESSAGES.invitationOtherAccount,
  invitationUnverified: TEAM_MESSAGES.invitationUnverified,
  acceptAlreadyInOrganisation:
    'Your account already belongs to an organisation. An account can belong to one organisation only: leave it (Settings → Organisation), then open this link again.',
  created: 'Organisation created.',
  renamed: 'Organisation renamed.',
  invitationSent: (email: string) => `Invitation sent to ${email}. The link works once, for ${INVITATION_TTL_DAYS} days.`,
  invitationWithdrawn: 'Invitation withdrawn.',
  roleChanged: (name: string, role: OrganisationRole) => `${name} is now ${role === 'owner' ? 'an owner' : 'a member'}.`,
  removed: (name: string) => `${name} was removed from the organisation. The orders they placed stay with it.`,
  left: 'You left the organisation. Its orders stay with it.',
  joined: (name: string) => `You joined ${name}.`,
  lastMemberWarning:
    'You are its last member: the organisation stays, with its orders, documents and credit, but nobody will be able to see them or join it again.',
  leaveWarning:
    'You will no longer see the organisation’s orders, credit or API keys. The orders you placed stay with the organisation, and your organisation API keys stop working.',
} as const;

/** Control characters (C0, DEL, C1), zero-width and bidirectional formatting characters: invisible tricks in a name. */
const INVISIBLE = /[\p{Cc}\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** An organisation's name: trimmed, NFC, 1–100 characters, nothing invisible. */
export const organisationNameSchema = z
  .string({ error: ORGANISATION_MESSAGES.nameRequired })
  .trim()
  .min(1, ORGANISATION_MESSAGES.nameRequired)
  .max(ORGANISATION_NAME_MAX, ORGANISATION_MESSAGES.nameTooLong)
  .refine((name) => !INVISIBLE.test(name), ORGANISATION_MESSAGES.nameInvisible)
  .transform((name) => name.normalize('NFC'));

/** POST /api/organisation and PATCH /api/organisation. */
export const organisationNameInputSchema = z.object({ name: organisationNameSchema });
export type OrganisationNameInput = z.input<typeof organisationNameInputSchema>;

/** POST /api/organisation/invitations (owners). */
export const inviteMemberSchema = z.object({ email: invitedEmailSchema });
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** PATCH /api/organisation/members/:userId (owners). */
export const changeMemberRoleSchema = z.object({ role: z.enum(ORGANISATION_ROLES, { error: 'Choose owner or member.' }) });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

export const organisationMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  joinedAt: isoDateTimeSchema,
  /** The signed-in account's own row. */
  isYou: z.boolean(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;

/** GET /api/organisation: mine, with my role and the members; pending invitations for owners (empty for members). */
export const myOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  createdAt: isoDateTimeSchema,
  members: z.array(organisationMemberSchema),
  invitations: z.array(organisationInvitationSchema),
});
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;
/** The answer of GET /api/organisation: null for an account without one. */
export const myOrganisationAnswerSchema = myOrganisationSchema.nullable();

/** The invitation link's token (base64url, from the link's #token=...). */
export const organisationInvitationTokenSchema = invitationTokenBodySchema(ORGANISATION_MESSAGES.invitationInvalid);
export type OrganisationInvitationTokenInput = z.infer<typeof organisationInvitationTokenSchema>;

/** POST /api/organisation-invitations/lookup: what the join page shows before the visitor signs in. */
export const organisationInvitationLookupSchema = z.object({
  organisationName: z.string(),
  email: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type OrganisationInvitationLookup = z.infer<typeof organisationInvitationLookupSchema>;
