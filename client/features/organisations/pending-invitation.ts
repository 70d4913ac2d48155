import { hasPendingInvitation } from '@client/lib/invitation-link';

/** Session storage key of an organisation invitation opened while signed out: after sign-in, back to /organisation/join. */
export const PENDING_ORGANISATION_INVITATION_KEY = 'hp.organisation-invitation';

/** Where to go after sign-in when an organisation invitation is waiting, else null. */
export function pendingOrganisationInvitationPath(): string | null {
  return hasPendingInvitation(PENDING_ORGANISATION_INVITATION_KEY) ? '/organisation/join' : null;
}
