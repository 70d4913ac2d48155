/** Test-only helpers: orders created and paid through the real customer API (submissions + sandbox payment). */
import type { FastifyInstance } from 'fastify';
import type { AdminSubmission } from '../../../shared/submission.schema';
import type { SignedInUser } from '../../test-support/test-app';

export async function createOrder(
  app: FastifyInstance,
  customer: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie: customer.cookie },
    payload: {
      content: 'The Eiffel Tower was completed in 1889 and stands in Paris, France.',
      serviceTier: 'polished',
      category: 'blog-post',
      contactName: 'Casey Customer',
      contactEmail: customer.email,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

export async function payOrder(app: FastifyInstance, customer: SignedInUser, submissionId: string): Promise<void> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: customer.cookie },
    payload: { submissionId },
  });
  if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: { cookie: customer.cookie },
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
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
  const response = await app.inject({ method: 'GET', url: `/api/admin/submissions/${id}`, headers: { cookie: admin.cookie } });
  if (response.statusCode !== 200) throw new Error(`admin get failed: ${response.statusCode} ${response.body}`);
  return response.json() as AdminSubmission;
}
