import { useState } from 'react';
import { ORGANISATION_MESSAGES, type MyOrganisation } from '@shared/organisation.schema';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { ResourceItems, ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { formatDateTime } from '@client/lib/format';
import { organisationFailure, useLeaveOrganisation, useRenameOrganisation, useWithdrawInvitation } from './api/organisation';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';
import { NameForm } from './name-form';
import { notify, settle } from './notices';

/** The name, and for owners Rename. */
function NameAndRole({ organisation }: { organisation: MyOrganisation }) {
  const isOwner = organisation.role === 'owner';
  const [renaming, setRenaming] = useState(false);
  const rename = useRenameOrganisation();
  if (renaming) {
    return (
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
              onError: (err) => fail(organisationFailure(err)),
            },
          )
        }
      />
    );
  }
  return (
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
  );
}

/** Owners: the invitation form and the invitations not yet accepted, each with Withdraw. */
function Invitations({ organisation }: { organisation: MyOrganisation }) {
  const withdraw = useWithdrawInvitation();
  return (
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
                onClick={() => withdraw.mutate(i.id, { onSuccess: () => notify(ORGANISATION_MESSAGES.invitationWithdrawn) })}
              >
                Withdraw
              </Button>
            }
          />
        )}
      </ResourceList>
    </section>
  );
}

/** Anyone may leave, after a confirmation (the last member's leaving closes the organisation). */
function LeaveOrganisation({ organisation }: { organisation: MyOrganisation }) {
  const leave = useLeaveOrganisation();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          Leave organisation
        </Button>
      }
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
          close,
        )
      }
    />
  );
}

/** The account's organisation: its name, the members with their roles, for owners the invitations, and Leave. */
export function OrganisationDetails({ organisation }: { organisation: MyOrganisation }) {
  const isOwner = organisation.role === 'owner';
  return (
    <div className="flex flex-col gap-5">
      <NameAndRole organisation={organisation} />
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
      {isOwner ? <Invitations organisation={organisation} /> : null}
      <div>
        <LeaveOrganisation organisation={organisation} />
      </div>
    </div>
  );
}
