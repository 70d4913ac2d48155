import { useState, type ReactNode } from 'react';
import { Building2, UserPlus } from 'lucide-react';
import {
  INVITATION_TTL_DAYS,
  inviteMemberSchema,
  ORGANISATION_MESSAGES,
  ORGANISATION_NAME_MAX,
  ORGANISATION_ROLE_LABELS,
  organisationNameInputSchema,
  type MyOrganisation,
  type OrganisationMember,
} from '@shared/organisation.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Input } from '@client/components/ui/input';
import { ResourceItems, ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { formatDate, formatDateTime } from '@client/lib/format';
import {
  useChangeMemberRole,
  useCreateOrganisation,
  useInviteMember,
  useLeaveOrganisation,
  useMyOrganisation,
  useRemoveMember,
  useRenameOrganisation,
  useWithdrawInvitation,
} from './api/organisation';

const failure = (error: unknown, fallback = 'Please try again.') => (error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback);
const showError = (error: unknown) => toast({ title: 'Organisation', description: failure(error), variant: 'destructive' });
const notify = (description: string) => toast({ title: 'Organisation', description });

/**
 * Runs a mutation whose success unmounts the component that started it (creating, leaving, removing a member): the
 * promise settles whatever is mounted, where `mutate`'s own callbacks would be dropped with the component.
 */
function settle<R>(promise: Promise<R>, onSuccess: (result: R) => void, onError: (error: unknown) => void): void {
  promise.then(onSuccess, onError);
}

/** The name form: creating an organisation, or (owners) renaming it. */
function NameForm({
  label,
  initial = '',
  submitLabel,
  busyLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  onSubmit: (name: string, fail: (message: string) => void) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = organisationNameInputSchema.safeParse({ name });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? ORGANISATION_MESSAGES.nameRequired);
          return;
        }
        setError(null);
        onSubmit(parsed.data.name, setError);
      }}
    >
      <div className="min-w-0 flex-1">
        <FormField label="Organisation name" error={error ?? undefined}>
          {(p) => (
            <Input {...p} value={name} maxLength={ORGANISATION_NAME_MAX + 20} autoComplete="organization" placeholder="e.g. Acme Ltd" onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function CreateOrganisation() {
  const create = useCreateOrganisation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Working with colleagues? Create an organisation and invite them by e-mail: you all see and message on the
        organisation&rsquo;s orders, and can share prepaid credit and API keys.
      </p>
      <NameForm
        label="Create an organisation"
        submitLabel="Create organisation"
        busyLabel="Creating..."
        pending={create.isPending}
        onSubmit={(name, fail) =>
          settle(
            create.mutateAsync({ name }),
            () => notify(ORGANISATION_MESSAGES.created),
            (err) => fail(failure(err)),
          )
        }
      />
    </div>
  );
}

function InviteForm() {
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
          onError: (err) => setError(failure(err, 'The invitation could not be sent.')),
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

/** A confirmation dialog opened by a button (leave, remove): keyboard-reachable, focus returns to the button. */
function ConfirmButton({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  busyLabel,
  pending,
  onConfirm,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  pending: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={ariaLabel}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={title}
        className="max-w-lg"
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={pending} onClick={() => onConfirm(() => setOpen(false))}>
              {pending ? busyLabel : confirmLabel}
            </Button>
          </div>
        }
      >
        <div className="flex flex-col gap-2 text-sm text-slate-700">{description}</div>
      </DialogContent>
    </Dialog>
  );
}

function MemberRow({ member, isOwner }: { member: OrganisationMember; isOwner: boolean }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const nextRole = member.role === 'owner' ? 'member' : 'owner';
  const who = member.isYou ? 'You' : member.name;
  return (
    <ResourceRow
      testId={`org-member-${member.email}`}
      title={
        <>
          <span className="break-words">{member.name}</span>
          {member.isYou ? <span className="text-slate-600"> (you)</span> : null}{' '}
          <Badge tone={member.role === 'owner' ? 'accent' : 'grey'}>{ORGANISATION_ROLE_LABELS[member.role]}</Badge>
        </>
      }
      details={
        <>
          <span className="break-all">{member.email}</span> · Joined {formatDate(member.joinedAt)}
        </>
      }
      actions={
        isOwner && !member.isYou ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={changeRole.isPending}
              aria-label={nextRole === 'owner' ? `Make ${member.name} an owner` : `Make ${member.name} a member`}
              onClick={() =>
                changeRole.mutate(
                  { userId: member.userId, role: nextRole },
                  {
                    onSuccess: () => notify(ORGANISATION_MESSAGES.roleChanged(who, nextRole)),
                    onError: showError,
                  },
                )
              }
            >
              {nextRole === 'owner' ? 'Make owner' : 'Make member'}
            </Button>
            <ConfirmButton
              label="Remove"
              ariaLabel={`Remove ${member.name}`}
              title={`Remove ${member.name}?`}
              description={
                <p>They lose access to the organisation straight away. The orders they placed stay with the organisation, and their organisation API keys stop working.</p>
              }
              confirmLabel="Remove"
              busyLabel="Removing..."
              pending={remove.isPending}
              onConfirm={(close) =>
                settle(
                  remove.mutateAsync(member.userId),
                  () => {
                    close();
                    notify(ORGANISATION_MESSAGES.removed(member.name));
                  },
                  (err) => {
                    close();
                    showError(err);
                  },
                )
              }
            />
          </>
        ) : null
      }
    />
  );
}

