import { useState, type FormEvent, type ReactNode } from 'react';
import { UserPlus } from 'lucide-react';
import { invitedEmailSchema } from '@shared/invitation';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';

/** The part of a TanStack mutation that sends an invitation. */
interface InviteMutation {
  isPending: boolean;
  mutate: (input: { email: string }, options: { onSuccess: (sent: { email: string }) => void; onError: (error: Error) => void }) => void;
}

/**
 * Invite someone by e-mail (to the review team, decision 021; to an organisation, decision 043): the address is
 * checked here first, a refusal shows under the field, a sent invitation empties it and says so in a toast.
 */
export function InviteByEmailForm({
  label,
  fieldLabel,
  hint,
  invite,
  sentMessage,
  failure,
}: {
  /** The form's accessible name. */
  label: string;
  fieldLabel: string;
  hint?: ReactNode;
  invite: InviteMutation;
  sentMessage: (email: string) => string;
  failure: (error: Error) => string;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitedEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email');
      return;
    }
    setError(null);
    invite.mutate(
      { email: parsed.data },
      {
        onSuccess: (sent) => {
          setEmail('');
          toast({ title: 'Invitation sent', description: sentMessage(sent.email) });
        },
        onError: (err) => setError(failure(err)),
      },
    );
  };
  return (
    <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={label} onSubmit={submit}>
      <div className="min-w-0 flex-1">
        <FormField label={fieldLabel} error={error ?? undefined} hint={hint}>
          {(p) => <Input {...p} type="email" autoComplete="off" value={email} placeholder="name@example.com" onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
      </div>
      {/* Level with the field, above its hint. */}
      <Button type="submit" disabled={invite.isPending} className={hint ? 'sm:mb-5' : undefined}>
        <UserPlus className="h-4 w-4" aria-hidden="true" /> {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}
