import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api';
import { useDeleteAccount } from './api/delete-account';
import { ACCOUNT_EXPORT_URL } from './api/export-account';

function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = useDeleteAccount();

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove.mutateAsync(hasPassword ? { password: value } : { confirmation: value });
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof ApiError ? (err.serverMessage ?? 'Please try again.') : 'Please try again.');
      setBusy(false);
    }
  };

  return (
    <Dialog onOpenChange={() => { setValue(''); setError(null); }}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. Your profile, sign-in details, order content and messages are erased; we keep only the payment and order records the law requires, without your name or e-mail address."
        className="max-w-lg"
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          {hasPassword ? (
            <FormField label="Your password" error={error ?? undefined}>
              {(p) => (
                <Input {...p} type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} />
              )}
            </FormField>
          ) : (
            <FormField label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} error={error ?? undefined}>
              {(p) => <Input {...p} autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />}
            </FormField>
          )}
          <div>
            <Button type="submit" variant="destructive" disabled={busy || value.length === 0}>
              {busy ? 'Deleting...' : 'Delete my account permanently'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Download my data" (a JSON file). */
export function YourDataCard() {
  return (
    <Card>
      <IconCardHeader icon={Download} title="Your data" description="Take a copy of your data." />
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Download your profile, orders, messages and payments as a JSON file.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download className="h-4 w-4" aria-hidden="true" /> Download my data
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** "Delete my account": the last section of settings (issue 45), after everything else. */
export function DeleteAccountCard({ hasPassword }: { hasPassword: boolean }) {
  return (
    <Card className="border-red-200">
      <IconCardHeader icon={Trash2} title="Delete account" description="Close your account and remove your data." />
      <CardContent className="flex flex-col gap-4">
        <div>
          <DeleteAccountDialog hasPassword={hasPassword} />
        </div>
        <p className="text-xs text-slate-600">{ACCOUNT_MESSAGES.deleteRetention}</p>
      </CardContent>
    </Card>
  );
}
