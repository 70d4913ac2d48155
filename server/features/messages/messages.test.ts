import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { MESSAGE_LIMITS, messageLimitText, messageSchema, type Message } from '../../../shared/message.schema';
import { buildApp } from '../../app';
import { emailOutbox, messages } from '../../db/schema';
import { MESSAGE_DIGEST_MINUTES } from '../../mail/message-digest';
import { createTestApp, request, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia } from '../../test-support/orders';
import { bearer, createKey } from '../../test-support/api';
import { addMember, createOrganisation } from '../../test-support/organisations';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'inbox@example.com' });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());


describe('messages', () => {
  it('lets the owner write, with isFromAdmin from the role and never from the body', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const response = await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: '  Hello team  ', isFromAdmin: true });
    expect(response.statusCode).toBe(201);
    const message = messageSchema.parse(response.json());
    expect(message).toMatchObject({ submissionId: submission.id, content: 'Hello team', isFromAdmin: false, attachmentUrl: null });

    const reply = await t.request('POST', '/api/messages', admin.cookie, { submissionId: submission.id, content: 'Hello Alice', isFromAdmin: false });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ isFromAdmin: true, content: 'Hello Alice' });
  });

  it('validates content: trimmed, 1 to 1,000 characters', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    for (const content of ['', '    \n ']) {
      const response = await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Message cannot be empty' });
    }
    const tooLong = await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'Message must be 1000 characters or less' });
    const exactly = await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: ` ${'x'.repeat(1000)} ` });
    expect(exactly.statusCode).toBe(201);
    expect((await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/messages', alice.cookie, { content: 'hi' })).statusCode).toBe(400);
  });

  it('keeps threads private: 404 for someone else’s or an unknown submission, 401 when anonymous', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: 'private' });
    const read = await t.request('GET', `/api/messages/${submission.id}`, bob.cookie);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ message: 'Submission not found' });
    const write = await t.request('POST', '/api/messages', bob.cookie, { submissionId: submission.id, content: 'sneaky' });
    expect(write.statusCode).toBe(404);
    expect((await t.request('POST', '/api/messages', alice.cookie, { submissionId: 'UNKNOWN123', content: 'x' })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/messages/${submission.id}`)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/messages/recent')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/messages', undefined, { submissionId: submission.id, content: 'x' })).statusCode).toBe(401);
    const stored = await t.app.db.select().from(messages).where(eq(messages.submissionId, submission.id));
    expect(stored.map((m) => m.content)).toEqual(['private']);
  });

  it('answers the thread oldest first to the owner and to any admin', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: 'one' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: submission.id, content: 'two' });
    await t.request('POST', '/api/messages', alice.cookie, { submissionId: submission.id, content: 'three' });
    for (const cookie of [alice.cookie, admin.cookie]) {
      const response = await t.request('GET', `/api/messages/${submission.id}`, cookie);
      expect(response.statusCode).toBe(200);
      const thread = response.json() as Message[];
      expect(thread.map((m) => [m.content, m.isFromAdmin])).toEqual([
        ['one', false],
        ['two', true],
        ['three', false],
      ]);
      for (const m of thread) messageSchema.parse(m);
    }
  });

  it('on an organisation’s order, a colleague’s message is named for the other members, never “yours”', async () => {
    const olive = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const max = await signUp(t.app, { firstName: 'Max', lastName: 'Member' });
    await addMember(t.app.db, await createOrganisation(t.app.db, olive.id, 'Threads Ltd'), max.id);
    const order = await createSubmissionVia(t.app, max.cookie);
    await t.request('POST', '/api/messages', max.cookie, { submissionId: order.id, content: 'from Max' });
    await t.request('POST', '/api/messages', olive.cookie, { submissionId: order.id, content: 'from Olive' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: order.id, content: 'from the team' });
    const thread = async (who: SignedInUser) =>
      ((await t.request('GET', `/api/messages/${order.id}`, who.cookie)).json() as Message[]).map((m) => [m.content, m.authorName ?? null]);
    expect(await thread(olive)).toEqual([['from Max', 'Max Member'], ['from Olive', null], ['from the team', null]]);
    expect(await thread(max)).toEqual([['from Max', null], ['from Olive', 'Olive Owner'], ['from the team', null]]);
    // The team's view is unchanged: customers' messages carry no name there.
    expect(await thread(admin)).toEqual([['from Max', null], ['from Olive', null], ['from the team', null]]);
  });

  it('lists the customer’s unread team messages newest first; opening the thread marks them read', async () => {
    const dave = await signUp(t.app);
    const first = await createSubmissionVia(t.app, dave.cookie);
    const second = await createSubmissionVia(t.app, dave.cookie);
    const others = await createSubmissionVia(t.app, bob.cookie);
    expect((await t.request('GET', '/api/messages/recent', dave.cookie)).json()).toEqual([]);

    await t.request('POST', '/api/messages', dave.cookie, { submissionId: first.id, content: 'from dave' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: first.id, content: 'team on first' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: second.id, content: 'team on second' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: others.id, content: 'team to bob' });

    const recent = await t.request('GET', '/api/messages/recent', dave.cookie);
    expect(recent.statusCode).toBe(200);
    expect((recent.json() as Message[]).map((m) => m.content)).toEqual(['team on second', 'team on first']);

    // An admin reading the thread does not mark it read for the customer.
    await t.request('GET', `/api/messages/${first.id}`, admin.cookie);
    expect((await t.request('GET', '/api/messages/recent', dave.cookie)).json()).toHaveLength(2);

    await t.request('GET', `/api/messages/${first.id}`, dave.cookie);
    expect((await t.request('GET', '/api/messages/recent', dave.cookie)).json().map((m: Message) => m.content)).toEqual(['team on second']);
    const [read] = await t.app.db.select().from(messages).where(eq(messages.content, 'team on first'));
    expect(read!.readAt).not.toBeNull();
  });

  it('a thread marks what its reader had not seen as unread, once (the workspace marks it, issue 42)', async () => {
    const erin = await signUp(t.app);
    const order = await createSubmissionVia(t.app, erin.cookie);
    await t.request('POST', '/api/messages', erin.cookie, { submissionId: order.id, content: 'Use customers rather than clients' });
    await t.request('POST', '/api/messages', admin.cookie, { submissionId: order.id, content: 'Noted' });
    const thread = async (who: SignedInUser) =>
      ((await t.request('GET', `/api/messages/${order.id}`, who.cookie)).json() as Message[]).map((m) => [m.content, m.unread ?? false]);
    // The team sees the customer's message as new the first time, not its own; then nothing is new.
    expect(await thread(admin)).toEqual([['Use customers rather than clients', true], ['Noted', false]]);
    expect(await thread(admin)).toEqual([['Use customers rather than clients', false], ['Noted', false]]);
    // The customer sees the team's message as new, once.
    expect(await thread(erin)).toEqual([['Use customers rather than clients', false], ['Noted', true]]);
    expect(await thread(erin)).toEqual([['Use customers rather than clients', false], ['Noted', false]]);
  });
});

function send(as: SignedInUser, submissionId: string, content: string) {
  return t.request('POST', '/api/messages', as, { submissionId, content });
}

describe('message limits (decision 054)', () => {
  it(`per order: the message after ${MESSAGE_LIMITS.order.max} in ${MESSAGE_LIMITS.order.windowMinutes} minutes is a 429 that names the limit and the wait; refusals count for nothing`, async () => {
    const carol = await signUp(t.app);
    const busy = await createSubmissionVia(t.app, carol.cookie);
    const quiet = await createSubmissionVia(t.app, carol.cookie);
    for (let i = 0; i < MESSAGE_LIMITS.order.max; i += 1) expect((await send(carol, busy.id, `Note ${i}`)).statusCode).toBe(201);

    for (let i = 0; i < 5; i += 1) {
      const refused = await send(carol, busy.id, 'One more');
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(MESSAGE_LIMITS.order.windowMinutes * 60);
      expect(refused.json()).toMatchObject({ message: messageLimitText('order', retryAfter) });
      expect(refused.json().message).toMatch(/^You can send at most 10 messages about one order in 10 minutes\. Please try again in \d+ (minutes?|seconds?)\.$/);
    }
    expect(await t.app.db.$count(messages, eq(messages.submissionId, busy.id))).toBe(MESSAGE_LIMITS.order.max);

    // The same customer's other order, the team on the busy one, and another customer are not held up.
    expect((await send(carol, quiet.id, 'About the other order')).statusCode).toBe(201);
    expect((await send(admin, busy.id, 'We are on it')).statusCode).toBe(201);
    const other = await createSubmissionVia(t.app, bob.cookie);
    expect((await send(bob, other.id, 'Hello')).statusCode).toBe(201);
    // Bad input is still a 400 and someone else's order still a 404, limit or not.
    expect((await send(carol, busy.id, '   ')).statusCode).toBe(400);
    expect((await send(bob, busy.id, 'sneaky')).statusCode).toBe(404);
  });

  it(`per account: the message after ${MESSAGE_LIMITS.account.max} in an hour, across orders, is a 429 on every instance`, async () => {
    const dora = await signUp(t.app);
    const orders = await Promise.all([0, 1, 2, 3].map(() => createSubmissionVia(t.app, dora.cookie)));
    for (let i = 0; i < MESSAGE_LIMITS.account.max; i += 1) {
      const response = await send(dora, orders[i % 3]!.id, `Question ${i}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await send(dora, orders[3]!.id, 'A new order, a new question');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(MESSAGE_LIMITS.order.windowMinutes * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.json()).toMatchObject({ message: messageLimitText('account', retryAfter) });
    expect(refused.json().message).toMatch(/^You can send at most 30 messages an hour\. Please try again in \d+ minutes\.$/);

    // The public API writes through the same door: the same account's window, as a problem with Retry-After.
    const key = await createKey(t.app, dora);
    const viaApi = await bearer(t.app, key.key, 'POST', `/api/v1/orders/${orders[3]!.id}/messages`, { content: 'Through the API' });
    expect(viaApi.statusCode).toBe(429);
    expect(Number(viaApi.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.stringify(viaApi.json())).toContain('at most 30 messages an hour');

    // Another instance on the same database counts in the same window: the limit is not in a process's memory.
    const second = await buildApp({ config: t.config, database: t.database.handle, clientDir: null });
    try {
      await second.ready();
      const elsewhere = await request(second, 'POST', '/api/messages', dora, { submissionId: orders[3]!.id, content: 'Through another instance' });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json().message).toContain('30 messages an hour');
    } finally {
      await second.close();
    }
    expect(await t.app.db.$count(messages, eq(messages.submissionId, orders[3]!.id))).toBe(0);
  });
});

