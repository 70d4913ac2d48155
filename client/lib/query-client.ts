import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { isUnauthorized } from './api';
import { LOGIN_AFTER_401_MS, scheduleLoginRedirect } from './login-redirect';

/** What a query or mutation may tell the data layer about its errors (typed through `Register` below). */
export interface DataLayerMeta extends Record<string, unknown> {
  /** A 401 here is expected and handled by the caller (signed-out reads, creating a submission while signed out). */
  handles401?: boolean;
  /** A mutation's notice for any failure but a 401: the description, or a function of the error. */
  errorMessage?: string | ((error: Error) => string);
  /** The title of that notice; "Error" unless given. */
  errorTitle?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: DataLayerMeta;
    mutationMeta: DataLayerMeta;
  }
}

export const UNAUTHORIZED_TOAST = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' } as const;

/**
 * One QueryClient with the app's data rules (spec section 7): no retries, no refetch on focus, no polling,
 * never stale, unless a query asks. Its caches hold the one 401 handler (spec section 8, decision 017): a 401
 * from any query or mutation, unless its meta says `handles401`, shows "Unauthorized" and sends the browser
 * to sign in after 500 ms, once however many calls fail together. A mutation's other failures show its
 * `meta.errorMessage`, if it has one.
 */
export function createQueryClient(): QueryClient {
  let signingIn = false;
  const onUnauthorized = (error: Error, meta: DataLayerMeta | undefined): boolean => {
    if (!isUnauthorized(error) || meta?.handles401) return false;
    if (!signingIn) {
      signingIn = true;
      toast({ ...UNAUTHORIZED_TOAST, variant: 'destructive' });
      scheduleLoginRedirect(LOGIN_AFTER_401_MS);
    }
    return true;
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => void onUnauthorized(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (onUnauthorized(error, mutation.meta)) return;
        const { errorMessage, errorTitle = 'Error' } = mutation.meta ?? {};
        if (errorMessage === undefined) return;
        const description = typeof errorMessage === 'function' ? errorMessage(error) : errorMessage;
        toast({ title: errorTitle, description, variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
