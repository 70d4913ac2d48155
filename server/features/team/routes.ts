import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../../shared/api.schema';
import { currentUserSchema } from '../../../shared/auth.schema';
import { recordIdSchema } from '../../../shared/ids';
import {
  invitationLookupSchema,
  invitationSchema,
  invitationTokenSchema,
  inviteReviewerSchema,
  teamSchema,
} from '../../../shared/team.schema';
import { unauthorized } from '../../lib/http-error';
import { requireAdmin, requireUser } from '../../plugins/auth';
import {
  acceptInvitation,
  changeMember,
  inviteReviewer,
  listTeam,
  lookUpInvitation,
  revokeInvitation,
  type MemberChange,
} from './team';

const idParams = z.object({ id: recordIdSchema() });

/** The review team (decision 021): the admin's team page, and the invited reviewer's join page. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const adminEmails = app.config.adminEmails;

  api.get('/api/admin/team', { config: admin, schema: { response: { 200: teamSchema } } }, async () => listTeam(app.db, adminEmails));

  api.post(
    '/api/admin/team/invitations',
    { config: admin, schema: { body: inviteReviewerSchema, response: { 201: invitationSchema } } },
    async (request, reply) => {
      const user = await requireAdmin(request);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
      const invitation = await inviteReviewer(app.db, app.mail, { email: request.body.email, inviter: { id: user.id, name }, adminEmails });
      return reply.code(201).send(invitation);
    },
  );

  api.delete('/api/admin/team/invitations/:id', { config: admin, schema: { params: idParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    await revokeInvitation(app.db, request.params.id);
    return reply.code(204).send(null);
  });

  const memberChange = (change: MemberChange) => async (request: { params: { id: string } }) => {
    await changeMember(app.db, request.params.id, change, adminEmails);
    return listTeam(app.db, adminEmails);
  };
  const memberRoute = { config: admin, schema: { params: idParams, response: { 200: teamSchema } } };
  api.post('/api/admin/team/members/:id/suspend', memberRoute, memberChange('suspend'));
  api.post('/api/admin/team/members/:id/reinstate', memberRoute, memberChange('reinstate'));
  api.delete('/api/admin/team/members/:id', memberRoute, memberChange('remove'));

  // The join page: whom the link invites (anyone holding the link may ask), then the signed-in account accepts.
  api.post(
    '/api/team/invitations/lookup',
    { config: { access: 'public' }, schema: { body: invitationTokenSchema, response: { 200: invitationLookupSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return lookUpInvitation(app.db, request.body.token);
    },
  );

  api.post(
    '/api/team/invitations/accept',
    { config: { access: 'customer' }, schema: { body: invitationTokenSchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await acceptInvitation(app.db, request.body.token, user);
      // The account as it is now (a reviewer): looked up afresh, not the request's cached copy.
      const updated = await app.lookUpSession(request);
      if (!updated) throw unauthorized();
      return updated;
    },
  );
}
