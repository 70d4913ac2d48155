import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormAlert } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/current-user';
import { forgetPendingInvitation, invitationTokenFromLink } from '@client/lib/invitation-link';
import { usePageMeta } from '@client/lib/page-meta';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { useAcceptInvitation, useInvitationLookup } from './api/team';
import { PENDING_INVITATION_KEY } from './pending-invitation';

/** The token travels in the link's fragment (#token=...), never to a server log; kept for the way back from sign-in. */
const tokenFromLink = () => invitationTokenFromLink(PENDING_INVITATION_KEY);

const message = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? TEAM_MESSAGES.invitationInvalid) : TEAM_MESSAGES.invitationInvalid);

/** /team/join#token=...: who is invited, then sign in or create the account, then accept (decision 021). */
export default function JoinPage() {
  usePageMeta();
  const [token] = useState(tokenFromLink);
  const { user, isLoading } = useCurrentUser();
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();

  let body: React.ReactNode;
  if (!token) body = <FormAlert>{TEAM_MESSAGES.invitationInvalid}</FormAlert>;
  else if (lookup.isPending || isLoading) body = <Spinner />;
  else if (lookup.isError) body = <FormAlert>{message(lookup.error)}</FormAlert>;
  else if (accept.isSuccess) {
    forgetPendingInvitation(PENDING_INVITATION_KEY);
    body = (
      <>
        <p role="status">Welcome to the review team.</p>
        <Button asChild>
          <Link href="/admin">Open the review queue</Link>
        </Button>
      </>
    );
  } else if (!user) {
    body = (
      <>
        <p>
          This invitation is for <strong>{lookup.data.email}</strong>. Sign in to that account, or create one with that
          address, and you will come back here to accept.
        </p>
        <div className="flex gap-3">
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
          This invitation is for <strong>{lookup.data.email}</strong>. You are signed in as {user.email}.
        </p>
        {accept.isError ? <FormAlert>{message(accept.error)}</FormAlert> : null}
        <div>
          <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
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
          <h1 className="text-2xl font-bold">Join the review team</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{body}</CardContent>
      </Card>
    </div>
  );
}
