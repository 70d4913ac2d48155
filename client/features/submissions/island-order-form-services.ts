import { useCallback, useState, useSyncExternalStore } from 'react';
import type { SiteConfig } from '@shared/site-config.schema';
import { carryToastToNextPage } from '@client/components/ui/toast-carry';
import { preloadToaster } from '@client/components/ui/toaster-host';
import { fetchSiteConfig, SITE_CONFIG_DEFAULTS } from '@client/lib/site-config-fetch';
import { submissionCreated, submissionFailed, type CreateSubmissionPayload } from './api/submission-outcome';
import type { OrderFormServices, SubmissionSender } from './order-form-services';

/**
 * The order form on /check-now for a visitor, without the app (decision 051): no data layer and no router. A
 * visitor has no account to read; the next page is loaded, carrying the notice just shown; zod comes with the
 * first call that needs it. Nothing is fetched until the visitor starts on the form, so the page becomes
 * interactive with nothing else to run.
 */
function goTo(path: string): void {
  carryToastToNextPage();
  window.location.assign(path);
}

function useVisitor(): null {
  return null;
}

// The deployment's settings, fetched when the visitor starts on the form (`warmUp`): until then, and in the
// pre-rendered HTML, the defaults.
let siteConfig = SITE_CONFIG_DEFAULTS;
let siteConfigRequested = false;
const siteConfigListeners = new Set<() => void>();

function loadSiteConfig(): void {
  if (siteConfigRequested) return;
  siteConfigRequested = true;
  fetchSiteConfig()
    .then((loaded) => {
      siteConfig = loaded;
      for (const listener of siteConfigListeners) listener();
    })
    .catch(() => {
      siteConfigRequested = false; // the defaults stay; the next warm-up asks again
    });
}

function useIslandSiteConfig(): SiteConfig {
  return useSyncExternalStore(
    (listener) => {
      siteConfigListeners.add(listener);
      return () => siteConfigListeners.delete(listener);
    },
    () => siteConfig,
    () => SITE_CONFIG_DEFAULTS,
  );
}

function useIslandCreateSubmission(draftId: string): SubmissionSender {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (payload: CreateSubmissionPayload) => {
      setPending(true);
      import('./api/post-submission')
        .then(({ createSubmission }) => createSubmission(payload))
        // Success stays pending: the next page is loading.
        .then(
          (submission) => submissionCreated(submission, draftId, goTo),
          (error: unknown) => {
            setPending(false);
            submissionFailed(error, payload, draftId, goTo);
          },
        );
    },
    [draftId],
  );
  return { mutate, isPending };
}

export const ISLAND_ORDER_FORM_SERVICES: OrderFormServices = {
  useCurrentUser: useVisitor,
  useSiteConfig: useIslandSiteConfig,
  useCreateSubmission: useIslandCreateSubmission,
  useNavigate: () => goTo,
  warmUp: () => {
    loadSiteConfig();
    preloadToaster();
  },
};
