/**
 * The e-mails raised by the real API routes (payment, review desk, messages, contact form), delivered through a
 * real SMTP server by the outbox worker.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPence } from '../../shared/money';
import { submissions } from '../db/schema';
import { createSubmissionVia } from '../test-support/orders';
import { createTestApp, uniqueEmail, type SignedInUser, type TestApp } from '../test-support/test-app';
import { formatLondonDateTime } from './format';
import { smtpWorker, signUpQuietly, signUpAdminQuietly } from '../test-support/mail';
import { SmtpSink, type ReceivedMail } from '../test-support/smtp-sink';

const PUBLIC_URL = 'https://app.humanproof.test';
const TEAM_ONLY = 'team@humanproof.test';

let t: TestApp;
let sink: SmtpSink;
let admin: SignedInUser;
let team: string[];
let clock = Date.now();
let mail: ReturnType<typeof smtpWorker>;

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  t = await createTestApp({ PUBLIC_URL, ADMIN_EMAILS: TEAM_ONLY });
  admin = await signUpAdminQuietly(t.app);
  team = [admin.email.toLowerCase(), TEAM_ONLY].sort();
  mail = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { now: () => new Date(clock) });
});

afterAll(async () => {
  mail?.transport.close();
  await t?.close();
  await sink?.stop();
});

/** Runs the worker "a little later" so everything queued so far is due. */
async function deliver() {
  clock = Math.max(clock, Date.now()) + 1_000;
  return mail.worker.runOnce();
}

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

function one(list: ReceivedMail[], subjectPart: string): ReceivedMail {
  const found = list.filter((m) => m.parsed.subject?.includes(subjectPart));
  expect(found, subjectPart).toHaveLength(1);
  return found[0]!;
}

function html(m: ReceivedMail): string {
  return typeof m.parsed.html === 'string' ? m.parsed.html : '';
}

async function payFor(customer: SignedInUser, overrides: Record<string, unknown> = {}) {
  const submission = await createSubmissionVia(t.app, customer.cookie, overrides);
  const intent = await post('/api/create-payment-intent', { submissionId: submission.id }, customer.cookie);
  expect(intent.statusCode).toBe(200);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const paid = await post(
    '/api/payments/sandbox/confirm',
    { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    customer.cookie,
  );
  expect(paid.statusCode).toBe(200);
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, submission.id));
  return row!;
}

describe('e-mails from the API', () => {
  it('payment succeeds while the mail server is down; its e-mails arrive exactly once after it comes back', async () => {
    const customer = await signUpQuietly(t.app, { firstName: 'Priya', lastName: 'Patel' });
    await sink.stop();
    const row = await payFor(customer, { serviceTier: 'rewritten', fastTurnaround: true });
    expect(row.status).toBe('paid');

    const down = await deliver();
    expect(down.sent).toBe(0);
    expect(down.retrying).toBe(3); // customer + two team addresses
    expect(sink.received).toHaveLength(0);

    await sink.start();
    expect((await deliver()).claimed).toBe(0); // not due yet: the first retry comes 30 s later
    clock += 31_000;
    expect(await deliver()).toMatchObject({ sent: 3 });
    clock += 2 * 3_600_000;
    expect((await deliver()).claimed).toBe(0);

    const receipt = one(sink.to(customer.email), `order ${row.id}`);
    expect(sink.to(customer.email)).toHaveLength(1);
    for (const part of [receipt.parsed.text ?? '', html(receipt)]) {
      expect(part).toContain(row.id);
      expect(part).toContain('Rewritten');
      expect(part).toContain('100');
      expect(part).toContain(formatPence(row.amountPence));
      expect(part).toContain(formatLondonDateTime(row.dueDate!));
      expect(part).toContain(`${PUBLIC_URL}/dashboard`);
    }
    expect(receipt.parsed.text).toContain('Hello Priya,');
    for (const address of team) {
      const notice = one(sink.to(address), `New paid submission ${row.id}`);
      expect(notice.parsed.text).toContain(customer.email);
      expect(notice.parsed.text).toContain(formatPence(row.amountPence));
    }
  });

  it('review started, review completed and messages in both directions each send one e-mail', async () => {
    const customer = await signUpQuietly(t.app, { firstName: 'Tom', lastName: 'Baker' });
    const row = await payFor(customer);
    await deliver();
    const before = sink.received.length;

    const toReview = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${row.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'in-review' },
    });
    expect(toReview.statusCode).toBe(200);
    const fromTeam = await post('/api/messages', { submissionId: row.id, content: 'Quick question about <your> intro.' }, admin.cookie);
    expect(fromTeam.statusCode).toBeLessThan(300);
    const fromCustomer = await post('/api/messages', { submissionId: row.id, content: 'Keep it short & sweet.' }, customer.cookie);
    expect(fromCustomer.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/submissions/${row.id}/claim`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${row.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'completed' },
    });
    expect(done.statusCode).toBe(200);

    expect(await deliver()).toMatchObject({ sent: 5 });
    expect(sink.received.length - before).toBe(5);

    const mine = sink.to(customer.email);
    expect(one(mine, `Your review has started: order ${row.id}`).parsed.text).toContain(formatLondonDateTime(row.dueDate!));
    const ready = one(mine, `Your review is ready: order ${row.id}`);
    expect(html(ready)).toContain(`href="${PUBLIC_URL}/dashboard"`);
    const message = one(mine, `New message from the HumanProof team about order ${row.id}`);
    expect(message.parsed.text).toContain('> Quick question about <your> intro.');
    expect(html(message)).toContain('Quick question about &lt;your&gt; intro.');
    for (const address of team) {
      const notice = one(sink.to(address), `New message from Tom Baker about order ${row.id}`);
      expect(notice.parsed.text).toContain('Keep it short & sweet.');
      expect(html(notice)).toContain('Keep it short &amp; sweet.');
    }
  });

  it('the contact form reaches every team address with Reply-To; line breaks in the fields add no header', async () => {
    const sender = uniqueEmail('visitor');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.9.8.7',
      payload: {
        firstName: 'Eve\r\nBcc: victim@example.com',
        lastName: 'Hacker',
        email: sender,
        subject: 'Pricing\r\nX-Injected: yes',
        message: 'Do you review 5,000-word reports?\nThanks.',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(await deliver()).toMatchObject({ sent: 2 });
    for (const address of team) {
      const m = one(sink.to(address), 'Contact form: Pricing');
      expect(m.rcptTo).toEqual([address]);
      const headers = m.raw.split(/\r?\n\r?\n/)[0]!;
      expect(headers).not.toMatch(/^(bcc|x-injected):/im);
      expect(m.parsed.subject).toBe('Contact form: Pricing X-Injected: yes');
      expect(m.parsed.replyTo?.value[0]?.address).toBe(sender.toLowerCase());
      expect(m.parsed.text).toContain('Do you review 5,000-word reports?');
      expect(m.parsed.text).toContain(sender);
    }
    expect(sink.received.some((m) => m.rcptTo.includes('victim@example.com'))).toBe(false);
  });
});
