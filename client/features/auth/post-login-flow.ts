import { toast } from '@client/components/ui/use-toast';
import { clearPendingSubmission, readPendingSubmissionRaw } from '@client/lib/pending-submission';
import { createSubmissionFromPending, forgetSentDraft } from '@client/features/submissions';
import { pendingInvitationPath } from '@client/features/team';
import { pendingOrganisationInvitationPath } from '@client/features/organisations';

/**
 * After sign-in (spec section 4): a pending submission (local storage first, then session storage) is
 * created and the customer goes to its checkout; otherwise, or when anything goes wrong, to the dashboard.
 * Returns where to go next.
 */
export async function runPostLoginFlow(): Promise<string> {
  const raw = readPendingSubmissionRaw();
  // An invitation to the review team (decision 021) or an organisation (decision 043) opened while signed out: back to it.
  if (raw === null) return pendingInvitationPath() ?? pendingOrganisationInvitationPath() ?? '/dashboard';

  let pending: unknown;
  try {
    pending = JSON.parse(raw);
  } catch {
    clearPendingSubmission();
    return '/dashboard';
  }
  if (pending === null || typeof pending !== 'object' || Array.isArray(pending)) {
    clearPendingSubmission();
    return '/dashboard';
  }

  const { draftId, ...body } = pending as { draftId?: unknown };
  try {
    const submission = await createSubmissionFromPending(body);
    // The draft is an order now: no copy of it may prefill the next one.
    forgetSentDraft(typeof draftId === 'string' ? draftId : undefined);
    toast({ title: 'Submission created', description: `Your submission ${submission.id} has been created successfully.` });
    return `/checkout/${submission.id}`;
  } catch {
    toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
    return '/dashboard';
  }
}
