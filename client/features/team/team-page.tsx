import type { TeamMember } from '@shared/team.schema';
import { InviteByEmailForm } from '@client/components/invitation/invite-by-email-form';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormAlert } from '@client/components/ui/form-field';
import { ResourceItems, ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { AdminSubpage } from '@client/features/admin';
import { formatDateTime } from '@client/lib/format';
import { usePageMeta } from '@client/lib/page-meta';
import { useChangeMember, useInviteReviewer, useRevokeInvitation, useTeam, type MemberAction } from './api/team';

const message = (error: unknown, fallback: string) => (error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback);

function InviteForm() {
  return (
    <InviteByEmailForm
      label="Invite a reviewer"
      fieldLabel="Reviewer's e-mail"
      invite={useInviteReviewer()}
      sentMessage={(email) => `${email} has 7 days to accept.`}
      failure={(error) => message(error, 'The invitation could not be sent')}
    />
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const change = useChangeMember();
  const act = (action: MemberAction) =>
    change.mutate(
      { id: member.id, action },
      {
        onSuccess: () => toast({ title: 'Team updated', description: `${member.name}: ${action === 'remove' ? 'removed' : action === 'suspend' ? 'suspended' : 'reinstated'}.` }),
      },
    );
  return (
    <ResourceRow
      variant="panel"
      testId={`member-${member.email}`}
      title={
        <>
          {member.name}{' '}
          <Badge tone={member.role === 'admin' ? 'accent' : 'grey'}>{member.role === 'admin' ? 'Admin' : 'Reviewer'}</Badge>{' '}
          {member.suspended ? <Badge tone="red">Suspended</Badge> : null}
        </>
      }
      details={`${member.email} · ${member.openClaims} open ${member.openClaims === 1 ? 'claim' : 'claims'}`}
      actions={
        member.manageable ? (
          <>
            {member.suspended ? (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('reinstate')}>
                Reinstate
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('suspend')}>
                Suspend
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={change.isPending}>
                  Remove
                </Button>
              }
              title={`Remove ${member.name} from the review team?`}
              description={<p>Their open claims go back to the queue.</p>}
              confirmLabel="Remove"
              busyLabel="Removing..."
              pending={change.isPending}
              onConfirm={(close) => {
                close();
                act('remove');
              }}
            />
          </>
        ) : null
      }
    />
  );
}

function Team() {
  const team = useTeam();
  const revoke = useRevokeInvitation();
  if (team.isPending) return <Skeleton className="h-40 w-full" />;
  if (team.isError) return <FormAlert>The team could not be loaded.</FormAlert>;
  const { members, invitations } = team.data;
  return (
    <>
      <section className="flex flex-col gap-2" aria-label="Members">
        <h2 className="text-lg font-semibold">Members</h2>
        <ResourceItems variant="panel">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} />
          ))}
        </ResourceItems>
      </section>
      <section className="flex flex-col gap-2" aria-label="Pending invitations">
        <h2 className="text-lg font-semibold">Pending invitations</h2>
        <ResourceList items={invitations} emptyText="No pending invitations." variant="panel">
          {(i) => (
            <ResourceRow
              variant="panel"
              testId={`invitation-${i.email}`}
              title={i.email}
              details={`Invited ${i.invitedBy ? `by ${i.invitedBy} ` : ''}· expires ${formatDateTime(i.expiresAt)}`}
              actions={
                <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)}>
                  Revoke
                </Button>
              }
            />
          )}
        </ResourceList>
      </section>
    </>
  );
}

/** /admin/team (decision 021): invite reviewers, suspend or remove them, withdraw pending invitations. Admins only. */
export default function TeamPage() {
  usePageMeta();
  return (
    <AdminSubpage title="Review team" lead="Invite reviewers by e-mail. A link works once and expires in 7 days.">
      {() => (
        <>
          <InviteForm />
          <Team />
        </>
      )}
    </AdminSubpage>
  );
}
