import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { CATEGORIES, ENGLISH_VARIANTS } from './categories';
import { checkedClaimSchema } from './fact-check.schema';
import { MAX_MESSAGE_CHARACTERS, MESSAGE_TEXTS } from './message.schema';
import { lateDeliverySchema } from './on-time-guarantee.schema';
import { auditedEventSchema } from './ratings-audits.schema';
import { SERVICE_TIERS } from './service-tiers';
import { buildSubmissionSchema, MAX_SHORT_FIELD_CHARACTERS } from './submission.schema';
import { SUBMISSION_STATUSES } from './submission-status';

/**
 * The public API (issue 15, decisions 024 and 025): API keys, prepaid credit, /api/v1 and webhooks. Every payload has
 * its one schema here; the server validates and serializes through it and the OpenAPI document is generated from it.
 */

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------
export const API_KEY_PREFIX = 'hp_live_';
/** Per resource, read or write: orders (and their messages), and the house style (issue 27, decision 046). */
export const API_SCOPES = ['orders:read', 'orders:write', 'style-guide:read', 'style-guide:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const MAX_API_KEYS_PER_ACCOUNT = 20;
/** Requests per key per minute (RateLimit-* headers answer how many are left). */
export const API_RATE_LIMIT_WINDOW_SECONDS = 60;

export const API_KEY_MESSAGES = {
  name: 'Please give the key a name (up to 100 characters)',
  scopes: 'Choose at least one scope',
  expiry: 'The expiry date must be in the future',
  tooMany: `An account can have at most ${MAX_API_KEYS_PER_ACCOUNT} active keys`,
  notFound: 'API key not found',
  allRevoked: (count: number) => (count === 1 ? 'Your API key has been revoked.' : `All ${count} of your API keys have been revoked.`),
  noneToRevoke: 'You have no active API keys.',
} as const;

/** POST /api/api-keys/revoke-all: how many active keys were revoked (issue 29, decision 032). */
export const revokedApiKeysSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedApiKeys = z.infer<typeof revokedApiKeysSchema>;

/** POST /api/api-keys */
export const createApiKeySchema = z.object({
  name: z.string({ error: API_KEY_MESSAGES.name }).trim().min(1, API_KEY_MESSAGES.name).max(100, API_KEY_MESSAGES.name),
  scopes: z.array(z.enum(API_SCOPES), { error: API_KEY_MESSAGES.scopes }).min(1, API_KEY_MESSAGES.scopes).max(API_SCOPES.length),
  expiresAt: isoDateTimeSchema.nullish().transform((v) => v ?? null),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key (`hp_live_abcd…`), enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expiresAt: isoDateTimeSchema.nullable(),
  lastUsedAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  /** Whose key it is: present only on a colleague's key in an organisation owner's list (decision 047). */
  heldBy: z.object({ name: z.string(), email: z.string() }).optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);
/** The answer of POST /api/api-keys: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---------------------------------------------------------------------------------------------
// Prepaid credit
// ---------------------------------------------------------------------------------------------
/** The packs a customer can buy, in pence: £50, £200, £1,000. */
export const CREDIT_PACKS_PENCE = [5_000, 20_000, 100_000] as const;

export const CREDIT_MESSAGES = {
  pack: 'Choose a credit pack of £50, £200 or £1,000',
  notFound: 'Credit purchase not found',
  alreadyPaid: 'This credit purchase has already been paid.',
  insufficient: 'Your credit does not cover this order.',
  /** A member (not an owner) of an organisation asked to buy a pack: the organisation's credit is its owners' to fund. */
  /** How an organisation's credit is topped up (said after `insufficient` on an organisation's order). */
  organisationTopUp: 'This is your organisation’s credit: an owner can buy more in Settings → API keys.',
  ownerOnly: "Only an owner of your organisation can buy credit for it. Ask an owner to buy a pack; you can spend the organisation's credit.",
} as const;

/** POST /api/credit/checkout */
export const creditCheckoutSchema = z.object({
  amountPence: z.union(CREDIT_PACKS_PENCE.map((p) => z.literal(p)) as [z.ZodLiteral<5000>, z.ZodLiteral<20000>, z.ZodLiteral<100000>], {
    error: CREDIT_MESSAGES.pack,
  }),
});
export const creditCheckoutResponseSchema = z.object({
  purchaseId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'sandbox']),
  amountPence: z.number().int().positive(),
  publishableKey: z.string().nullable(),
});
export type CreditCheckoutResponse = z.infer<typeof creditCheckoutResponseSchema>;

