import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { INVITATION_TTL_DAYS, inviteMemberSchema, ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { organisationFailure, useInviteMember } from './api/organisation';

/** Owners invite a colleague by e-mail; a refusal shows under the field. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteMember();
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label="Invite a colleague"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = inviteMemberSchema.safeParse({ email });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email');
          return;
        }
        setError(null);
        invite.mutate(parsed.data, {
          onSuccess: (sent) => {
            setEmail('');
            toast({ title: 'Invitation sent', description: ORGANISATION_MESSAGES.invitationSent(sent.email) });
          },
          onError: (err) => setError(organisationFailure(err, 'The invitation could not be sent.')),
        });
      }}
    >
      <div className="min-w-0 flex-1">
        <FormField label="Colleague's e-mail" error={error ?? undefined} hint={`The link works once, for ${INVITATION_TTL_DAYS} days.`}>
          {(p) => <Input {...p} type="email" autoComplete="off" value={email} placeholder="name@example.com" onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
      </div>
      <Button type="submit" disabled={invite.isPending} className="sm:mb-5">
        <UserPlus className="h-4 w-4" aria-hidden="true" /> {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}
