import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema, revokedApiKeysSchema } from '../../../shared/api-v1.schema';
import { recordIdSchema } from '../../../shared/ids';
import { requireUser } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeAllApiKeys, revokeApiKey } from './keys';

/** Settings → API keys: a signed-in customer manages their keys with the session (never with a key). */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;
  const params = z.object({ id: recordIdSchema() });

  api.get('/api/api-keys', { config: customer, schema: { response: { 200: apiKeyListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listApiKeys(app.db, user.id);
  });

  api.post('/api/api-keys', { config: customer, schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.code(201).send(await createApiKey(app.db, user.id, request.body));
  });

  // Beside "Sign out other devices": keys survive a password reset and a sign-out (decision 032), so this is the
  // one click that ends them all.
  api.post('/api/api-keys/revoke-all', { config: customer, schema: { response: { 200: revokedApiKeysSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { revoked: await revokeAllApiKeys(app.db, user.id) };
  });

  api.delete('/api/api-keys/:id', { config: customer, schema: { params, response: { 200: apiKeySchema } } }, async (request) => {
    const user = await requireUser(request);
    return revokeApiKey(app.db, user.id, request.params.id);
  });
}
