/** What other features may use from the webhooks feature (Settings → Webhooks). */
export { WebhooksCard } from './webhooks-card';
