import { useState } from 'react';
import { Link } from 'wouter';
import { ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormAlert } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/current-user';
import { forgetPendingInvitation, invitationTokenFromLink } from '@client/lib/invitation-link';
import { usePageMeta } from '@client/lib/page-meta';
import { useAcceptOrganisationInvitation, useOrganisationInvitationLookup } from './api/organisation';
import { PENDING_ORGANISATION_INVITATION_KEY } from './pending-invitation';

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? ORGANISATION_MESSAGES.invitationInvalid) : ORGANISATION_MESSAGES.invitationInvalid;

/**
 * /organisation/join#token=...: which organisation invites which address, then sign in or create the account, then
 * accept (decision 043, the review team's join page's rules).
 */
export default function OrganisationJoinPage() {
  usePageMeta();
  const [token] = useState(() => invitationTokenFromLink(PENDING_ORGANISATION_INVITATION_KEY));
  const { user, isLoading } = useCurrentUser();
  const lookup = useOrganisationInvitationLookup(token);
  const accept = useAcceptOrganisationInvitation();

  let body: React.ReactNode;
  if (!token) body = <FormAlert>{ORGANISATION_MESSAGES.invitationInvalid}</FormAlert>;
  else if (accept.isSuccess) {
    body = (
      <>
        <p role="status">{ORGANISATION_MESSAGES.joined(accept.data.name)}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/dashboard">Open the orders</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/settings">See the members</Link>
          </Button>
        </div>
      </>
    );
  } else if (lookup.isPending || isLoading) body = <Spinner label="Loading the invitation" />;
  else if (lookup.isError) body = <FormAlert>{message(lookup.error)}</FormAlert>;
  else if (!user) {
    body = (
      <>
        <p>
          <strong className="break-words">{lookup.data.organisationName}</strong> invited <strong className="break-all">{lookup.data.email}</strong>.
          Sign in to that account, or create one with that address, and you will come back here to accept.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/sign-in">Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/sign-up">Create an account</Link>
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>
          <strong className="break-words">{lookup.data.organisationName}</strong> invited <strong className="break-all">{lookup.data.email}</strong>.
          You are signed in as <span className="break-all">{user.email}</span>.
        </p>
        <p className="text-sm text-slate-700">
          As a member you see and message on all the organisation&rsquo;s orders, and the orders you place belong to it.
        </p>
        {accept.isError ? <FormAlert>{message(accept.error)}</FormAlert> : null}
        <div>
          <Button
            onClick={() => accept.mutate(token, { onSuccess: () => forgetPendingInvitation(PENDING_ORGANISATION_INVITATION_KEY) })}
            disabled={accept.isPending}
          >
            {accept.isPending ? 'Joining...' : 'Accept invitation'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Join an organisation</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{body}</CardContent>
      </Card>
    </div>
  );
}
