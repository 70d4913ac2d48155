/** Test-only helpers: orders created (and paid) through the real customer API, and a valid order form. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AdminSubmission, Submission } from '../../shared/submission.schema';
import { request, type SignedInUser } from './test-app';

export async function createOrder(
  app: FastifyInstance,
  customer: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await request(app, 'POST', '/api/submissions', customer, {
    content: 'The Eiffel Tower was completed in 1889 and stands in Paris, France.',
    serviceTier: 'polished',
    category: 'blog-post',
    contactName: 'Casey Customer',
    contactEmail: customer.email,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

export async function payOrder(app: FastifyInstance, customer: SignedInUser, submissionId: string): Promise<void> {
  const intent = await request(app, 'POST', '/api/create-payment-intent', customer, { submissionId });
  if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const confirm = await request(app, 'POST', '/api/payments/sandbox/confirm', customer, {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  if (confirm.statusCode !== 200) throw new Error(`sandbox confirm failed: ${confirm.statusCode} ${confirm.body}`);
}

export async function createPaidOrder(
  app: FastifyInstance,
  customer: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = await createOrder(app, customer, overrides);
  await payOrder(app, customer, id);
  return id;
}

export async function adminGet(app: FastifyInstance, admin: SignedInUser, id: string): Promise<AdminSubmission> {
  const response = await request(app, 'GET', `/api/admin/submissions/${id}`, admin);
  if (response.statusCode !== 200) throw new Error(`admin get failed: ${response.statusCode} ${response.body}`);
  return response.json() as AdminSubmission;
}

export const validForm = {
  content: Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '),
  serviceTier: 'polished',
  category: 'blog-post',
  tone: 'Friendly',
  targetAudience: 'Small business owners',
  englishVariant: 'british',
  instructions: 'Check the numbers.',
  additionalNotes: '',
  fastTurnaround: false,
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
  contactPhone: '',
  contactWebsite: 'https://example.com',
  wordCount: 100,
};

export async function createSubmissionVia(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Submission> {
  const response = await request(app, 'POST', '/api/submissions', cookie, { ...validForm, ...overrides });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as Submission;
}

/**
 * Claims the order for `reviewer` (or refreshes their own claim) and answers the draft's current version
 * (decision 021). An order that cannot be claimed (cancelled, held by another) answers its version all the same,
 * so a test can go on to see the save refused.
 */
export async function claimForReview(app: FastifyInstance, reviewer: SignedInUser, id: string): Promise<number> {
  const claimed = await request(app, 'POST', `/api/admin/submissions/${id}/claim`, reviewer);
  if (claimed.statusCode === 200) return (claimed.json() as AdminSubmission).reviewVersion;
  const current = await request(app, 'GET', `/api/admin/submissions/${id}`, reviewer);
  return current.statusCode === 200 ? (current.json() as AdminSubmission).reviewVersion : 0;
}

/** PATCH .../review as the claimant does it: claim first, then send the current version. For tests not about claims. */
export async function saveReviewAs(
  app: FastifyInstance,
  reviewer: SignedInUser,
  id: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const version = await claimForReview(app, reviewer, id);
  return request(app, 'PATCH', `/api/admin/submissions/${id}/review`, reviewer, { version, ...body });
}
