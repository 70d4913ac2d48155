import { Link } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { LayoutDashboard, LogOut, Settings } from 'lucide-react';
import type { CurrentUser } from '@shared/auth.schema';
import { LOGOUT_URL } from '@client/lib/login-redirect';
import { fullName } from '@client/lib/user-name';
import { UserAvatar } from './user-avatar';

/** The signed-in user's avatar menu; its own chunk, so visitors never download the dropdown code. */
export default function AccountMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        aria-label="Account menu"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            {user.firstName ? <p className="text-sm font-semibold text-slate-900">{fullName(user)}</p> : null}
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link href="/dashboard" className="flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link href="/settings" className="flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
              <Settings className="h-4 w-4" aria-hidden="true" /> Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <a href={LOGOUT_URL} className="flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
              <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
