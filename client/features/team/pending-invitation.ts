import { hasPendingInvitation } from '@client/lib/invitation-link';

/** Session storage key of an invitation opened while signed out: after sign-in the app comes back to /team/join. */
export const PENDING_INVITATION_KEY = 'hp.team-invitation';

/** Where to go after sign-in when an invitation is waiting, else null. */
export function pendingInvitationPath(): string | null {
  return hasPendingInvitation(PENDING_INVITATION_KEY) ? '/team/join' : null;
}
