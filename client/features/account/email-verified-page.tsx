import { Link } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { usePageMeta } from '@client/lib/page-meta';
import { queryKeys } from '@client/lib/query-keys';

/** Where the verification link lands: better-auth adds `?error=...` when the link was not valid. */
export default function EmailVerifiedPage() {
  usePageMeta('E-mail address', 'Confirm the e-mail address of your HumanProof account.');
  const query = new URLSearchParams(window.location.search);
  const failed = query.has('error');
  const changed = query.get('changed') === '1';
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.security });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [queryClient]);
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{failed ? 'Link not valid' : 'E-mail address verified'}</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p role={failed ? 'alert' : 'status'} className="text-slate-700">
            {failed
              ? ACCOUNT_MESSAGES.verificationLinkInvalid
              : changed
                ? ACCOUNT_MESSAGES.emailChanged
                : ACCOUNT_MESSAGES.emailVerified}
          </p>
          <Link href="/dashboard" className="text-accent font-medium underline">
            Go to your dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
