import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from '@playwright/test';
import { E2E_PORT } from './env';

/** What the e2e server's SMTP server received (scripts/e2e-smtp-sink.mjs). */
const MAILBOX = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-${E2E_PORT}`, 'mailbox');

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * Each message parsed once: the sink renames a message into place whole and never changes it, and the mailbox grows
 * to hundreds of messages over a run, which every poll of every spec would otherwise parse again.
 */
const parsedFiles = new Map<string, Promise<ReceivedMail>>();

async function parse(file: string): Promise<ReceivedMail> {
  const raw = readFileSync(path.join(MAILBOX, file));
  const envelope = /^X-Envelope-To: (.*)\r\n/.exec(raw.toString('utf8'))?.[1] ?? '';
  const parsed: ParsedMail = await simpleParser(raw);
  return {
    to: envelope.split(',').map((a) => a.trim().toLowerCase()),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

async function readAll(): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = readdirSync(MAILBOX).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    let mail = parsedFiles.get(file);
    if (!mail) {
      parsedFiles.set(file, (mail = parse(file)));
      mail.catch(() => parsedFiles.delete(file));
    }
    mails.push(await mail);
  }
  return mails;
}

/** Waits (the outbox worker polls every few seconds) for the `nth` e-mail to `to` whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string, nth = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await readAll()).filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
        found = matching[nth - 1];
        return matching.length;
      },
      { timeout: 30_000, message: `e-mail "${subject}" to ${to}` },
    )
    .toBeGreaterThanOrEqual(nth);
  return found!;
}

export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  return (await readAll()).filter((m) => m.to.includes(to.toLowerCase()));
}

/** The first link in the plain-text part that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(fragment));
  if (!link) throw new Error(`no link with "${fragment}" in "${mail.subject}"`);
  return link;
}