export const creditEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['purchase', 'order', 'refund']),
  /** Signed: a purchase or a refund adds, an order takes away. */
  amountPence: z.number().int(),
  submissionId: z.string().nullable(),
  at: isoDateTimeSchema,
});
/** GET /api/credit */
export const creditBalanceSchema = z.object({
  balancePence: z.number().int(),
  entries: z.array(creditEntrySchema),
  /** Present for a member of an organisation (decision 047): the credit is the organisation's, bought by its owners. */
  organisation: z.object({ name: z.string(), canBuy: z.boolean() }).optional(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

// ---------------------------------------------------------------------------------------------
// RFC 9457 problem details (every error under /api/v1)
// ---------------------------------------------------------------------------------------------
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const PROBLEM_TYPE_BASE = 'https://humanproof.example/problems/';

export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    /** 402: how much more credit the order needs, the balance and the price, in pence. */
    shortfallPence: z.number().int().optional(),
    balancePence: z.number().int().optional(),
    pricePence: z.number().int().optional(),
    /** 400: where the request was invalid. */
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

// ---------------------------------------------------------------------------------------------
// /api/v1
// ---------------------------------------------------------------------------------------------
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The order form without the contact fields (an API order uses the account's name and e-mail unless given). */
const form = buildSubmissionSchema();
export const v1OrderInputSchema = z
  .object({
    content: form.shape.content.describe('The text to review (10 characters to 3,000 words)'),
    serviceTier: z.enum(SERVICE_TIERS),
    category: z.enum(CATEGORIES),
    fastTurnaround: z.boolean().optional().default(false),
    tone: form.shape.tone,
    targetAudience: form.shape.targetAudience,
    englishVariant: z.enum(ENGLISH_VARIANTS).optional().default('british'),
    instructions: form.shape.instructions,
    additionalNotes: form.shape.additionalNotes,
    title: z.string().trim().max(MAX_SHORT_FIELD_CHARACTERS).optional().describe('Used to title the order (defaults to its first words)'),
    contactName: z.string().trim().max(MAX_SHORT_FIELD_CHARACTERS).optional(),
    contactEmail: z.email().max(254).optional(),
    editorialResponsibility: form.shape.editorialResponsibility.describe(
      'Who holds editorial responsibility for publishing the text: `name`, and `organisation` when the person acts for one. Omitted or blank: the account’s default from Settings, else "not named".',
    ),
  })
  .meta({ id: 'OrderInput' });
export type V1OrderInput = z.input<typeof v1OrderInputSchema>;

export const v1QuoteInputSchema = v1OrderInputSchema
  .pick({ content: true, serviceTier: true, fastTurnaround: true })
  .meta({ id: 'QuoteInput' });

/** What a price is counted from, as a quote and an order both state it. */
const priceBasisFields = {
  wordCount: z
    .number()
    .int()
    .nonnegative()
    .describe('Words as the price counts them (docs/decisions/005-money-ids-and-prices.md): a token joining three or more words with punctuation counts each word'),
  ratePence: z.number().int().positive().describe('Pence per word of the service tier: pricePence = max(500, wordCount × ratePence, × 1.5 when fast)'),
};

export const v1QuoteSchema = z
  .object({
    ...priceBasisFields,
    pricePence: z.number().int().nonnegative(),
    vatPence: z
      .number()
      .int()
      .nonnegative()
      .describe('The VAT included in pricePence (prices are VAT-inclusive): 0 when no VAT is charged; the invoice shows the same amount'),
    currency: z.literal('gbp'),
    minimumApplied: z.boolean(),
    /** When the review would be due if the order were placed now. */
    dueDate: isoDateTimeSchema,
    balancePence: z.number().int(),
  })
  .meta({ id: 'Quote' });
export type V1Quote = z.infer<typeof v1QuoteSchema>;

export const v1DiffPartSchema = z.object({ type: z.enum(['equal', 'insert', 'delete']), text: z.string() });
/** A claim of the order's fact-check report, without the reviewer's record of it (id, times). */
export const v1ClaimSchema = checkedClaimSchema;

export const v1OrderSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(SUBMISSION_STATUSES),
    serviceTier: z.enum(SERVICE_TIERS),
    category: z.enum(CATEGORIES),
    ...priceBasisFields,
    pricePence: z.number().int(),
    fastTurnaround: z.boolean(),
    createdAt: isoDateTimeSchema,
    paidAt: isoDateTimeSchema.nullable(),
    dueDate: isoDateTimeSchema.nullable(),
    completedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'OrderSummary' });

export const v1OrderSchema = v1OrderSummarySchema
  .extend({
    content: z.string(),
    instructions: z.string(),
    /** Once delivered (status completed): the reviewed text, its word diff against the original and the fact-check. */
    result: z
      .object({
        reviewedContent: z.string().nullable(),
        reviewerNotes: z.string().nullable(),
        documentLink: z.string().nullable(),
        diff: z.array(v1DiffPartSchema).nullable(),
        factCheck: z.object({ noCheckableClaims: z.boolean(), claims: z.array(v1ClaimSchema) }),
        /** The delivery's certificate of human review: GET /api/v1/certificates/{code}, or /verify/{code} to show people. */
        certificateCode: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Order' });
export type V1Order = z.infer<typeof v1OrderSchema>;

export const V1_PAGE_MAX = 100;
export const v1OrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX).optional().default(20),
  cursor: z.string().max(200).optional(),
});
export const v1OrderListSchema = z
  .object({
    data: z.array(v1OrderSummarySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'OrderList' });

export const v1MessageInputSchema = z
  .object({
    content: z.string({ error: MESSAGE_TEXTS.empty }).trim().min(1, MESSAGE_TEXTS.empty).max(MAX_MESSAGE_CHARACTERS, MESSAGE_TEXTS.tooLong),
  })
  .meta({ id: 'MessageInput' });
export const v1MessageSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    content: z.string(),
    from: z.enum(['customer', 'team']),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'Message' });
export const v1MessageListSchema = z.object({ data: z.array(v1MessageSchema) }).meta({ id: 'MessageList' });

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------
export const WEBHOOK_EVENTS = [
  'order.paid',
  'order.in_review',
  'order.completed',
  'order.revision_requested',
  'order.late',
  'order.audited',
  'message.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_SIGNATURE_HEADER = 'HumanProof-Signature';
/** A receiver should refuse a signature older than this (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Resend (issue 29): at most this many per account per window, so one customer cannot flood the delivery queue. */
export const WEBHOOK_RESEND_LIMIT = 10;
export const WEBHOOK_RESEND_WINDOW_MINUTES = 10;

export const WEBHOOK_MESSAGES = {
  url: 'Enter an https:// URL',
  events: 'Choose at least one event',
  privateAddress: 'This address is private, loopback or link-local: webhooks only go to the public internet',
  unresolvable: 'This host name does not resolve',
  tooMany: `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  resendLimit: `You can resend at most ${WEBHOOK_RESEND_LIMIT} deliveries per ${WEBHOOK_RESEND_WINDOW_MINUTES} minutes. Try again shortly.`,
} as const;

export const createWebhookEndpointSchema = z.object({
  url: z.string({ error: WEBHOOK_MESSAGES.url }).trim().min(1, WEBHOOK_MESSAGES.url).max(2000, WEBHOOK_MESSAGES.url),
  events: z.array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.events }).min(1, WEBHOOK_MESSAGES.events).max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;
export const updateWebhookEndpointSchema = z.object({ enabled: z.boolean() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);
/** The answer of POST /api/webhooks/endpoints: the signing secret is shown once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  attemptedAt: isoDateTimeSchema,
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(webhookAttemptSchema),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** What a webhook POST carries. */
export const webhookEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(WEBHOOK_EVENTS),
    createdAt: isoDateTimeSchema,
    data: z.object({
      orderId: z.string(),
      status: z.enum(SUBMISSION_STATUSES),
      messageId: z.string().optional(),
      from: z.enum(['customer', 'team']).optional(),
      /** order.completed: the delivery's certificate of human review (GET /api/v1/certificates/{code}). */
      certificateCode: z.string().optional(),
      /** order.late: the delivery came after its due time, and what the on-time guarantee refunded (decision 068). */
      lateDelivery: lateDeliverySchema.optional(),
      /** order.audited: how a second reviewer's audit of the delivery closed; a correction's new certificate (decision 068). */
      audit: auditedEventSchema.optional(),
    }),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEventBody = z.infer<typeof webhookEventSchema>;
