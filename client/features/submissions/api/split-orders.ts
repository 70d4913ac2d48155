import { toast } from '@client/components/ui/use-toast';
import { isUnauthorized } from '@client/lib/api';
import { storePendingSubmission } from '@client/lib/pending-submission';
import { forgetSentDraft } from '../form-draft';
import { withWordCount, type CreateSubmissionPayload } from './submission-outcome';

/**
 * A text over one order's limit sent as several orders (issue 45, decision 069): each part is created as its own
 * unpaid order, one after the other, and the customer goes to the dashboard, where each awaits payment. Signed
 * out, the first part is the pending submission (spec section 3) and the others ride along with it as `moreParts`,
 * so sign-in creates them all (post-login-flow.ts). No zod here: the island loads the call when it sends.
 */
export const SPLIT_MESSAGES = {
  created: (count: number) => `${count} orders created`,
  createdDescription: 'Each one awaits payment on your dashboard: pay them one by one.',
  partly: (made: number, count: number) => `Only ${made} of ${count} orders were created`,
  partlyDescription: 'The others failed. Your dashboard lists the orders that were created; try the rest again from the form.',
} as const;

/** The pending submission's extra field: the contents of the parts after the first. */
export interface PendingSplit {
  moreParts?: string[];
}

export async function sendSplitOrders(
  payloads: readonly CreateSubmissionPayload[],
  draftId: string,
  navigate: (to: string) => void,
): Promise<void> {
  const { createSubmission } = await import('./post-submission');
  let made = 0;
  for (const payload of payloads) {
    try {
      await createSubmission(payload);
      made += 1;
    } catch (error) {
      if (made === 0 && isUnauthorized(error)) {
        const [first, ...rest] = payloads;
        if (!first) return;
        storePendingSubmission({ ...withWordCount(first), draftId, moreParts: rest.map((part) => part.content) });
        toast({ title: 'Authentication Required', description: 'Please sign in to submit your content for review.' });
        navigate('/login');
        return;
      }
      if (made === 0) {
        toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
        throw error;
      }
      toast({ title: SPLIT_MESSAGES.partly(made, payloads.length), description: SPLIT_MESSAGES.partlyDescription, variant: 'destructive' });
      navigate('/dashboard');
      return;
    }
  }
  forgetSentDraft(draftId);
  toast({ title: SPLIT_MESSAGES.created(made), description: SPLIT_MESSAGES.createdDescription });
  navigate('/dashboard');
}
