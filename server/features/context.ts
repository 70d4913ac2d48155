import type { Config } from '../env';
import type { JobSender } from '../jobs/runner';
import type { MailSettings } from '../mail/settings';
import type { BillingIssuer } from './billing-documents';
import { resolveSigningKey, type SigningKey } from './certificates';
import type { OrderEventConsumer, OrderLifecycle } from './orders';
import { createStripeClient, refundGateway, type RefundGateway } from './payments';

/**
 * What the features that move an order, and the consumers of those moves, are handed (decision 058): built once per
 * app (`app.context`, server/app.ts) and passed to `transition()` and the services that call it, so two apps in one
 * process never share it and the lifecycle (server/features/orders) never imports the features reacting to it.
 */
export interface FeatureContext extends OrderLifecycle<FeatureContext> {
  /** Queues jobs in the caller's transaction (server/jobs): webhook deliveries, the reviewer's aids. */
  jobs: JobSender;
  /** What e-mails need (server/mail/settings.ts). */
  mail: MailSettings;
  /** What a receipt or VAT invoice issued with a payment needs (decision 044): our VAT number, if any. */
  billing: BillingIssuer;
  /**
   * The key that signs the certificate of human review made when a review is completed (decision 033). Read on
   * first use, so an app that never completes a review never touches DATA_DIR for it.
   */
  certificateKey: () => SigningKey;
  /**
   * The clock of the moves (a delivery's time, hence whether it was late: decision 068). The real time in the app;
   * a test sets `app.context.now` to move it, never waits.
   */
  now: () => Date;
  /** Money back through the payment provider the order was paid with (the on-time guarantee's late refund). */
  refunds: RefundGateway;
  /**
   * The share of completed reviews (0–100) a second reviewer signs off before delivery (QA_SAMPLE_PERCENT, decision
   * 073). A test sets it, as it sets `now`.
   */
  qaSamplePercent: number;
  /** ADMIN_EMAILS: administrators by address, who count as staff who may review (the sign-off's team of one). */
  adminEmails: readonly string[];
}

export function featureContextFrom(
  config: Config,
  parts: { jobs: JobSender; mail: MailSettings; orderEventConsumers: readonly OrderEventConsumer<FeatureContext>[] },
): FeatureContext {
  return {
    ...parts,
    billing: { vatNumber: config.VAT_NUMBER ?? null },
    certificateKey: once(() => resolveSigningKey(config)),
    now: () => new Date(),
    refunds: refundGateway(config.stripe ? createStripeClient(config.stripe) : null),
    qaSamplePercent: config.QA_SAMPLE_PERCENT,
    adminEmails: config.adminEmails,
  };
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
