import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '@shared/auth.schema';
import { Spinner } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/lib/current-user';
import { Link, useLocation } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { toast } from '@client/components/ui/use-toast';

export const ADMIN_REDIRECT_MS = 1000;
const UNAUTHORIZED_DESCRIPTION = 'Admin access required. Redirecting...';

/** Spec section 6: a non-admin or a visitor is told and sent to / after 1 second (every admin page). */
export function Unauthorized() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title: 'Unauthorized', description: UNAUTHORIZED_DESCRIPTION, variant: 'destructive' });
    const timer = window.setTimeout(() => navigate('/'), ADMIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-2 px-4 text-center">
      <ShieldAlert className="h-10 w-10 text-red-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Unauthorized</h1>
      <p className="text-slate-600">{UNAUTHORIZED_DESCRIPTION}</p>
    </div>
  );
}

/**
 * Every admin page's gate: a spinner while the account loads, then the page for those `allowed` lets in, and the
 * turn-away (with its redirect to /) for everyone else.
 */
export function AdminGate({ allowed, children }: { allowed: (user: CurrentUser | null | undefined) => boolean; children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!user || !allowed(user)) return <Unauthorized />;
  return <>{children(user)}</>;
}

/** Who may open the administrators' own pages (insights, team, jobs): administrators, not reviewers. */
export function isAdminUser(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.isAdmin);
}

/**
 * The frame of an administrators' page under /admin: its gate, the way back to the queue, the title and lead line,
 * and the page's content in one column.
 */
export function AdminSubpage({ title, lead, children }: { title: string; lead: string; children: () => ReactNode }) {
  return (
    <AdminGate allowed={isAdminUser}>
      {() => (
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
          <div>
            <Link href="/admin" className="text-sm text-slate-600 underline">
              Back to the queue
            </Link>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
            <p className="text-slate-600">{lead}</p>
          </div>
          {children()}
        </div>
      )}
    </AdminGate>
  );
}
