import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../env';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';

export interface OutgoingEmail {
  /** Outbox row id: also the Message-ID, so a resend after a crash can be recognised as the same e-mail. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** Resolves once the message is accepted (SMTP) or written (file); rejects with the reason otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface TransportLogger {
  info: (obj: object, msg: string) => void;
}

export type TransportConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** Timeouts so a dead or stalled server fails an attempt in seconds; URL query parameters may override them. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
} as const;

export function outboxDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'outbox');
}

function messageDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from);
  return match?.[1] ?? 'humanproof.local';
}

function message(config: TransportConfig, email: OutgoingEmail) {
  return {
    from: config.MAIL_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    messageId: `<${email.id}@${messageDomain(config.MAIL_FROM)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** SMTP when SMTP_URL is set; otherwise `.eml` files under DATA_DIR/outbox. */
export function createMailTransport(config: TransportConfig, log: TransportLogger): MailTransport {
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.SMTP_URL });
    return {
      kind: 'smtp',
      send: async (email) => {
        await smtp.sendMail(message(config, email));
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = outboxDir(config);
  return {
    kind: 'file',
    send: async (email) => {
      const info = await files.sendMail(message(config, email));
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Named after the outbox row: a resend replaces the file instead of adding a second one.
      const file = path.join(dir, `${email.id}.eml`);
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(partial, file);
      log.info({ file }, `e-mail written to ${file}`);
    },
    close: () => files.close(),
  };
}
