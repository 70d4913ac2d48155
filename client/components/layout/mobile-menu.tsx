import { Link } from 'wouter';
import { isStaff } from '@shared/auth.schema';
import { Dialog } from 'radix-ui';
import { LayoutDashboard, LogOut, Settings, Shield, X } from 'lucide-react';
import type { CurrentUser } from '@shared/auth.schema';
import { Button } from '@client/components/ui/button';
import { LOGIN_URL, LOGOUT_URL } from '@client/lib/login-redirect';
import { fullName } from '@client/lib/user-name';
import { PANEL_LINK, PUBLIC_LINKS } from './nav-links';
import { UserAvatar } from './user-avatar';

/** The slide-in panel for small screens; loaded on first use. Choosing any item closes it. */
export default function MobileMenu({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser | null;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="animate-slide-in-right fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-xs flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none md:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {user ? (
            <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-3">
              <UserAvatar user={user} />
              <div className="min-w-0">
                {user.firstName ? <p className="text-sm font-semibold">{fullName(user)}</p> : null}
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
            </div>
          ) : null}
          <nav aria-label="Mobile" className="flex flex-col">
            {PUBLIC_LINKS.map((l) => (
              <Link key={l.href} href={l.href} className={PANEL_LINK} onClick={close}>
                {l.label}
              </Link>
            ))}
            {user ? (
              <>
                <Link href="/dashboard" className={PANEL_LINK} onClick={close}>
                  <LayoutDashboard className="h-5 w-5" aria-hidden="true" /> Dashboard
                </Link>
                <Link href="/settings" className={PANEL_LINK} onClick={close}>
                  <Settings className="h-5 w-5" aria-hidden="true" /> Settings
                </Link>
                {isStaff(user) ? (
                  <Link href="/admin" className={PANEL_LINK} onClick={close}>
                    <Shield className="h-5 w-5" aria-hidden="true" /> {user.isAdmin ? 'Admin panel' : 'Review queue'}
                  </Link>
                ) : null}
              </>
            ) : (
              <a href={LOGIN_URL} className={PANEL_LINK} onClick={close}>
                Login
              </a>
            )}
          </nav>
          <Button asChild variant="accent" size="lg" className="mt-2">
            <Link href="/check-now" onClick={close}>
              Check now
            </Link>
          </Button>
          {user ? (
            <a href={LOGOUT_URL} className={PANEL_LINK} onClick={close}>
              <LogOut className="h-5 w-5" aria-hidden="true" /> Log out
            </a>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
