/** What other features may use from the webhooks feature. */
export { enqueueStatusEvent, enqueueWebhookEvent } from './enqueue';
export { webhookDeliveryJob } from './register';
export { requestPinned, resolvePublicTarget, WebhookAddressError, type Resolver, type WebhookTarget } from './address';
