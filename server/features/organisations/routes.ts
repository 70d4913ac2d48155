import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../../shared/api.schema';
import { recordIdSchema } from '../../../shared/ids';
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  myOrganisationAnswerSchema,
  myOrganisationSchema,
  ORGANISATION_INVITATION_WINDOW_SECONDS,
  ORGANISATION_INVITATIONS_PER_WINDOW,
  ORGANISATION_MESSAGES,
  organisationInvitationLookupSchema,
  organisationInvitationSchema,
  organisationInvitationTokenSchema,
  organisationNameInputSchema,
} from '../../../shared/organisation.schema';
import { notFound } from '../../lib/http-error';
import { displayName } from '../../lib/person';
import { requireUser } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import {
  acceptOrganisationInvitation,
  changeMemberRole,
  createOrganisation,
  inviteMember,
  leaveOrganisation,
  lookUpOrganisationInvitation,
  myOrganisation,
  removeMember,
  renameOrganisation,
  revokeOrganisationInvitation,
} from './organisations';

const idParams = z.object({ id: recordIdSchema() });
const memberParams = z.object({ userId: recordIdSchema() });

/**
 * Organisations (issue 27, decision 043): the customer's own organisation under /api/organisation (an account
 * belongs to one at most, so no organisation id is ever in a path), and the invited colleague's join page.
 * Owner-only actions answer 403 to a member; a member or invitation id of another organisation answers 404.
 */
export async function organisationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;

  /** The organisation as the signed-in account now sees it (after a change). */
  const mine = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    const organisation = await myOrganisation(app.db, user.id);
    if (!organisation) throw notFound(ORGANISATION_MESSAGES.notInOrganisation);
    return organisation;
  };

  api.get('/api/organisation', { config: customer, schema: { response: { 200: myOrganisationAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.send(await myOrganisation(app.db, user.id));
  });

  api.post(
    '/api/organisation',
    { config: customer, schema: { body: organisationNameInputSchema, response: { 201: myOrganisationSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await createOrganisation(app.db, user.id, request.body.name);
      return reply.code(201).send(await mine(request));
    },
  );

  api.patch(
    '/api/organisation',
    { config: customer, schema: { body: organisationNameInputSchema, response: { 200: myOrganisationSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await renameOrganisation(app.db, user.id, request.body.name);
      return mine(request);
    },
  );

  // Each invitation sends an e-mail to an address the inviter chose: limited per account, like any sender of mail.
  const invitationLimit = rateLimiter(app, {
    key: (request) => `organisation-invitation:${request.user?.id ?? request.ip}`,
    max: ORGANISATION_INVITATIONS_PER_WINDOW,
    windowSeconds: ORGANISATION_INVITATION_WINDOW_SECONDS,
    message: ORGANISATION_MESSAGES.tooManyInvitations,
  });

  api.post(
    '/api/organisation/invitations',
    { config: customer, preHandler: invitationLimit, schema: { body: inviteMemberSchema, response: { 201: organisationInvitationSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const invitation = await inviteMember(app.db, app.mail, {
        email: request.body.email,
        inviter: { id: user.id, name: displayName({ firstName: user.firstName, lastName: user.lastName, name: '', email: user.email }) },
      });
      return reply.code(201).send(invitation);
    },
  );

  api.delete(
    '/api/organisation/invitations/:id',
    { config: customer, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await revokeOrganisationInvitation(app.db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.patch(
    '/api/organisation/members/:userId',
    { config: customer, schema: { params: memberParams, body: changeMemberRoleSchema, response: { 200: myOrganisationSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await changeMemberRole(app.db, user.id, request.params.userId, request.body.role);
      return mine(request);
    },
  );

  api.delete(
    '/api/organisation/members/:userId',
    { config: customer, schema: { params: memberParams, response: { 200: myOrganisationAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await removeMember(app.db, user.id, request.params.userId);
      return reply.send(await myOrganisation(app.db, user.id));
    },
  );

  api.post('/api/organisation/leave', { config: customer, schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    await leaveOrganisation(app.db, user.id);
    return reply.code(204).send(null);
  });

  // The join page: what the link invites to (anyone holding the link may ask), then the signed-in account accepts.
  // The token travels in the body, never in a URL a log or a Referer could keep (as the review team's links).
  api.post(
    '/api/organisation-invitations/lookup',
    { config: { access: 'public' }, schema: { body: organisationInvitationTokenSchema, response: { 200: organisationInvitationLookupSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return lookUpOrganisationInvitation(app.db, request.body.token);
    },
  );

  api.post(
    '/api/organisation-invitations/accept',
    { config: customer, schema: { body: organisationInvitationTokenSchema, response: { 200: myOrganisationSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await acceptOrganisationInvitation(app.db, request.body.token, user);
      return mine(request);
    },
  );
}
