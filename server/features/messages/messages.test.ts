import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageSchema, type Message } from '../../../shared/message.schema';
import { messages } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia } from '../../test-support/orders';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
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
});
