import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, messages, type MessageRow } from '../db/schema';
import { newId } from '../lib/ids';
import { createTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import {
  notifyContactMessage,
  notifyNewMessage,
  notifyPaymentReceived,
  notifyReviewCompleted,
  notifyReviewStarted,
} from './notify';
import { insertOrder, outboxRows, smtpWorker, signUpQuietly, signUpAdminQuietly } from '../test-support/mail';
import { SmtpSink, type ReceivedMail } from '../test-support/smtp-sink';
import { addMember, createOrganisation, removeMember } from '../test-support/organisations';

const PUBLIC_URL = 'https://humanproof.test';
const LEAD = 'lead@example.com';
const TEAM_ONLY = 'team@humanproof.test';

let t: TestApp;
let sink: SmtpSink;
let team: string[];

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  t = await createTestApp({ PUBLIC_URL, ADMIN_EMAILS: `${TEAM_ONLY}, Lead@Example.com` });
  // An admin account that is also in ADMIN_EMAILS (must be written to once) and one made admin in the database.
  await signUpQuietly(t.app, { email: LEAD, firstName: 'Lee', lastName: 'Lead' });
  const second = await signUpAdminQuietly(t.app);
  team = [LEAD, TEAM_ONLY, second.email.toLowerCase()].sort();
});

afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

async function deliver(): Promise<void> {
  const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR);
  await worker.runOnce();
  transport.close();
}

function only(mails: ReceivedMail[], subjectPart: string): ReceivedMail {
  const matching = mails.filter((m) => m.parsed.subject?.includes(subjectPart));
  expect(matching, `e-mails with "${subjectPart}"`).toHaveLength(1);
  return matching[0]!;
}

function expectBothParts(mail: ReceivedMail): { text: string; html: string } {
  expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
  const text = mail.parsed.text ?? '';
  const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
  expect(text.length).toBeGreaterThan(0);
  expect(html).toContain('<html');
  expect(html).toContain('Human<span');
  expect(text).toContain('HumanProof');
  expect(mail.parsed.from?.value[0]?.address).toBe('no-reply@humanproof.example');
  return { text, html };
}

