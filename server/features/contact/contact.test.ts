import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '../../../shared/contact.schema';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const goodMessage = () => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail('contact'),
  subject: 'Bulk pricing',
  message: 'We publish around forty articles a month. Can you review them all?',
});

describe('POST /api/contact', () => {
  it('stores a valid message and answers "Message sent"', async () => {
    const body = goodMessage();
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...body, subject: '  Bulk pricing  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: CONTACT_MESSAGES.sent });
    const rows = await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...body, subject: 'Bulk pricing' });
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ firstName: '' }, CONTACT_MESSAGES.firstNameRequired],
    [{ lastName: '   ' }, CONTACT_MESSAGES.lastNameRequired],
    [{ email: 'not-an-email' }, CONTACT_MESSAGES.emailInvalid],
    [{ subject: '' }, CONTACT_MESSAGES.subjectRequired],
    [{ message: 'too short' }, CONTACT_MESSAGES.messageTooShort],
    [{ message: 'x'.repeat(5001) }, 'Message must be 5,000 characters or less'],
  ])('refuses %j with 400 and a clear message, storing nothing', async (override, message) => {
    const body = { ...goodMessage(), ...override };
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    const rows = await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 {message} for a missing field or a body that is not JSON', async () => {
    const { firstName: _omit, ...rest } = goodMessage();
    const missing = await t.app.inject({ method: 'POST', url: '/api/contact', payload: rest });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: CONTACT_MESSAGES.firstNameRequired });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
  });

  it('refuses a cross-site post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: goodMessage(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/newsletter', () => {
  const stored = (email: string) =>
    t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

  it('stores the lower-cased address once (201); a repeat answers 200 and adds nothing', async () => {
    const email = uniqueEmail('news');
    const first = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: `  ${email.toUpperCase()} ` } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: CONTACT_MESSAGES.subscribed });
    expect(await stored(email)).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: CONTACT_MESSAGES.subscribed });
    expect(await stored(email)).toHaveLength(1);
  });

  it.each([[{ email: 'nope' }], [{ email: '' }], [{}]])('refuses %j with 400 {message}', async (payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: CONTACT_MESSAGES.emailInvalid });
  });
});
