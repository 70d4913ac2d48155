import { useState } from 'react';
import { Link } from 'wouter';
import { Dialog, DropdownMenu } from 'radix-ui';
import { LayoutDashboard, LogOut, Menu, Settings, Shield, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { fullName, useCurrentUser } from '@client/features/auth/use-current-user';
import { UserAvatar } from './user-avatar';
import { Wordmark } from './wordmark';

export const PUBLIC_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/services', label: 'Services' },
  { href: '/blog', label: 'Blog' },
] as const;

const NAV_LINK = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const PANEL_LINK = 'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';

export function Navbar() {
  const { user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Wordmark />
        <div className="hidden items-center gap-1 md:flex">
          {PUBLIC_LINKS.map((l) => (
            <Link key={l.href} href={l.href} className={NAV_LINK}>
              {l.label}
            </Link>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            <>
              {user.isAdmin ? (
                <Button asChild variant="outline" size="sm">
                  <Link href="/admin">
                    <Shield className="h-4 w-4" aria-hidden="true" />
                    Admin
                  </Link>
                </Button>
              ) : null}
              <Button asChild variant="accent" size="sm">
                <Link href="/check-now">Check now</Link>
              </Button>
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
                      <a href="/api/logout" className="flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
                        <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
                      </a>
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </>
          ) : (
            <>
              <a href="/api/login" className={NAV_LINK}>
                Login
              </a>
              <Button asChild variant="accent" size="sm">
                <Link href="/check-now">Check now</Link>
              </Button>
            </>
          )}
        </div>

        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="h-6 w-6" aria-hidden="true" />
            </Button>
          </Dialog.Trigger>
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
                    {user.isAdmin ? (
                      <Link href="/admin" className={PANEL_LINK} onClick={close}>
                        <Shield className="h-5 w-5" aria-hidden="true" /> Admin panel
                      </Link>
                    ) : null}
                  </>
                ) : (
                  <a href="/api/login" className={PANEL_LINK} onClick={close}>
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
                <a href="/api/logout" className={PANEL_LINK} onClick={close}>
                  <LogOut className="h-5 w-5" aria-hidden="true" /> Log out
                </a>
              ) : null}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </nav>
    </header>
  );
}
