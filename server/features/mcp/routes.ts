import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { HumanProof } from '../../../packages/sdk/src';
import { createHumanProofMcpServer } from '../../../packages/cli/src/mcp/tools';
import { problemSchema } from '../../../shared/api-v1.schema';
import { ProblemError } from '../../lib/problem';
import { requireApiCaller } from '../api-keys';
import { inProcessFetch } from './in-process-fetch';

export const MCP_PATH = '/mcp';
/** A tool call carries a text of up to 3,000 words (any script), as POST /api/v1/orders does. */
const MCP_BODY_LIMIT = 2 * 1024 * 1024;
const SERVER_VERSION = '1.0.0';

const problems = { '4xx': problemSchema, '5xx': problemSchema } as const;
/** A JSON-RPC 2.0 answer (the MCP SDK writes it); 202 with no body when the POST held only notifications. */
const jsonRpcAnswer = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

function bearerKey(request: FastifyRequest): string {
  // The guard let the request in only with a valid `Authorization: Bearer hp_live_…`.
  return String(request.headers.authorization).trim().replace(/^Bearer\s+/i, '');
}

/**
 * The HumanProof tools for AI agents over MCP's Streamable HTTP (issue 46, decision 062), for hosted agents that
 * cannot start `humanproof mcp`: an `api-key` route (the public API's guard: Bearer key, its rate limits, 401/429 as
 * problem details). Stateless: each POST gets a new MCP server and transport (no session id, nothing kept in memory),
 * answered with JSON rather than a held-open event stream, so any instance can answer any request. The tools call
 * /api/v1 in-process as the caller's key (in-process-fetch.ts), so each tool needs the scope its API route needs.
 */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  const origin = new URL(app.config.PUBLIC_URL).origin;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['POST', 'GET', 'DELETE'],
    url: MCP_PATH,
    config: { access: 'api-key' },
    bodyLimit: MCP_BODY_LIMIT,
    schema: { response: { 200: jsonRpcAnswer, 202: z.null(), ...problems } },
    handler: async (request, reply) => {
      requireApiCaller(request);
      if (request.method !== 'POST') {
        // No server-to-client stream and no session to end: a stateless server answers 405 (the client expects it).
        throw new ProblemError(405, 'This MCP server is stateless: POST JSON-RPC messages to /mcp.', {}, 'method-not-allowed', { allow: 'POST' });
      }
      const hp = new HumanProof({ baseUrl: origin, apiKey: bearerKey(request), fetch: inProcessFetch(app, request) });
      const server = createHumanProofMcpServer({ account: hp, site: hp, noKeyMessage: 'Send an API key as a Bearer token.' }, SERVER_VERSION);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers.set(name, [value].flat().join(', '));
        }
        const answer = await transport.handleRequest(new Request(`${origin}${MCP_PATH}`, { method: 'POST', headers }), { parsedBody: request.body });
        const text = await answer.text();
        if (answer.status >= 400) {
          // The transport's refusals (Accept, Content-Type, a malformed message) as the API's problem details.
          const message = (JSON.parse(text || '{}') as { error?: { message?: string } }).error?.message ?? 'The MCP request was refused.';
          throw new ProblemError(answer.status, message);
        }
        void reply.code(answer.status);
        if (answer.status === 202 || text === '') return reply.send(null);
        // Already JSON-RPC as the MCP SDK wrote it: sent as it is, not serialized again.
        return reply.type('application/json; charset=utf-8').send(text as unknown as z.infer<typeof jsonRpcAnswer>);
      } finally {
        await server.close();
      }
    },
  });
}
