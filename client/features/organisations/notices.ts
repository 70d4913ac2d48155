import { toast } from '@client/components/ui/use-toast';

/** The card's notice of a change that went through. */
export const notify = (description: string) => toast({ title: 'Organisation', description });

/**
 * Runs a mutation whose success unmounts the component that started it (creating, leaving, removing a member): the
 * promise settles whatever is mounted, where `mutate`'s own callbacks would be dropped with the component.
 */
export function settle<R>(promise: Promise<R>, onSuccess: (result: R) => void, onError: (error: unknown) => void): void {
  promise.then(onSuccess, onError);
}
