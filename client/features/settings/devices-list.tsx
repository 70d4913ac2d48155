import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Monitor } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { RevokeAllKeysButton } from '@client/features/api-keys';
import { signOutOtherDevices } from '@client/features/auth';
import { formatDateTime } from '@client/lib/format';
import { queryKeys } from '@client/lib/query-keys';
import { useDeviceSessions } from './api/get-device-sessions';


/** The signed-in devices, "This device" first, with "Sign out other devices". */
export function DevicesList() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const query = useDeviceSessions();
  const sessions = [...(query.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current).length;

  const signOutOthers = async () => {
    setBusy(true);
    const result = await signOutOtherDevices();
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
    if (result.ok) toast({ title: 'Signed out', description: ACCOUNT_MESSAGES.otherDevicesSignedOut });
    else toast({ title: 'Error', description: result.message ?? 'Please try again.', variant: 'destructive' });
  };

  return (
    <div className="flex flex-col gap-3">
      {query.isLoading ? <p className="text-sm text-slate-600">Loading your devices...</p> : null}
      <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-start gap-3 p-3">
            <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {s.browser} on {s.os}{' '}
                {s.current ? (
                  <Badge tone="green" className="ml-1">
                    This device
                  </Badge>
                ) : null}
              </p>
              <p className="text-slate-600">
                Signed in {formatDateTime(s.createdAt)} · Last active {formatDateTime(s.lastActiveAt)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => void signOutOthers()} disabled={busy || others === 0}>
          {busy ? 'Signing out...' : 'Sign out other devices'}
        </Button>
        <RevokeAllKeysButton />
      </div>
      <p className="text-sm text-slate-600">{ACCOUNT_MESSAGES.keysSurviveSignOut}</p>
    </div>
  );
}
