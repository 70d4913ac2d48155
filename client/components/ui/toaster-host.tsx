import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** Fetches the notification region's code ahead of the first notice. */
export function preloadToaster(): void {
  void loadToaster().catch(() => undefined);
}

/**
 * Mounts the notification region once there is something to show, and fetches its code when the browser is
 * idle, so it never competes with a page's first paint. With `preloadWhenIdle` false the page preloads it itself
 * (`preloadToaster`), or the first notice fetches it.
 */
export function ToasterHost({ preloadWhenIdle = true }: { preloadWhenIdle?: boolean }) {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (hasToasts) setMounted(true);
  }, [hasToasts]);
  useEffect(() => {
    if (!preloadWhenIdle) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(preloadToaster);
  }, [preloadWhenIdle]);
  if (!mounted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
