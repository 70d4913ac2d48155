import { isStaff } from '@shared/auth.schema';
import { Link } from 'wouter';
import { LOGOUT_URL } from '@client/lib/login-redirect';
import { useCurrentUser } from '@client/lib/current-user';
import { Wordmark } from './wordmark';

const STAFF_LINK = 'rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The header of the staff pages (/admin/*, issue 42): the brand, the queue and the way out, on one short line that
 * scrolls away, so the workspace's own sticky toolbar is the only thing pinned to the top.
 */
export function StaffHeader() {
  const { user } = useCurrentUser();
  return (
    <header className="border-b border-slate-200 bg-white" data-testid="staff-header">
      <nav aria-label="Staff" className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1">
        <Wordmark className="text-base" />
        <Link href="/admin" className={STAFF_LINK}>
          {user?.isAdmin ? 'Admin panel' : 'Review queue'}
        </Link>
        <span className="flex-1" />
        {user && isStaff(user) ? <span className="truncate text-sm text-slate-600">{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</span> : null}
        <Link href="/" className={STAFF_LINK}>
          Back to the site
        </Link>
        {user ? (
          <a href={LOGOUT_URL} className={STAFF_LINK}>
            Log out
          </a>
        ) : null}
      </nav>
    </header>
  );
}
