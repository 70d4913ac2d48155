// A real SMTP server (smtp-server) for the e2e run: the app delivers its e-mail to it over SMTP_URL, and it
// writes every message it accepts, as received, to <mailboxDir>/<n>.eml for the specs to read (e2e/mailbox.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink(mailboxDir) {
  mkdirSync(mailboxDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}`;
        const envelope = `X-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n`;
        // Written under a temporary name first, so a reader never sees half a message.
        const tmp = path.join(mailboxDir, `${name}.tmp`);
        writeFileSync(tmp, Buffer.concat([Buffer.from(envelope), ...chunks]));
        renameSync(tmp, path.join(mailboxDir, `${name}.eml`));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { server, url: `smtp://127.0.0.1:${server.server.address().port}` };
}
