import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormAlert } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/current-user';
import { forgetPendingInvitation } from '@client/lib/invitation-link';

export interface NextLink {
  href: string;
  label: string;
}

/** Where to go next, as buttons: the first the main one, the others outlined. */
function NextLinks({ links }: { links: readonly NextLink[] }) {
  return (
    <div className="flex flex-wrap gap-3">
      {links.map((link, index) => (
        <Button key={link.href} asChild variant={index === 0 ? 'primary' : 'outline'}>
          <Link href={link.href}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}

const SIGN_IN_LINKS: readonly NextLink[] = [
  { href: '/sign-in', label: 'Sign in' },
  { href: '/sign-up', label: 'Create an account' },
];

/**
 * An invitation link's page (the review team's, decision 021; an organisation's, decision 043): who is invited,
 * then sign in or create the account (the token waits under `storageKey` for the way back), then accept.
 */
export function JoinInvitation<Invitation, Joined>({
  title,
  token,
  storageKey,
  invalidMessage,
  lookup,
  accept,
  invited,
  whatJoiningMeans,
  joined,
}: {
  title: string;
  token: string | null;
  storageKey: string;
  /** Shown for a missing link, and for a refusal without the server's own words. */
  invalidMessage: string;
  lookup: UseQueryResult<Invitation>;
  accept: UseMutationResult<Joined, Error, string>;
  /** The sentence that says who is invited (and by whom). */
  invited: (invitation: Invitation) => ReactNode;
  whatJoiningMeans?: ReactNode;
  joined: (answer: Joined) => { message: string; links: readonly NextLink[] };
}) {
  const { user, isLoading } = useCurrentUser();
  const message = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? invalidMessage) : invalidMessage);

  let body: ReactNode;
  if (!token) body = <FormAlert>{invalidMessage}</FormAlert>;
  else if (accept.isSuccess) {
    const next = joined(accept.data);
    body = (
      <>
        <p role="status">{next.message}</p>
        <NextLinks links={next.links} />
      </>
    );
  } else if (lookup.isPending || isLoading) body = <Spinner label="Loading the invitation" />;
  else if (lookup.isError) body = <FormAlert>{message(lookup.error)}</FormAlert>;
  else if (!user) {
    body = (
      <>
        <p>
          {invited(lookup.data)} Sign in to that account, or create one with that address, and you will come back here to
          accept.
        </p>
        <NextLinks links={SIGN_IN_LINKS} />
      </>
    );
  } else {
    body = (
      <>
        <p>
          {invited(lookup.data)} You are signed in as <span className="break-all">{user.email}</span>.
        </p>
        {whatJoiningMeans ? <p className="text-sm text-slate-700">{whatJoiningMeans}</p> : null}
        {accept.isError ? <FormAlert>{message(accept.error)}</FormAlert> : null}
        <div>
          <Button onClick={() => accept.mutate(token, { onSuccess: () => forgetPendingInvitation(storageKey) })} disabled={accept.isPending}>
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
          <h1 className="text-2xl font-bold">{title}</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{body}</CardContent>
      </Card>
    </div>
  );
}
