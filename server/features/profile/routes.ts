import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, currentUserSchema, profileUpdateSchema } from '../../../shared/auth.schema';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/profile',
    { config: { access: 'customer' }, schema: { body: profileUpdateSchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { firstName, lastName, email } = request.body;
      if (email.toLowerCase() !== user.email.toLowerCase()) throw badRequest(AUTH_MESSAGES.emailNotEditable);
      const [row] = await app.db
        .update(users)
        .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning({ firstName: users.firstName, lastName: users.lastName, email: users.email });
      return { ...user, ...row };
    },
  );
}
