import { loadConfig, type Config } from '../env';
import type { EmailFrame } from './templates/layout';

/** What the notify functions need from configuration (their signatures carry only the transaction). */
export interface MailSettings extends EmailFrame {
  adminEmails: string[];
}

let current: MailSettings | null = null;

export function mailSettingsFrom(config: Config): MailSettings {
  return { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL, adminEmails: config.adminEmails };
}

/** Set by the app when it is built (registerMail). */
export function configureMail(config: Config): void {
  current = mailSettingsFrom(config);
}

export function mailSettings(): MailSettings {
  current ??= mailSettingsFrom(loadConfig());
  return current;
}
