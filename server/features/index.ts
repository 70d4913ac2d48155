import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { profileRoutes } from './profile/routes';
import { siteConfigRoutes } from './site-config/routes';
import { submissionRoutes } from './submissions/routes';
import { paymentRoutes } from './payments/routes';
import { savedCardRoutes } from './payments/saved-card-routes';
import { messageRoutes } from './messages/routes';
import { textExtractionRoutes } from './text-extraction/routes';
import { adminRoutes } from './admin/routes';
import { uploadRoutes } from './uploads/routes';
import { factCheckRoutes } from './fact-check/routes';
import { afterPaymentRoutes } from './after-payment/routes';
import { insightsRoutes } from './insights/routes';
import { teamRoutes } from './team/routes';
import { organisationRoutes } from './organisations/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { creditRoutes } from './credit/routes';
import { apiV1Routes } from './api-v1/routes';
import { apiDocsRoutes } from './api-v1/docs-page';
import { webhookRoutes } from './webhooks/routes';
import { backgroundJobRoutes } from './background-jobs/routes';
import { certificateRoutes } from './certificates/routes';
import { credentialRoutes } from './credentials/routes';
import { editorialRecordRoutes } from './editorial-records/routes';
import { languageCheckRoutes } from './language-checks/routes';
import { claimSuggestionRoutes } from './claim-suggestions/routes';
import { suggestClaimsJob } from './claim-suggestions';
import { linkCheckRoutes } from './link-checks/routes';
import { billingDocumentRoutes } from './billing-documents/routes';
import { styleGuideRoutes } from './style-guide/routes';
import { checkLinksJob } from './link-checks';
import type { JobHandler } from '../jobs/runner';
import { mailDeliveryJob } from '../mail/register';
import { webhookDeliveryJob } from './webhooks';
import { dueSoonJob } from './admin';
import { retentionPurgeJob } from './account';
import { insightsRollupJob } from './insights/rollups';

/** Every feature's routes, in one list. Each feature adds its one line here. */
export const featureRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  siteConfigRoutes,
  authRoutes,
  profileRoutes,
  accountRoutes,
  contactRoutes,
  submissionRoutes,
  paymentRoutes,
  savedCardRoutes,
  messageRoutes,
  textExtractionRoutes,
  adminRoutes,
  uploadRoutes,
  factCheckRoutes,
  afterPaymentRoutes,
  insightsRoutes,
  teamRoutes,
  organisationRoutes,
  apiKeyRoutes,
  creditRoutes,
  apiV1Routes,
  apiDocsRoutes,
  webhookRoutes,
  backgroundJobRoutes,
  certificateRoutes,
  credentialRoutes,
  editorialRecordRoutes,
  languageCheckRoutes,
  claimSuggestionRoutes,
  linkCheckRoutes,
  styleGuideRoutes,
  billingDocumentRoutes,
];

/** Every background job a feature runs (server/jobs); each returns null where this instance does not run it. */
export const featureJobs: ((app: FastifyInstance) => JobHandler | null)[] = [
  mailDeliveryJob,
  webhookDeliveryJob,
  dueSoonJob,
  suggestClaimsJob,
  checkLinksJob,
  retentionPurgeJob,
  insightsRollupJob,
];
