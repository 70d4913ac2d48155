import { toast } from '@client/components/ui/use-toast';
import { isUnauthorized } from '@client/lib/api';

export const LOGIN_AFTER_401_MS = 500;

/** Spec section 8: a 401 logs the reviewer in again after 500 ms; anything else shows `description`. */
export function reportAdminError(error: unknown, description: string): void {
  if (isUnauthorized(error)) {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    window.setTimeout(() => window.location.assign('/api/login'), LOGIN_AFTER_401_MS);
    return;
  }
  toast({ title: 'Error', description, variant: 'destructive' });
}
