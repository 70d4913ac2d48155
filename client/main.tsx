import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { SESSION_HINT_CLASS } from '@shared/session-hint';
import { pageEarlyActions } from '@shared/early-actions';
import { whenPageReady } from '@client/lib/page-ready';
import { showCarriedToast } from '@client/components/ui/toast-carry';
import { installBlurAfterPress } from '@client/lib/blur-after-press';
import { queryClient } from '@client/lib/query-client';
import { hasSessionHint } from '@client/lib/session-hint';
import { App } from '@client/app/app';
import { preloadPage } from '@client/app/routes';
import './styles.css';

installBlurAfterPress();
// The notice a page without the app showed as it sent the visitor here (the order form's island, decision 051).
whenPageReady(showCarriedToast);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>
);

// A pre-rendered page (decision 019) is hydrated: React adopts the server's HTML. A page with a signed-in variant
// (/) is rendered afresh when the hint cookie says the visitor is probably signed in: its HTML is the public
// variant, hidden by the head's style until now.
const signedInVariant = root.hasAttribute('data-signed-in-variant');
if (root.firstElementChild && !(signedInVariant && hasSessionHint())) {
  // A click or submit before React owns the page waits visibly and acts once it does: the page's inline script
  // started holding them as it was parsed (decision 040).
  const early = pageEarlyActions();
  // The page's code first, so no part of the page waits for code while hydrating (routes.tsx says why); a chunk that
  // fails to load fails again, visibly, when the page renders.
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      early.release();
      whenPageReady(early.replay);
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
      // in one long task: the page is already painted and readable, so nothing waits on it (decision 010).
      startTransition(() => {
        hydrateRoot(root, app, {
          onRecoverableError(error, info) {
            // Surfaces a hydration mismatch (the e2e suite fails on console errors that mention hydration).
            console.error('Hydration error:', error, info.componentStack ?? '');
          },
        });
      });
    });
} else {
  root.textContent = '';
  root.removeAttribute('data-signed-in-variant');
  document.documentElement.classList.remove(SESSION_HINT_CLASS);
  createRoot(root).render(app);
}
