import type { Config } from '../env';
import type { EmailFrame } from './templates/layout';

/**
 * What the notify functions need from configuration. Built once per app (`app.mail`, see register.ts) and passed
 * to every notify call, so two apps in one process never share it.
 */
export interface MailSettings extends EmailFrame {
  adminEmails: string[];
}

export function mailSettingsFrom(config: Config): MailSettings {
  return { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL, adminEmails: config.adminEmails };
}
