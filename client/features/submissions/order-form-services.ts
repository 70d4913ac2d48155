import { createContext, useContext } from 'react';
import type { CurrentUser } from '@shared/auth.schema';
import type { SiteConfig } from '@shared/site-config.schema';
import type { CreateSubmissionPayload } from './api/submission-outcome';

/** Sends the form: `mutate` starts POST /api/submissions, `isPending` holds until its answer is handled. */
export interface SubmissionSender {
  mutate: (payload: CreateSubmissionPayload) => void;
  isPending: boolean;
}

/**
 * What the order form takes from around it, as hooks. The app gives it its data layer (TanStack Query, the
 * router); the island of /check-now gives a visitor's plain versions, so a visitor's first script carries neither
 * (decision 051). The rest of the form is the same code in both.
 */
export interface OrderFormServices {
  useCurrentUser: () => CurrentUser | null;
  useSiteConfig: () => SiteConfig;
  useCreateSubmission: (draftId: string) => SubmissionSender;
  /** Goes to another page of the app (the router in the app, a page load in the island). */
  useNavigate: () => (to: string) => void;
  /** Called once, when the visitor first focuses or presses anything in the form: fetch what sending will need. */
  warmUp?: () => void;
}

export const OrderFormServicesContext = createContext<OrderFormServices | null>(null);

export function useOrderFormServices(): OrderFormServices {
  const services = useContext(OrderFormServicesContext);
  if (!services) throw new Error('The order form needs an OrderFormServicesContext provider (order-form-services.ts).');
  return services;
}
