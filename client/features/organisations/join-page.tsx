import { useState } from 'react';
import { ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { JoinInvitation } from '@client/components/invitation/join-invitation';
import { invitationTokenFromLink } from '@client/lib/invitation-link';
import { usePageMeta } from '@client/lib/page-meta';
import { useAcceptOrganisationInvitation, useOrganisationInvitationLookup } from './api/organisation';
import { PENDING_ORGANISATION_INVITATION_KEY } from './pending-invitation';

/** /organisation/join#token=...: the review team's join page's rules (decision 043) for an organisation. */
export default function OrganisationJoinPage() {
  usePageMeta();
  const [token] = useState(() => invitationTokenFromLink(PENDING_ORGANISATION_INVITATION_KEY));
  const lookup = useOrganisationInvitationLookup(token);
  const accept = useAcceptOrganisationInvitation();
  return (
    <JoinInvitation
      title="Join an organisation"
      token={token}
      storageKey={PENDING_ORGANISATION_INVITATION_KEY}
      invalidMessage={ORGANISATION_MESSAGES.invitationInvalid}
      lookup={lookup}
      accept={accept}
      invited={(invitation) => (
        <>
          <strong className="break-words">{invitation.organisationName}</strong> invited <strong className="break-all">{invitation.email}</strong>.
        </>
      )}
      whatJoiningMeans="As a member you see and message on all the organisation’s orders, and the orders you place belong to it."
      joined={(organisation) => ({
        message: ORGANISATION_MESSAGES.joined(organisation.name),
        links: [
          { href: '/dashboard', label: 'Open the orders' },
          { href: '/settings', label: 'See the members' },
        ],
      })}
    />
  );
}
