import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from './context';
import type { OrderEventConsumer } from './orders';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { profileRoutes } from './profile/routes';
import { siteConfigRoutes } from './site-config/routes';
import { customerOrderRoutes } from './customer-orders/routes';
import { orderTitleRoutes } from './order-titles/routes';
import { paymentRoutes } from './payments/routes';
import { savedCardRoutes } from './payments/saved-card-routes';
import { messageRoutes } from './messages/routes';
import { textExtractionRoutes } from './text-extraction/routes';
import { reviewDeskRoutes } from './review-desk/routes';
import { uploadRoutes } from './uploads/routes';
import { factCheckRoutes } from './fact-check/routes';
import { afterPaymentRoutes } from './payments/after-payment-routes';
import { insightsRoutes } from './insights/routes';
import { teamRoutes } from './team/routes';
import { organisationRoutes } from './organisations/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { creditRoutes } from './credit/routes';
import { apiV1Routes } from './api-v1/routes';
import { apiDocsRoutes } from './api-v1/docs-page';
import { webhookRoutes } from './webhooks/routes';
import { backgroundJobRoutes } from './background-jobs/routes';
import { certificateRoutes, publicCertificateRoute } from './certificates/routes';
import { credentialRoutes, credentialV1Route } from './credentials/routes';
import { editorialRecordRoutes, editorialRecordV1Route } from './editorial-records/routes';
import { languageCheckRoutes } from './language-checks/routes';
import { claimSuggestionRoutes } from './claim-suggestions/routes';
import { suggestClaimsJob } from './claim-suggestions';
import { linkCheckRoutes } from './link-checks/routes';
import { reviewDecisionRoutes } from './review-decisions/routes';
import { billingDocumentRoutes } from './billing-documents/routes';
import { orderPurchaseOrderRoutes } from './billing-documents/purchase-order-routes';
import { mcpRoutes } from './mcp/routes';
import { styleGuideRoutes, styleGuideV1Routes } from './style-guide/routes';
import { ratingRoutes, ratingV1Routes } from './ratings/routes';
import { auditRoutes } from './audits/routes';
import { reviewerPreferenceRoutes, reviewerPreferenceV1Routes } from './reviewer-preferences/routes';
import { signOffRoutes } from './sign-offs/routes';
import { signOffsDueJob } from './sign-offs/job';
import { checkLinksJob } from './link-checks';
import type { JobHandler } from '../jobs/runner';
import { mailDeliveryJob } from '../mail/register';
import { webhookDeliveryJob } from './webhooks';
import { dueSoonJob } from './review-desk';
import { retentionPurgeJob } from './account';
import { insightsRollupJob } from './insights/rollups';
import { orderMoveEmails } from '../mail/order-emails';
import { deliveredDiff } from './delivery-diff';
import { webhookOrderEvents } from './webhooks/order-events';
import { claimSuggestionOrderEvents } from './claim-suggestions/order-events';
import { linkCheckOrderEvents } from './link-checks/order-events';
import { liveUpdateOrderEvents } from './live-updates/order-events';
import { billingDocumentOrderEvents } from './billing-documents/order-events';

/**
 * Routes that app.ts registers itself, with the database handle: the metrics plugin at the root before every other
 * route (decision 028), live updates after them, listening on the database itself (decision 038).
 */
export { metricsPlugin } from './metrics/routes';
export { liveUpdateRoutes } from './live-updates/routes';

/** Every feature's routes, in one list. Each feature adds its one line here. */
export const featureRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  siteConfigRoutes,
  authRoutes,
  profileRoutes,
  accountRoutes,
  contactRoutes,
  customerOrderRoutes,
  orderTitleRoutes,
  paymentRoutes,
  savedCardRoutes,
  messageRoutes,
  textExtractionRoutes,
  reviewDeskRoutes,
  uploadRoutes,
  factCheckRoutes,
  afterPaymentRoutes,
  insightsRoutes,
  teamRoutes,
  organisationRoutes,
  apiKeyRoutes,
  creditRoutes,
  // Other features' /api/v1 routes go inside the public API's plugin, so its OpenAPI document lists them.
  apiV1Routes([publicCertificateRoute, credentialV1Route, editorialRecordV1Route, styleGuideV1Routes, ratingV1Routes, reviewerPreferenceV1Routes]),
  apiDocsRoutes,
  webhookRoutes,
  backgroundJobRoutes,
  certificateRoutes,
  credentialRoutes,
  editorialRecordRoutes,
  languageCheckRoutes,
  claimSuggestionRoutes,
  linkCheckRoutes,
  reviewDecisionRoutes,
  styleGuideRoutes,
  billingDocumentRoutes,
  orderPurchaseOrderRoutes,
  mcpRoutes,
  ratingRoutes,
  auditRoutes,
  reviewerPreferenceRoutes,
  signOffRoutes,
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
  signOffsDueJob,
];

/**
 * Every consumer of an order's moves (decisions 029, 058), in the order they run inside the move's transaction:
 * `transition()` (server/features/orders) hands each event to this list, which the app puts in its context. Each
 * feature keeps its own reaction and adds its one line here. Billing documents last: issuing one locks the number
 * series' row until the move commits, so it is taken as late, and held as briefly, as it can be.
 */
export const orderEventConsumers: readonly OrderEventConsumer<FeatureContext>[] = [
  webhookOrderEvents,
  orderMoveEmails(deliveredDiff),
  // The reviewer's aids of a paid order (issue 23): suggested claims, then link checks.
  claimSuggestionOrderEvents,
  linkCheckOrderEvents,
  liveUpdateOrderEvents,
  billingDocumentOrderEvents,
];
