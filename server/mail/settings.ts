import type { Config } from '../env';
import type { JobSender } from '../jobs/runner';
import type { EmailFrame } from './templates/layout';

/**
 * What the notify functions need: configuration, and the job runner that delivers what they queue. Built once
 * per app (`app.mail`, see app.ts) and passed to every notify call, so two apps in one process never share it.
 */
export interface MailSettings extends EmailFrame {
  adminEmails: string[];
  /** Each queued e-mail also queues a delivery round, in the same transaction (server/mail/outbox.ts). */
  jobs: JobSender;
}

export function mailSettingsFrom(config: Config, jobs: JobSender): MailSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    supportEmail: config.SUPPORT_EMAIL,
    adminEmails: config.adminEmails,
    jobs,
  };
}
