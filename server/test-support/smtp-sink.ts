/** Test-only: a real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
  /** Envelope recipients (RCPT TO). */
  rcptTo: string[];
  mailFrom: string;
  /** The name the client gave in EHLO/HELO (nodemailer's `name` option, e.g. `?name=` in SMTP_URL). */
  heloName: string;
}

export interface SmtpSinkOptions {
  /** Answer RCPT TO for these addresses with 550. */
  rejectRecipients?: string[];
  /** Hold each DATA for this long before accepting it (a slow server). */
  delayMs?: number;
  /** Called when DATA starts (to know a send is in flight). */
  onDataStart?: () => void;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  constructor(private readonly options: SmtpSinkOptions = {}) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens on a free port the first time, then on the same port again (a server coming back). */
  async start(): Promise<void> {
    const opts = this.options;
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (opts.rejectRecipients?.includes(address.address.toLowerCase())) {
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        opts.onDataStart?.();
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const finish = () =>
            simpleParser(raw).then(
              (parsed) => {
                this.received.push({
                  parsed,
                  raw: raw.toString('utf8'),
                  rcptTo: session.envelope.rcptTo.map((r) => r.address),
                  mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  heloName: session.hostNameAppearsAs,
                });
                callback();
              },
              (err: Error) => callback(err),
            );
          if (opts.delayMs) setTimeout(() => void finish(), opts.delayMs);
          else void finish();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.includes(address.toLowerCase()));
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** A logger that remembers what it was told. */
export function memoryLogger() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
