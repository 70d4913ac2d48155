import type { FastifyInstance } from 'fastify';
import { recordIdSchema } from '../../../shared/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageListSchema, messageSchema, sendMessageSchema } from '../../../shared/message.schema';
import { requireUser } from '../../plugins/auth';
import { readThread } from './read-thread';
import { listUnreadTeamMessages } from './recent-messages';
import { sendMessage } from './send-message';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { config: { access: 'customer' } } as const;

  // A static path outranks `/:submissionId` in Fastify's router, whatever the order of registration.
  api.get('/api/messages/recent', { ...signedIn, schema: { response: { 200: messageListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listUnreadTeamMessages(app.db, user.id);
  });

  api.get(
    '/api/messages/:submissionId',
    { ...signedIn, schema: { params: z.object({ submissionId: recordIdSchema() }), response: { 200: messageListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return readThread(app.db, request.params.submissionId, user);
    },
  );

  api.post('/api/messages', { ...signedIn, schema: { body: sendMessageSchema, response: { 201: messageSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.code(201).send(await sendMessage(app.db, app.mail, user, request.body));
  });
}
