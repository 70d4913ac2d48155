import { useState } from 'react';
import { API_KEY_MESSAGES } from '@shared/api-v1.schema';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useRevokeAllApiKeys } from './api/api-keys';

/**
 * "Revoke all API keys" (issue 29, decision 032): keys survive a password change and "Sign out other devices", so
 * this sits beside them. A second click confirms; every integration using a key stops at once.
 */
export function RevokeAllKeysButton() {
  const [confirming, setConfirming] = useState(false);
  const revokeAll = useRevokeAllApiKeys();
  const revoke = () =>
    revokeAll.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirming(false);
        toast({ title: 'API keys', description: revoked === 0 ? API_KEY_MESSAGES.noneToRevoke : API_KEY_MESSAGES.allRevoked(revoked) });
      },
    });
  if (!confirming) {
    return (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Revoke all API keys
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Confirm revoking all API keys" className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span>Every integration using one of your keys stops working.</span>
      <Button variant="destructive" onClick={revoke} disabled={revokeAll.isPending}>
        {revokeAll.isPending ? 'Revoking...' : 'Yes, revoke all keys'}
      </Button>
      <Button variant="outline" onClick={() => setConfirming(false)} disabled={revokeAll.isPending}>
        Cancel
      </Button>
    </div>
  );
}
