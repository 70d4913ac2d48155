import { useLocation } from 'wouter';
import { useCurrentUser } from '@client/lib/current-user';
import { useSiteConfig } from '@client/lib/site-config';
import { useCreateSubmission } from './api/create-submission';
import type { OrderFormServices } from './order-form-services';

function useAccountUser() {
  return useCurrentUser().user;
}

function useAppNavigate(): (to: string) => void {
  return useLocation()[1];
}

/** The order form inside the app: the account, the deployment's settings and sending through TanStack Query. */
export const APP_ORDER_FORM_SERVICES: OrderFormServices = {
  useCurrentUser: useAccountUser,
  useSiteConfig,
  useCreateSubmission,
  useNavigate: useAppNavigate,
};
