import { useState } from 'react';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { JoinInvitation } from '@client/components/invitation/join-invitation';
import { invitationTokenFromLink } from '@client/lib/invitation-link';
import { usePageMeta } from '@client/lib/page-meta';
import { useAcceptInvitation, useInvitationLookup } from './api/team';
import { PENDING_INVITATION_KEY } from './pending-invitation';

/** /team/join#token=...: who is invited, then sign in or create the account, then accept (decision 021). */
export default function JoinPage() {
  usePageMeta();
  const [token] = useState(() => invitationTokenFromLink(PENDING_INVITATION_KEY));
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  return (
    <JoinInvitation
      title="Join the review team"
      token={token}
      storageKey={PENDING_INVITATION_KEY}
      invalidMessage={TEAM_MESSAGES.invitationInvalid}
      lookup={lookup}
      accept={accept}
      invited={(invitation) => (
        <>
          This invitation is for <strong>{invitation.email}</strong>.
        </>
      )}
      joined={() => ({ message: 'Welcome to the review team.', links: [{ href: '/admin', label: 'Open the review queue' }] })}
    />
  );
}
