import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, paymentIntentResponseSchema } from '../../../shared/payment.schema';
import { brandFromNumber, cardExpiry, cardName, SAVED_CARD_MESSAGES, savedCardListSchema } from '../../../shared/saved-cards.schema';
import { buildApp, loggerOptions } from '../../app';
import { loadConfig } from '../../env';
import { emailOutbox, payments, savedCards, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { createSubmissionVia } from '../../test-support/orders';
import { request, signUp, type SignedInUser } from '../../test-support/test-app';

/** The sandbox provider (no Stripe keys), with the app's own log captured at debug level. */
let database: TestDatabase;
let app: FastifyInstance;
const logLines: string[] = [];
let alice: SignedInUser;
let bob: SignedInUser;

// A valid Visa test number that only this file uses, so finding it anywhere means this file leaked it.
const CARD_NUMBER = '4242424242424242';
const CVC = '987';

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-123',
    AUTH_RATE_LIMIT_MAX: '1000',
    MAIL_WORKER: 'off',
    WEBHOOK_WORKER: 'off',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: database.handle, clientDir: null, logger: { ...(loggerOptions(config) as object), stream } });
  await app.ready();
  alice = await signUp(app);
  bob = await signUp(app);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

async function startPayment(who: SignedInUser, submissionId: string) {
  const response = await request(app, 'POST', '/api/create-payment-intent', who, { submissionId });
  expect(response.statusCode).toBe(200);
  return paymentIntentResponseSchema.parse(response.json());
}

/** Pays a new order of `who` with the card form, ticking "Save this card" when `saveCard`. */
async function payWithForm(who: SignedInUser, options: { saveCard?: boolean; expiry?: string; cardNumber?: string } = {}) {
  const submission = await createSubmissionVia(app, who.cookie);
  const { clientSecret } = await startPayment(who, submission.id);
  const response = await request(app, 'POST', '/api/payments/sandbox/confirm', who, {
    clientSecret,
    cardNumber: options.cardNumber ?? '4242 4242 4242 4242',
    expiry: options.expiry ?? '12/40',
    cvc: CVC,
    ...(options.saveCard === undefined ? {} : { saveCard: options.saveCard }),
  });
  return { submission, response };
}

async function cardsOf(who: SignedInUser) {
  const response = await request(app, 'GET', '/api/saved-cards', who);
  expect(response.statusCode).toBe(200);
  return savedCardListSchema.parse(response.json());
}

const payWithSaved = (who: SignedInUser, submissionId: string, cardId: string, extra: object = {}) =>
  request(app, 'POST', '/api/payments/saved-card', who, { submissionId, cardId, ...extra });

async function statusOf(id: string) {
  const [row] = await app.db.select().from(submissions).where(eq(submissions.id, id));
  return row!;
}

/** Every row of every table in the database, as text. */
async function wholeDatabaseText(): Promise<string> {
  const tables = await app.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let text = '';
  for (const { table_name } of tables.rows) {
    const rows = await app.db.execute(sql.raw(`select * from "${table_name}"`));
    text += JSON.stringify(rows.rows);
  }
  return text;
}

let aliceCardId: string;

