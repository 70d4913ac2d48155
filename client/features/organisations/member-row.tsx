import { ORGANISATION_MESSAGES, ORGANISATION_ROLE_LABELS, type OrganisationMember } from '@shared/organisation.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { ResourceRow } from '@client/components/ui/resource-list';
import { formatDate } from '@client/lib/format';
import { useChangeMemberRole, useRemoveMember } from './api/organisation';
import { notify, settle } from './notices';

/** A member with their role; owners may change another member's role or remove them (a failure is a notice). */
export function MemberRow({ member, isOwner }: { member: OrganisationMember; isOwner: boolean }) {
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
                changeRole.mutate({ userId: member.userId, role: nextRole }, { onSuccess: () => notify(ORGANISATION_MESSAGES.roleChanged(who, nextRole)) })
              }
            >
              {nextRole === 'owner' ? 'Make owner' : 'Make member'}
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" aria-label={`Remove ${member.name}`}>
                  Remove
                </Button>
              }
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
                  close,
                )
              }
            />
          </>
        ) : null
      }
    />
  );
}
