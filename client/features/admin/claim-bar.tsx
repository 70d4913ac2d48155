import { useState } from 'react';
import { UserCheck } from 'lucide-react';
import type { AdminSubmission } from '@shared/submission.schema';
import { claimedByMessage, type ClaimInfo } from '@shared/team.schema';
import { MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS, REVIEWER_PREFERENCE_MESSAGES } from '@shared/reviewer-preferences.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/current-user';
import { assignOrder, claimOrder, releaseOrder, useClaimAction, useTeamMembers } from './api/order-claim';

/** "12 min ago", "just now", "3 h ago": how long since the order was claimed. */
export function sinceLabel(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** The queue's words for a claim: "Claimed by Ana, 12 min ago" (or "by you"). */
export function claimLabel(claim: ClaimInfo, viewerId: string | undefined, now?: Date): string {
  const who = claim.userId === viewerId ? 'you' : claim.name;
  return `${claimedByMessage(who)}, ${sinceLabel(claim.claimedAt, now)}`;
}

/** The claim in a queue row: a badge, or nothing when the order is free. */
export function ClaimBadge({ claim }: { claim: ClaimInfo | null }) {
  const { user } = useCurrentUser();
  if (!claim) return null;
  return (
    <Badge tone={claim.userId === user?.id ? 'accent' : 'blue'} className="mt-1 inline-flex items-center gap-1" data-testid="claim-badge">
      <UserCheck className="h-3 w-3" aria-hidden="true" /> {claimLabel(claim, user?.id)}
    </Badge>
  );
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * What a ClaimBar shows: everything (the dialog), or in the workspace the holder with Claim / Release on the toolbar
 * and the reassign list (admins) in the side panel, so the toolbar stays one short line (issue 42).
 */
export type ClaimBarPart = 'all' | 'toolbar' | 'reassign';

/**
 * Who holds the order, with Claim / Release, and for admins a reassign list (decision 021). A refusal (someone
 * else holds it) is shown here, in words naming the claimant.
 */
export function ClaimBar({ submission, part = 'all' }: { submission: AdminSubmission; part?: ClaimBarPart }) {
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin ?? false;
  const claim = useClaimAction(claimOrder);
  const release = useClaimAction(releaseOrder);
  const assign = useClaimAction(assignOrder);
  const team = useTeamMembers(isAdmin);
  const [assignee, setAssignee] = useState('');
  const [reason, setReason] = useState('');
  // The customer blocked the chosen reviewer (decision 074): the server asks why, and the form then has a reason field.
  const needsReason = assign.error instanceof ApiError && assign.error.serverMessage === REVIEWER_PREFERENCE_MESSAGES.reasonRequired;
  const [askReason, setAskReason] = useState(false);
  if (needsReason && !askReason) setAskReason(true);
  const current = submission.claim;
  const mine = current?.userId === user?.id;
  const busy = claim.isPending || release.isPending || assign.isPending;
  const failed = claim.error ?? release.error ?? assign.error;
  const members = (team.data?.members ?? []).filter((m) => !m.suspended);

  return (
    <section
      className={part === 'toolbar' ? 'flex min-w-0 flex-wrap items-center gap-2' : 'flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3'}
      aria-label={part === 'reassign' ? 'Reassign' : 'Claim'}
      data-testid={part === 'reassign' ? 'claim-reassign' : 'claim-bar'}
    >
      {part === 'reassign' ? null : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium" data-testid="claim-status">
            {current ? claimLabel(current, user?.id) : 'Not claimed: claim it before you edit the review.'}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {!mine ? (
              <Button
                type="button"
                size="sm"
                disabled={busy}
                onClick={() => {
                  release.reset();
                  assign.reset();
                  claim.mutate(submission.id);
                }}
              >
                Claim
              </Button>
            ) : (
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => release.mutate(submission.id)}>
                Release
              </Button>
            )}
            {isAdmin && current && !mine ? (
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => release.mutate(submission.id)}>
                Release
              </Button>
            ) : null}
          </div>
        </div>
      )}
      {isAdmin && part !== 'toolbar' ? (
        <form
          className="flex flex-wrap items-center gap-2 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            if (!assignee) return;
            claim.reset();
            assign.mutate({ id: submission.id, userId: assignee, reason: askReason ? reason.trim() : undefined });
          }}
        >
          <label className="flex min-w-0 flex-wrap items-center gap-2">
            Reassign to
            <select
              className="h-8 max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2"
              value={assignee}
              onChange={(event) => setAssignee(event.target.value)}
              aria-label="Reassign to"
            >
              <option value="">Choose a team member</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.role})
                </option>
              ))}
            </select>
          </label>
          {askReason ? (
            <label className="flex w-full min-w-0 flex-col gap-1">
              Reason (the customer blocked this reviewer)
              <input
                className="h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2"
                value={reason}
                maxLength={MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS}
                onChange={(event) => setReason(event.target.value)}
              />
            </label>
          ) : null}
          <Button type="submit" size="sm" variant="outline" disabled={busy || !assignee}>
            Reassign
          </Button>
        </form>
      ) : null}
      {failed ? <FormAlert>{errorText(failed, 'The claim could not be changed')}</FormAlert> : null}
    </section>
  );
}
