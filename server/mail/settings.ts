import type { Config } from '../env';
import type { JobSender } from '../jobs/runner';
import type { EmailFrame } from './templates/layout';
import { resolveSigningKey, type SigningKey } from '../features/certificates/signing-key';
import type { BillingIssuer } from '../features/billing-documents/issuer';

/**
 * What the notify functions need: configuration, and the job runner that delivers what they queue. Built once
 * per app (`app.mail`, see app.ts) and passed to every notify call, so two apps in one process never share it.
 */
export interface MailSettings extends EmailFrame {
  adminEmails: string[];
  /** Each queued e-mail also queues a delivery round, in the same transaction (server/mail/outbox.ts). */
  jobs: JobSender;
  /**
   * The key that signs the certificate of human review made when a review is completed (decision 033). Read on
   * first use, so an app that never completes a review never touches DATA_DIR for it.
   */
  certificateKey: () => SigningKey;
  /** What a receipt or VAT invoice issued with a payment needs (decision 044): our VAT number, if any. */
  billing: BillingIssuer;
}

export function mailSettingsFrom(config: Config, jobs: JobSender): MailSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    supportEmail: config.SUPPORT_EMAIL,
    adminEmails: config.adminEmails,
    jobs,
    certificateKey: once(() => resolveSigningKey(config)),
    billing: { vatNumber: config.VAT_NUMBER ?? null },
  };
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
