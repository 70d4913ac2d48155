/**
 * The script of /check-now for a visitor (decision 051): the order form alone, hydrated with React, in place of
 * the app. The page around it is static HTML; its one other control, the small screens' menu, is the static pages'
 * island (decision 049). A visitor holding the signed-in hint gets the app instead, as on the static pages (decision 049).
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pageEarlyActions } from '@shared/early-actions';
import { showCarriedToast } from '@client/components/ui/toast-carry';
import { ToasterHost } from '@client/components/ui/toaster-host';
import { installBlurAfterPress } from '@client/lib/blur-after-press';
import { useMarkPageReadyOnceCommitted, whenPageReady } from '@client/lib/page-ready';
import { installMobileMenuIsland } from '@client/components/layout/mobile-menu-island';
import { ISLANDS_READY_ATTRIBUTE } from '@client/static-islands';
import { ISLAND_ORDER_FORM_SERVICES } from './island-order-form-services';
import { OrderFormServicesContext } from './order-form-services';
import { ORDER_FORM_ROOT_ID } from './order-form-root';
import SubmissionForm from './submission-form';

/** Marks the page ready once the form has hydrated and its first effects have rendered. */
function ReadyOnceCommitted() {
  useMarkPageReadyOnceCommitted();
  return null;
}

const container = document.getElementById(ORDER_FORM_ROOT_ID);
installBlurAfterPress();
// A click or submit held since the page was parsed (decision 040) acts once the form is hydrated.
const early = pageEarlyActions();
early.release();
installMobileMenuIsland();
whenPageReady(early.replay);
whenPageReady(showCarriedToast);
whenPageReady(() => document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, ''));
if (container) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <OrderFormServicesContext value={ISLAND_ORDER_FORM_SERVICES}>
          <SubmissionForm />
          <ToasterHost preloadWhenIdle={false} />
          <ReadyOnceCommitted />
        </OrderFormServicesContext>
      </StrictMode>,
      {
        onRecoverableError(error, info) {
          // Surfaces a hydration mismatch (the e2e suite fails on console errors that mention hydration).
          console.error('Hydration error:', error, info.componentStack ?? '');
        },
      },
    );
  });
}
