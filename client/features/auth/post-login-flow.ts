import { toast } from '@client/components/ui/use-toast';
import { clearPendingSubmission, readPendingSubmissionRaw } from '@client/lib/pending-submission';
import { createSubmissionFromPending, forgetSentDraft, SPLIT_MESSAGES } from '@client/features/submissions';
import { countWords } from '@shared/word-count';
import { pendingInvitationPath } from '@client/features/team';
import { pendingOrganisationInvitationPath } from '@client/features/organisations';

/** The other parts of a split text: every order is created, or the dashboard says how many were. */
async function createMoreParts(first: Record<string, unknown>, parts: readonly string[]): Promise<string> {
  const count = parts.length + 1;
  let made = 1;
  for (const content of parts) {
    try {
      await createSubmissionFromPending({ ...first, content, wordCount: countWords(content) });
      made += 1;
    } catch {
      toast({ title: SPLIT_MESSAGES.partly(made, count), description: SPLIT_MESSAGES.partlyDescription, variant: 'destructive' });
      return '/dashboard';
    }
  }
  toast({ title: SPLIT_MESSAGES.created(count), description: SPLIT_MESSAGES.createdDescription });
  return '/dashboard';
}

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

  const { draftId, moreParts, ...body } = pending as { draftId?: unknown; moreParts?: unknown };
  // A text split into orders (decision 069): the parts after the first, each sent with the first one's details.
  const parts = Array.isArray(moreParts) ? moreParts.filter((part): part is string => typeof part === 'string') : [];
  try {
    const submission = await createSubmissionFromPending(body);
    // The draft is an order now: no copy of it may prefill the next one.
    forgetSentDraft(typeof draftId === 'string' ? draftId : undefined);
    if (parts.length === 0) {
      toast({ title: 'Submission created', description: `Your submission ${submission.id} has been created successfully.` });
      return `/checkout/${submission.id}`;
    }
    return await createMoreParts(body as Record<string, unknown>, parts);
  } catch {
    toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
    return '/dashboard';
  }
}