describe('customer and team e-mails, sent through a real SMTP server', () => {
  it('payment received: the customer gets the order facts, every team address gets one notice', async () => {
    const customer = await signUpQuietly(t.app, { firstName: 'Jane', lastName: 'Doe' });
    const submission = await insertOrder(t.app.db, customer.id, { fastTurnaround: true });
    await t.app.db.transaction((tx) => notifyPaymentReceived(t.app.mail, tx, submission));
    await deliver();

    const mail = only(sink.to(customer.email), submission.id);
    expect(mail.rcptTo).toEqual([customer.email.toLowerCase()]);
    const { text, html } = expectBothParts(mail);
    for (const part of [text, html]) {
      expect(part).toContain(submission.id);
      expect(part).toContain('Polished');
      expect(part).toContain('1,234');
      expect(part).toContain('£74.04');
      expect(part).toContain('Tuesday 24 November 2026, 14:00');
      expect(part).toContain(`${PUBLIC_URL}/dashboard`);
    }
    expect(text).toContain('Hello Jane,');

    for (const address of team) {
      const notice = only(sink.to(address), `New paid submission ${submission.id}`);
      expect(notice.rcptTo).toEqual([address]);
      const parts = expectBothParts(notice);
      expect(parts.text).toContain(customer.email);
      expect(parts.text).toContain('£74.04');
      expect(parts.html).toContain(`${PUBLIC_URL}/admin`);
    }
  });

  it('review started and review completed reach the account owner (not the contact address)', async () => {
    const customer = await signUpQuietly(t.app, { firstName: 'Sam' });
    const submission = await insertOrder(t.app.db, customer.id, { status: 'in-review' });
    await t.app.db.transaction((tx) => notifyReviewStarted(t.app.mail, tx, submission));
    await t.app.db.transaction((tx) => notifyReviewCompleted(t.app.mail, tx, { ...submission, status: 'completed' }));
    await deliver();

    const mails = sink.to(customer.email);
    expect(sink.to('jane.contact@example.com').filter((m) => m.raw.includes(submission.id))).toHaveLength(0);
    const started = expectBothParts(only(mails, `Your review has started: order ${submission.id}`));
    expect(started.text).toContain('Tuesday 24 November 2026, 14:00');
    const done = expectBothParts(only(mails, `Your review is ready: order ${submission.id}`));
    expect(done.text).toContain(`${PUBLIC_URL}/dashboard`);
    expect(done.html).toContain(`href="${PUBLIC_URL}/dashboard"`);
  });

  it("an organisation's order e-mails its placer while a member, then an owner: a former member hears nothing more", async () => {
    const owner = await signUpQuietly(t.app, { firstName: 'Olive' });
    const placer = await signUpQuietly(t.app, { firstName: 'Pat' });
    const organisation = await createOrganisation(t.app.db, owner.id, 'Acme Mail Ltd');
    await addMember(t.app.db, organisation, placer.id, 'member');
    const submission = await insertOrder(t.app.db, placer.id, { status: 'in-review', organisationId: organisation });
    await t.app.db.transaction((tx) => notifyReviewStarted(t.app.mail, tx, submission));
    await deliver();
    only(sink.to(placer.email), `Your review has started: order ${submission.id}`);
    expect(sink.to(owner.email).filter((m) => m.raw.includes(submission.id))).toHaveLength(0);

    await removeMember(t.app.db, organisation, placer.id);
    const [fromTeam] = await t.app.db
      .insert(messages)
      .values({ id: newId(), submissionId: submission.id, isFromAdmin: true, content: 'A question about the second paragraph.' })
      .returning();
    await t.app.db.transaction((tx) => notifyReviewCompleted(t.app.mail, tx, { ...submission, status: 'completed' }));
    await t.app.db.transaction((tx) => notifyNewMessage(t.app.mail, tx, fromTeam as MessageRow, submission));
    await deliver();
    only(sink.to(owner.email), `Your review is ready: order ${submission.id}`);
    only(sink.to(owner.email), `New message from the HumanProof team about order ${submission.id}`);
    const toFormerMember = sink.to(placer.email).filter((m) => m.raw.includes(submission.id));
    expect(toFormerMember.map((m) => m.parsed.subject)).toEqual([`Your review has started: order ${submission.id}`]);
  });

  it('a message from the team goes to the customer; a customer message goes to the team; user text is escaped', async () => {
    const customer = await signUpQuietly(t.app, { firstName: 'Max', lastName: 'Mustermann' });
    const submission = await insertOrder(t.app.db, customer.id);
    const [fromTeam] = await t.app.db
      .insert(messages)
      .values({ id: newId(), submissionId: submission.id, isFromAdmin: true, content: 'Your draft looks <b>great</b>.\nOne question: "tone"?' })
      .returning();
    const [fromCustomer] = await t.app.db
      .insert(messages)
      .values({ id: newId(), submissionId: submission.id, senderId: customer.id, isFromAdmin: false, content: 'Thanks! <script>alert(1)</script>' })
      .returning();
    await t.app.db.transaction((tx) => notifyNewMessage(t.app.mail, tx, fromTeam as MessageRow, submission));
    await t.app.db.transaction((tx) => notifyNewMessage(t.app.mail, tx, fromCustomer as MessageRow, submission));
    await deliver();

    const toCustomer = expectBothParts(only(sink.to(customer.email), `New message from the HumanProof team about order ${submission.id}`));
    expect(toCustomer.text).toContain('> Your draft looks <b>great</b>.');
    expect(toCustomer.html).toContain('Your draft looks &lt;b&gt;great&lt;/b&gt;.<br>One question: &quot;tone&quot;?');
    expect(toCustomer.html).toContain(`${PUBLIC_URL}/dashboard`);
    // The customer is not told about their own message.
    expect(sink.to(customer.email).filter((m) => m.parsed.subject?.includes('New message from Max'))).toHaveLength(0);

    for (const address of team) {
      const notice = expectBothParts(only(sink.to(address), `New message from Max Mustermann about order ${submission.id}`));
      expect(notice.text).toContain('Thanks! <script>alert(1)</script>');
      expect(notice.html).toContain('Thanks! &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(notice.html).not.toContain('<script>');
    }
  });

  it('a contact-form message reaches the team with the sender as Reply-To; CR/LF in it adds no header', async () => {
    const id = newId();
    const sender = uniqueEmail('visitor');
    await t.app.db.transaction((tx) =>
      notifyContactMessage(t.app.mail, tx, {
        id,
        firstName: 'Eve\r\nBcc: victim@example.com',
        lastName: 'Smith\nX-Injected: yes',
        email: sender,
        subject: `Question ${id}\r\nX-Evil: 1\r\n\r\n<b>body</b>`,
        message: 'Hello <team>,\nCan you review 5,000 words?',
      }),
    );
    await deliver();

    for (const address of team) {
      const mail = only(sink.to(address), `Contact form: Question ${id}`);
      expect(mail.rcptTo).toEqual([address]);
      const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0]!;
      expect(headerBlock).not.toMatch(/^bcc:/im);
      expect(headerBlock).not.toMatch(/^x-injected:/im);
      expect(headerBlock).not.toMatch(/^x-evil:/im);
      expect(mail.parsed.headers.has('x-evil')).toBe(false);
      expect(mail.parsed.subject).toBe(`Contact form: Question ${id} X-Evil: 1 <b>body</b>`);
      expect(mail.parsed.replyTo?.value).toEqual([
        { address: sender.toLowerCase(), name: 'Eve Bcc: victim@example.com Smith X-Injected: yes' },
      ]);
      const { text, html } = expectBothParts(mail);
      expect(text).toContain(sender);
      expect(text).toContain('Can you review 5,000 words?');
      expect(html).toContain('Hello &lt;team&gt;,<br>Can you review 5,000 words?');
    }
    expect(sink.received.some((m) => m.rcptTo.includes('victim@example.com'))).toBe(false);
  });

  it('a contact message with an unusable address is still delivered, without Reply-To', async () => {
    const id = newId();
    await t.app.db.transaction((tx) =>
      notifyContactMessage(t.app.mail, tx, { id, firstName: '', lastName: '', email: 'nope\r\nBcc: x@example.com', subject: '', message: `hi ${id}` }),
    );
    await deliver();
    const mails = sink.received.filter((m) => m.parsed.text?.includes(`hi ${id}`));
    expect(mails).toHaveLength(team.length);
    expect(mails[0]!.parsed.replyTo).toBeUndefined();
    expect(mails[0]!.parsed.subject).toBe('Contact form: (no subject)');
  });
});

