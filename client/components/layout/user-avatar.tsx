import type { CurrentUser } from '@shared/auth.schema';
import { userInitials } from '@client/lib/user-name';
import { cn } from '@client/lib/cn';

export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  const alt = user.firstName || 'User';
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-emerald-100 text-sm font-semibold text-emerald-900',
        className,
      )}
    >
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt={alt} className="h-full w-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        <span role="img" aria-label={alt}>
          {userInitials(user)}
        </span>
      )}
    </span>
  );
}
