import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDENTIAL_MEDIA_TYPE, DID_DOCUMENT_PATH, HUMANPROOF_CONTEXT_PATH, humanProofContext } from '../../../shared/credential.schema';
import { notFound } from '../../lib/http-error';
import { assertMayReadPrivate, lookUp, publicLookUpOptions } from '../certificates';
import { didDocumentOf } from './did-document';
import { credentialOf } from './issue-credential';
import { didDocumentSchema, humanReviewCredentialSchema } from './schemas';
import { highestList, STATUS_LIST_MAX_AGE_SECONDS, STATUS_LIST_SHARED_MAX_AGE_SECONDS, statusLists } from './status-list';

const STATUS_LIST_NOT_FOUND = 'No status list has this number.';

/** `application/vc` when the client asks for it (the VC 2.0 media type), else JSON. */
function credentialType(request: FastifyRequest): string {
  return /application\/vc(?![+\w-])/i.test(request.headers.accept ?? '') ? CREDENTIAL_MEDIA_TYPE : 'application/json; charset=utf-8';
}

/** Anybody's verifier, in a browser on any origin, may read what these routes publish. */
function publicly(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('vary', 'accept');
}

/**
 * The public parts of the verifiable credential (issue 43, decision 060): the DID document, the HumanProof JSON-LD
 * context and the revocation status lists. None needs a sign-in.
 */
export async function credentialRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const origin = app.config.PUBLIC_URL;
  const statusList = statusLists();

  api.get(DID_DOCUMENT_PATH, { config: { access: 'public' }, schema: { response: { 200: didDocumentSchema } } }, async (_request, reply) => {
    void publicly(reply).header('cache-control', 'public, max-age=300');
    return didDocumentOf(app.db, origin);
  });

  const context = JSON.stringify(humanProofContext(origin), null, 2);
  api.get(HUMANPROOF_CONTEXT_PATH, { config: { access: 'public', reply: 'file' } }, async (_request, reply) =>
    publicly(reply).header('cache-control', 'public, max-age=86400').type('application/ld+json').send(context),
  );

  api.get(
    '/credentials/status/:list',
    { config: { access: 'public', reply: 'file' }, schema: { params: z.object({ list: z.string().max(12) }) } },
    async (request, reply) => {
      const list = /^[1-9][0-9]{0,8}$/.test(request.params.list) ? Number(request.params.list) : 0;
      if (list === 0 || list > (await highestList(app.db))) throw notFound(STATUS_LIST_NOT_FOUND);
      const body = await statusList(app.db, app.context.certificateKey(), origin, list);
      return publicly(reply)
        .header('cache-control', `public, max-age=${STATUS_LIST_MAX_AGE_SECONDS}, s-maxage=${STATUS_LIST_SHARED_MAX_AGE_SECONDS}`)
        .type(credentialType(request))
        .send(body);
    },
  );
}

/**
 * GET /api/v1/certificates/:code/credential, registered by the public API's plugin so the OpenAPI document lists
 * it: no key, the certificates' per-address look-up limit. A private certificate's credential is its owner's (and
 * the team's), like its PDF: anybody else gets the same 404 as an unknown code.
 */
export function credentialV1Route(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/certificates/:code/credential',
    publicLookUpOptions(app, {
      summary: 'A certificate of human review as a W3C Verifiable Credential 2.0 (no API key needed)',
      description:
        'The certificate as a VC 2.0 credential (`application/vc` when asked for, else JSON), issued by the site’s did:web identifier (keys at /.well-known/did.json) with two Data Integrity proofs, `eddsa-rdfc-2022` and `eddsa-jcs-2022`, each verifying on its own. `credentialStatus` is a Bitstring Status List entry (revocation). Not found when its owner made it private. Limited per client address.',
      response: { 200: humanReviewCredentialSchema, ...problems },
    }),
    async (request, reply) => {
      const row = await lookUp(request, request.params.code);
      await assertMayReadPrivate(request, row);
      const credential = await credentialOf(app.db, row, app.context.certificateKey(), app.config.PUBLIC_URL);
      // The signed bytes as they are: a string is sent without the response schema's serializer.
      return publicly(reply)
        .header('cache-control', row.isPrivate ? 'private, no-store' : 'no-cache')
        .header('content-disposition', `inline; filename="humanproof-credential-${row.code}.json"`)
        .type(credentialType(request))
        .send(credential);
    },
  );
}