describe('saved cards in the sandbox', () => {
  it('saves the brand, last four and expiry of a card paid with "Save this card", and nothing else', async () => {
    const { response } = await payWithForm(alice, { saveCard: true });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(CARD_NUMBER);

    const cards = await cardsOf(alice);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, expired: false });
    aliceCardId = cards[0]!.id;
    expect(Object.keys(cards[0]!).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'expired', 'id', 'last4']);

    // The row holds these columns and nothing else: no number, no CVC.
    const [row] = await app.db.select().from(savedCards).where(eq(savedCards.id, aliceCardId));
    expect(row).toEqual({
      id: aliceCardId,
      userId: alice.id,
      provider: 'sandbox',
      providerPaymentMethodId: expect.stringMatching(/^sbx_pm_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      createdAt: expect.any(Date),
    });

    // Nowhere in the database, the responses or the log.
    expect(await wholeDatabaseText()).not.toContain(CARD_NUMBER);
    expect(JSON.stringify(await cardsOf(alice))).not.toContain(CARD_NUMBER);
    const log = logLines.join('');
    expect(log).toContain('/api/payments/sandbox/confirm');
    expect(log).not.toContain(CARD_NUMBER);
    expect(log).not.toContain('4242 4242 4242 4242');
  });

  it('keeps one card when the same card is saved again, and saves nothing unticked or declined', async () => {
    expect((await payWithForm(alice, { saveCard: true })).response.statusCode).toBe(200);
    expect(await cardsOf(alice)).toHaveLength(1);

    expect((await payWithForm(bob)).response.statusCode).toBe(200);
    expect((await payWithForm(bob, { saveCard: false })).response.statusCode).toBe(200);
    const declined = await payWithForm(bob, { saveCard: true, cardNumber: '4000 0000 0000 0002' });
    expect(declined.response.statusCode).toBe(402);
    expect(await cardsOf(bob)).toEqual([]);
  });

  it('names the brand from the number prefix and shows it as "Visa •••• 4242"', () => {
    expect(brandFromNumber('4242 4242 4242 4242')).toBe('visa');
    expect(brandFromNumber('5555555555554444')).toBe('mastercard');
    expect(brandFromNumber('2223003122003222')).toBe('mastercard');
    expect(brandFromNumber('378282246310005')).toBe('amex');
    expect(brandFromNumber('6011111111111117')).toBe('discover');
    expect(brandFromNumber('3056930009020004')).toBe('diners');
    expect(brandFromNumber('3566002020360505')).toBe('jcb');
    expect(brandFromNumber('6200000000000005')).toBe('unionpay');
    expect(brandFromNumber('9999999999999995')).toBe('unknown');
    expect(cardName({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardExpiry({ expMonth: 3, expYear: 2028 })).toBe('03/28');
  });

  it('pays a second order in one click at the stored price, through mark-paid (status change, e-mail)', async () => {
    const second = await createSubmissionVia(app, alice.cookie, { fastTurnaround: true });
    // The client's amount is not an input: only the order's stored price (£9.00) is charged.
    const response = await payWithSaved(alice, second.id, aliceCardId, { amount: 0.01, amountPence: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded', submissionId: second.id });

    const paid = await statusOf(second.id);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBeInstanceOf(Date);
    const rows = await app.db.select().from(payments).where(eq(payments.submissionId, second.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded', amountPence: 900, currency: 'gbp' });
    const changes = await app.db
      .select()
      .from(submissionStatusChanges)
      .where(and(eq(submissionStatusChanges.submissionId, second.id), eq(submissionStatusChanges.toStatus, 'paid')));
    expect(changes).toHaveLength(1);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, alice.email));
    expect(mails.some((m) => m.textBody.includes(second.id))).toBe(true);

    // Paid already: a further click is the usual 409.
    const again = await payWithSaved(alice, second.id, aliceCardId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PAYMENT_MESSAGES.alreadyPaid });
  });

  it('pays once when the button is clicked twice at once (or in two tabs)', async () => {
    const order = await createSubmissionVia(app, alice.cookie);
    const answers = await Promise.all([payWithSaved(alice, order.id, aliceCardId), payWithSaved(alice, order.id, aliceCardId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ message: PAYMENT_MESSAGES.alreadyPaid });
    const succeeded = (await app.db.select().from(payments).where(eq(payments.submissionId, order.id))).filter((p) => p.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    const changes = await app.db
      .select()
      .from(submissionStatusChanges)
      .where(and(eq(submissionStatusChanges.submissionId, order.id), eq(submissionStatusChanges.toStatus, 'paid')));
    expect(changes).toHaveLength(1);
  });

  it("answers 404 for another account's card or order, and 400 for a malformed id", async () => {
    const bobsOrder = await createSubmissionVia(app, bob.cookie);
    const withAlicesCard = await payWithSaved(bob, bobsOrder.id, aliceCardId);
    expect(withAlicesCard.statusCode).toBe(404);
    expect(withAlicesCard.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.notFound });
    const alicesOrder = await createSubmissionVia(app, alice.cookie);
    expect((await payWithSaved(bob, alicesOrder.id, aliceCardId)).statusCode).toBe(404);
    expect((await payWithSaved(alice, alicesOrder.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await payWithSaved(alice, alicesOrder.id, 'not an id!')).statusCode).toBe(400);
    expect((await request(app, 'POST', '/api/payments/saved-card', alice, { submissionId: alicesOrder.id })).statusCode).toBe(400);
    expect((await payWithSaved({ ...alice, cookie: '' }, alicesOrder.id, aliceCardId)).statusCode).toBe(401);
    expect((await request(app, 'GET', '/api/saved-cards', null)).statusCode).toBe(401);
    expect((await statusOf(bobsOrder.id)).status).toBe('new');
    expect((await statusOf(alicesOrder.id)).status).toBe('new');
    // Stripe's save-card step does not exist without Stripe.
    expect((await request(app, 'POST', '/api/payments/stripe/save-card', alice, { clientSecret: 'x', save: true })).statusCode).toBe(404);
  });

  it('declines an expired saved card with a clear message and leaves the order unpaid', async () => {
    const [expired] = await app.db
      .insert(savedCards)
      .values({
        id: '11111111-1111-4111-8111-111111111111',
        userId: alice.id,
        provider: 'sandbox',
        providerPaymentMethodId: 'sbx_pm_expired',
        brand: 'mastercard',
        last4: '4444',
        expMonth: 1,
        expYear: 2021,
      })
      .returning();
    const listed = (await cardsOf(alice)).find((c) => c.id === expired!.id);
    expect(listed).toMatchObject({ brand: 'mastercard', last4: '4444', expired: true });

    const order = await createSubmissionVia(app, alice.cookie);
    const response = await payWithSaved(alice, order.id, expired!.id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.expired });
    expect((await statusOf(order.id)).status).toBe('new');
  });

  it('"Add card" in Settings saves a test card without a payment and declines the others', async () => {
    const gail = await signUp(app);
    const card = (cardNumber: string, expiry = '09/39') => ({ cardNumber, expiry, cvc: CVC });
    const declined = await request(app, 'POST', '/api/saved-cards/sandbox', gail, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: PAYMENT_MESSAGES.declined });
    const invalid = await request(app, 'POST', '/api/saved-cards/sandbox', gail, card('4242 4242 4242 4242', '01/20'));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: PAYMENT_MESSAGES.expired });
    expect(await cardsOf(gail)).toEqual([]);

    const added = await request(app, 'POST', '/api/saved-cards/sandbox', gail, card('4242 4242 4242 4242'));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 9, expYear: 2039, expired: false });
    expect(added.body).not.toContain(CARD_NUMBER);
    expect(await cardsOf(gail)).toHaveLength(1);
    // The Stripe SetupIntent routes do not exist in the sandbox.
    expect((await request(app, 'POST', '/api/saved-cards/setup', gail, {})).statusCode).toBe(404);
    // No order was paid or made.
    expect(await app.db.select().from(submissions).where(eq(submissions.userId, gail.id))).toEqual([]);
    expect(await wholeDatabaseText()).not.toContain(CARD_NUMBER);
  });

  it('removes a card (404 for someone else), after which it cannot pay', async () => {
    expect((await request(app, 'DELETE', `/api/saved-cards/${aliceCardId}`, bob)).statusCode).toBe(404);
    const removed = await request(app, 'DELETE', `/api/saved-cards/${aliceCardId}`, alice);
    expect(removed.statusCode).toBe(204);
    expect((await cardsOf(alice)).map((c) => c.id)).not.toContain(aliceCardId);
    expect((await request(app, 'DELETE', `/api/saved-cards/${aliceCardId}`, alice)).statusCode).toBe(404);
    const order = await createSubmissionVia(app, alice.cookie);
    expect((await payWithSaved(alice, order.id, aliceCardId)).statusCode).toBe(404);
  });
});
