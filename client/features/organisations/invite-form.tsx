import { INVITATION_TTL_DAYS, ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { InviteByEmailForm } from '@client/components/invitation/invite-by-email-form';
import { organisationFailure, useInviteMember } from './api/organisation';

/** Owners invite a colleague by e-mail; a refusal shows under the field. */
export function InviteForm() {
  return (
    <InviteByEmailForm
      label="Invite a colleague"
      fieldLabel="Colleague's e-mail"
      hint={`The link works once, for ${INVITATION_TTL_DAYS} days.`}
      invite={useInviteMember()}
      sentMessage={ORGANISATION_MESSAGES.invitationSent}
      failure={(error) => organisationFailure(error, 'The invitation could not be sent.')}
    />
  );
}
