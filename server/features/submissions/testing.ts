/** Test helpers shared by the order-flow features' API tests. */
import type { FastifyInstance } from 'fastify';
import type { Submission } from '../../../shared/submission.schema';

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
  const response = await app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie },
    payload: { ...validForm, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as Submission;
}