describe('the team hears of a burst in one e-mail (decision 054)', () => {
  const teamMails = (orderId: string) =>
    t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'customer-message'), eq(emailOutbox.toAddress, 'inbox@example.com'), like(emailOutbox.textBody, `%${orderId}%`)));

  it('a burst on one order puts a bounded number of e-mails in the outbox, which between them quote every message', async () => {
    const erin = await signUp(t.app, { firstName: 'Erin', lastName: 'Burst' });
    const order = await createSubmissionVia(t.app, erin.cookie);
    // The first message of a quiet order is news at once, on its own.
    expect((await send(erin, order.id, 'First question')).statusCode).toBe(201);
    const [first] = await teamMails(order.id);
    expect(first!.subject).toBe(`New message from Erin Burst about order ${order.id}`);
    expect(first!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    for (let i = 2; i < MESSAGE_LIMITS.order.max; i += 1) expect((await send(erin, order.id, `Burst message number ${i}`)).statusCode).toBe(201);
    expect((await send(erin, order.id, `Burst message number ${MESSAGE_LIMITS.order.max} <script>alert(1)</script>`)).statusCode).toBe(201);
    // The team's answer is not part of it.
    expect((await send(admin, order.id, 'Team answer')).statusCode).toBe(201);

    const mails = await teamMails(order.id);
    // At most one e-mail per order and window: the burst is summed up, not sent message by message (a burst that
    // crosses a window boundary may take a second).
    expect(mails.length).toBeLessThanOrEqual(2);
    const text = mails.map((m) => m.textBody).join('\n');
    for (const content of ['First question', ...Array.from({ length: MESSAGE_LIMITS.order.max - 1 }, (_, i) => `Burst message number ${i + 2}`)]) {
      expect(text.split(content).length - 1, content).toBe(1);
    }
    expect(text).not.toContain('Team answer');
    // Customer text is escaped in the HTML part of the digest as in any e-mail.
    const html = mails.map((m) => m.htmlBody).join('');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(new RegExp(`^\\d+ new messages from Erin Burst about order ${order.id}$`)));
    // Every team address gets the same number, and nothing is sent per message.
    const all = await t.app.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'customer-message'), like(emailOutbox.textBody, `%${order.id}%`)));
    expect(all.length).toBe(mails.length * 2);
  });

  it('a message after the e-mail went out is in the next one, due when the next window opens', async () => {
    const fay = await signUp(t.app, { firstName: 'Fay', lastName: 'Later' });
    const order = await createSubmissionVia(t.app, fay.cookie);
    expect((await send(fay, order.id, 'Opening question')).statusCode).toBe(201);
    // The mail worker took the first e-mail (a lease on it), and sent it.
    const [first] = await teamMails(order.id);
    await t.app.db.update(emailOutbox).set({ status: 'sent', attempts: 1, sentAt: new Date() }).where(eq(emailOutbox.id, first!.id));
    expect((await send(fay, order.id, 'Follow-up one')).statusCode).toBe(201);
    expect((await send(fay, order.id, 'Follow-up two')).statusCode).toBe(201);
    const mails = await teamMails(order.id);
    expect(mails).toHaveLength(2);
    const next = mails.find((m) => m.id !== first!.id)!;
    expect(next.status).toBe('pending');
    const window = MESSAGE_DIGEST_MINUTES * 60_000;
    const [followUp] = await t.app.db.select().from(messages).where(eq(messages.content, 'Follow-up one'));
    if (Math.floor(followUp!.createdAt.getTime() / window) === Math.floor(first!.createdAt.getTime() / window)) {
      // Still the first e-mail's window: the next waits for the next window to open.
      expect(next.nextAttemptAt.getTime()).toBe((Math.floor(first!.createdAt.getTime() / window) + 1) * window);
    } else {
      // The window turned between the two (rare): a new window's first e-mail goes at once.
      expect(next.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(next.subject).toBe(`2 new messages from Fay Later about order ${order.id}`);
    expect(next.textBody).toContain('Follow-up one');
    expect(next.textBody).toContain('Follow-up two');
    expect(next.textBody).not.toContain('Opening question');
  });
});
