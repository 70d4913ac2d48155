import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from '@client/components/layout/footer';
import { Navbar } from '@client/components/layout/navbar';
import { StaffHeader } from '@client/components/layout/staff-header';
import { ToasterHost } from '@client/components/ui/toaster-host';
import { VerifyEmailBanner } from '@client/features/account';

/**
 * A new page of the app starts at its top. Not the first one: the browser has placed it already (a reload keeps its
 * place), and a visitor may have scrolled a pre-rendered page before it hydrated; moving it then would pull the
 * form from under their next click.
 */
function ScrollToTop() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** /admin and every page under it: the staff's app, with a header of its own and no marketing footer (issue 42). */
export function isStaffPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const staff = isStaffPath(location);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <ScrollToTop />
      {staff ? <StaffHeader /> : <Navbar />}
      {staff ? null : <VerifyEmailBanner />}
      <main id="main" className="flex-1">
        {children}
      </main>
      {staff ? null : <Footer />}
      <ToasterHost />
    </div>
  );
}
