import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@client/components/ui/use-toast';
import { queryKeys } from '@client/lib/query-keys';

export const PAYMENT_FAILED_FALLBACK = 'An error occurred while processing your payment';

export function showPaymentFailed(message: string | undefined): void {
  toast({ title: 'Payment Failed', description: message || PAYMENT_FAILED_FALLBACK, variant: 'destructive' });
}

/** After a confirmed payment: fresh submission data, the success notice, then the dashboard. */
export function usePaymentSucceeded(): () => Promise<void> {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    toast({
      title: 'Payment Successful',
      description: 'Thank you for your purchase! Your submission is now in the queue for review.',
    });
    // Leave first: refetching this page's submission while it is on screen would flash "already paid".
    navigate('/dashboard');
    await queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all });
  };
}