function OrganisationDetails({ organisation }: { organisation: MyOrganisation }) {
  const isOwner = organisation.role === 'owner';
  const [renaming, setRenaming] = useState(false);
  const rename = useRenameOrganisation();
  const withdraw = useWithdrawInvitation();
  const leave = useLeaveOrganisation();
  return (
    <div className="flex flex-col gap-5">
      {renaming ? (
        <NameForm
          label="Rename the organisation"
          initial={organisation.name}
          submitLabel="Save name"
          busyLabel="Saving..."
          pending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSubmit={(name, fail) =>
            rename.mutate(
              { name },
              {
                onSuccess: () => {
                  setRenaming(false);
                  notify(ORGANISATION_MESSAGES.renamed);
                },
                onError: (err) => fail(failure(err)),
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words" data-testid="organisation-name">
              {organisation.name}
            </p>
            <p className="text-sm text-slate-600">
              You are {organisation.role === 'owner' ? 'an owner' : 'a member'}.{' '}
              {isOwner ? 'Owners manage billing, members and the house style.' : 'Members place and see the organisation’s orders.'}
            </p>
          </div>
          {isOwner ? (
            <Button variant="outline" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          ) : null}
        </div>
      )}

      <section className="flex flex-col gap-2" aria-labelledby="organisation-members-title">
        <h3 id="organisation-members-title" className="font-semibold">
          Members
        </h3>
        <ResourceItems>
          {organisation.members.map((m) => (
            <MemberRow key={m.userId} member={m} isOwner={isOwner} />
          ))}
        </ResourceItems>
      </section>

      {isOwner ? (
        <section className="flex flex-col gap-3" aria-labelledby="organisation-invitations-title">
          <h3 id="organisation-invitations-title" className="font-semibold">
            Invite colleagues
          </h3>
          <InviteForm />
          <ResourceList label="Pending invitations" items={organisation.invitations} emptyText="No pending invitations.">
            {(i) => (
              <ResourceRow
                testId={`org-invitation-${i.email}`}
                title={<span className="break-all">{i.email}</span>}
                details={`Invited ${i.invitedBy ? `by ${i.invitedBy} ` : ''}· expires ${formatDateTime(i.expiresAt)}`}
                actions={
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={withdraw.isPending}
                    aria-label={`Withdraw the invitation to ${i.email}`}
                    onClick={() =>
                      withdraw.mutate(i.id, {
                        onSuccess: () => notify(ORGANISATION_MESSAGES.invitationWithdrawn),
                        onError: showError,
                      })
                    }
                  >
                    Withdraw
                  </Button>
                }
              />
            )}
          </ResourceList>
        </section>
      ) : null}

      <div>
        <ConfirmButton
          label="Leave organisation"
          title={`Leave ${organisation.name}?`}
          description={
            <>
              <p>{ORGANISATION_MESSAGES.leaveWarning}</p>
              {organisation.members.length === 1 ? <p className="font-medium">{ORGANISATION_MESSAGES.lastMemberWarning}</p> : null}
              <p>You can only come back with a new invitation from an owner.</p>
            </>
          }
          confirmLabel="Leave"
          busyLabel="Leaving..."
          pending={leave.isPending}
          onConfirm={(close) =>
            settle(
              leave.mutateAsync(undefined),
              () => {
                close();
                notify(ORGANISATION_MESSAGES.left);
              },
              (err) => {
                close();
                showError(err);
              },
            )
          }
        />
      </div>
    </div>
  );
}

/**
 * Settings → Organisation (issue 27, decision 043): for a customer without one, a short form to create it; otherwise
 * its name, the members with their roles, and for owners the invitations, role changes and removal; anyone may leave.
 */
export function OrganisationCard() {
  const organisation = useMyOrganisation();
  return (
    <Card>
      <IconCardHeader
        icon={Building2}
        title="Organisation"
        description={organisation.data ? 'Colleagues who share orders, credit and API keys.' : undefined}
      />
      <CardContent>
        {organisation.isPending ? (
          <div role="status" aria-label="Loading your organisation">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : organisation.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert>Your organisation could not be loaded. {failure(organisation.error, '')}</FormAlert>
            <Button variant="outline" onClick={() => void organisation.refetch()}>
              Try again
            </Button>
          </div>
        ) : organisation.data ? (
          <OrganisationDetails organisation={organisation.data} />
        ) : (
          <CreateOrganisation />
        )}
      </CardContent>
    </Card>
  );
}
