import { ShieldCheck } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent } from '@client/components/ui/card';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { useCurrentUser } from '@client/lib/current-user';
import { useAccountSecurity } from '@client/features/account';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DevicesList } from './devices-list';

/** Sign-in (shown as active), e-mail verification, change password and the signed-in devices. */
export function AccountSecurityCard() {
  const { user } = useCurrentUser();
  const security = useAccountSecurity(user !== null).data;
  return (
    <Card>
      <IconCardHeader icon={ShieldCheck} title="Account Security" />
      <CardContent className="flex flex-col gap-6">
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-slate-700">You sign in through HumanProof&apos;s secure sign-in.</p>
          <Badge tone="green">Active</Badge>
        </div>
        {security ? (
          <div className="flex items-center justify-between gap-4">
            <p className="text-sm text-slate-700">
              E-mail address <span className="font-medium break-all">{security.email}</span>
            </p>
            {security.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Not verified</Badge>}
          </div>
        ) : null}
        <section aria-labelledby="change-email-heading" className="flex flex-col gap-3">
          <h3 id="change-email-heading" className="font-semibold text-slate-900">
            Change e-mail
          </h3>
          <ChangeEmailForm />
        </section>
        <section aria-labelledby="change-password-heading" className="flex flex-col gap-3">
          <h3 id="change-password-heading" className="font-semibold text-slate-900">
            Change password
          </h3>
          {security && !security.hasPassword ? (
            <p className="text-sm text-slate-700">{ACCOUNT_MESSAGES.noPassword}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">Changing your password signs you out on every other device.</p>
              <ChangePasswordForm />
            </>
          )}
        </section>
        <section aria-labelledby="devices-heading" className="flex flex-col gap-3">
          <h3 id="devices-heading" className="font-semibold text-slate-900">
            Signed-in devices
          </h3>
          <DevicesList />
        </section>
      </CardContent>
    </Card>
  );
}
