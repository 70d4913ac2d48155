import { lazy, Suspense, useState } from 'react';
import { isStaff } from '@shared/auth.schema';
import { Link } from 'wouter';
import { Menu, Shield } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { LOGIN_URL } from '@client/lib/login-redirect';
import { useCurrentUser } from '@client/lib/current-user';
import { NAV_LINK, PUBLIC_LINKS } from './nav-links';
import { Wordmark } from './wordmark';
import { MOBILE_MENU_ISLAND } from './mobile-menu-island';

const loadAccountMenu = () => import('./account-menu');
const loadMobileMenu = () => import('./mobile-menu');
const AccountMenu = lazy(loadAccountMenu);
const MobileMenu = lazy(loadMobileMenu);


export function Navbar() {
  const { user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  // The panel's code loads on first use (or when the pointer or focus reaches the button).
  const [menuWanted, setMenuWanted] = useState(false);

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
              {isStaff(user) ? (
                <Button asChild variant="outline" size="sm">
                  <Link href="/admin">
                    <Shield className="h-4 w-4" aria-hidden="true" />
                    {user.isAdmin ? 'Admin' : 'Review queue'}
                  </Link>
                </Button>
              ) : null}
              <Button asChild variant="accent" size="sm">
                <Link href="/check-now">Check now</Link>
              </Button>
              <Suspense fallback={<span className="inline-block h-9 w-9 rounded-full bg-emerald-100" aria-hidden="true" />}>
                <AccountMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <a href={LOGIN_URL} className={NAV_LINK}>
                Login
              </a>
              <Button asChild variant="accent" size="sm">
                <Link href="/check-now">Check now</Link>
              </Button>
            </>
          )}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          data-island={MOBILE_MENU_ISLAND}
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="h-6 w-6" aria-hidden="true" />
        </Button>
        {menuWanted ? (
          <Suspense fallback={null}>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} user={user} />
          </Suspense>
        ) : null}
      </nav>
    </header>
  );
}
