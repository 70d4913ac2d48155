import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Mounts the notification region once there is something to show, and fetches its code when the browser is
 * idle, so it never competes with a page's first paint.
 */
export function ToasterHost() {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (hasToasts) setMounted(true);
  }, [hasToasts]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadToaster());
  }, []);
  if (!mounted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
