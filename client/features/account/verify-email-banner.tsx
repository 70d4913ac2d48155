import { useState } from 'react';
import { MailWarning } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/lib/current-user';
import { resendVerificationEmail } from '@client/features/auth';
import { useAccountSecurity } from './api/get-account-security';

/** Shown to a signed-in account whose e-mail address is not verified yet, with "Resend". */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const security = useAccountSecurity(user !== null);
  const [state, setState] = useState<{ sending: boolean; message: string | null }>({ sending: false, message: null });
  if (!user || !security.data || security.data.emailVerified) return null;

  const resend = async () => {
    setState({ sending: true, message: null });
    const result = await resendVerificationEmail(security.data!.email);
    setState({ sending: false, message: result.ok ? ACCOUNT_MESSAGES.verificationSent : (result.message ?? null) });
  };

  return (
    <div role="region" aria-label="E-mail verification" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-amber-900 sm:px-6">
        <MailWarning className="h-4 w-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">{ACCOUNT_MESSAGES.emailNotVerified}</p>
        <p aria-live="polite" className="font-medium">
          {state.message}
        </p>
        <Button size="sm" variant="outline" onClick={() => void resend()} disabled={state.sending}>
          {state.sending ? 'Sending...' : 'Resend'}
        </Button>
      </div>
    </div>
  );
}