describe('the outbox', () => {
  it('is written only if the change commits', async () => {
    const customer = await signUpQuietly(t.app);
    const submission = await insertOrder(t.app.db, customer.id);
    await expect(
      t.app.db.transaction(async (tx) => {
        await notifyReviewStarted(t.app.mail, tx, submission);
        throw new Error('the status move failed');
      }),
    ).rejects.toThrow('the status move failed');
    const rows = await outboxRows(t.app.db);
    expect(rows.filter((r) => r.toAddress === customer.email.toLowerCase())).toHaveLength(0);
  });

  it('queues one e-mail per event and recipient, however often the event is raised', async () => {
    const customer = await signUpQuietly(t.app);
    const submission = await insertOrder(t.app.db, customer.id);
    await t.app.db.transaction((tx) => notifyPaymentReceived(t.app.mail, tx, submission));
    await t.app.db.transaction((tx) => notifyPaymentReceived(t.app.mail, tx, submission));
    const rows = (await outboxRows(t.app.db)).filter((r) => r.dedupeKey?.includes(submission.id));
    expect(rows.filter((r) => r.kind === 'payment-received')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'new-paid-submission').map((r) => r.toAddress).sort()).toEqual(team);
    await deliver();
  });

  it('writes an .eml file under DATA_DIR/outbox when SMTP_URL is unset, and logs its name', async () => {
    const customer = await signUpQuietly(t.app);
    const submission = await insertOrder(t.app.db, customer.id);
    await t.app.db.transaction((tx) => notifyReviewCompleted(t.app.mail, tx, submission));
    const [row] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `review-completed:${submission.id}:${customer.email.toLowerCase()}`));
    const { worker, log } = smtpWorker(t.app.db, undefined, t.config.DATA_DIR);
    await worker.runOnce();

    const dir = path.join(t.config.DATA_DIR, 'outbox');
    const file = path.join(dir, `${row!.id}.eml`);
    expect(readdirSync(dir)).toContain(`${row!.id}.eml`);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^Subject: Your review is ready: order /m);
    expect(eml).toMatch(/multipart\/alternative/);
    expect(eml).toContain(`To: ${customer.email.toLowerCase()}`);
    expect(log.lines.filter((l) => l.msg.includes(file))).toHaveLength(1);
    const [after] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after!.status).toBe('sent');
  });
});

describe('mail settings', () => {
  it('belong to each app: a second app in the same process does not change what the first one writes', async () => {
    const second = await createTestApp({ PUBLIC_URL: 'https://second.humanproof.test', ADMIN_EMAILS: 'ops@second.test' });
    try {
      expect(second.app.mail.publicUrl).toBe('https://second.humanproof.test');
      const customer = await signUpQuietly(t.app);
      const submission = await insertOrder(t.app.db, customer.id, { status: 'in-review' });
      await t.app.db.transaction((tx) => notifyReviewStarted(t.app.mail, tx, submission));
      const [row] = await t.app.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `review-started:${submission.id}:${customer.email.toLowerCase()}`));
      expect(row?.htmlBody).toContain(`${PUBLIC_URL}/dashboard`);
      expect(row?.htmlBody).not.toContain('second.humanproof.test');
    } finally {
      await second.close();
    }
  });
});
