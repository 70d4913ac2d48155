import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_RATE_LIMIT_WINDOW_SECONDS,
  PROBLEM_CONTENT_TYPE,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventSchema,
} from '../../../shared/api-v1.schema';
import { API_DOCS_INTRO } from './docs-text';

type JsonSchema = Record<string, unknown>;
export const OPENAPI_PATH = '/api/v1/openapi.json';
/** A download route's success schema says its media type with `.meta({ 'x-media-type': … })`. */
export const FILE_MEDIA_TYPE = 'x-media-type';

/**
 * OpenAPI 3.1 from the route table (decision 024): every /api/v1 route's own zod schemas (params, query, body,
 * responses) become JSON Schema 2020-12 with zod's z.toJSONSchema, so the document cannot drift from what the routes
 * validate and answer. Named schemas (`.meta({ id })`) become components.
 */
export class OpenApiBuilder {
  private readonly routes: RouteOptions[] = [];
  private readonly components: Record<string, JsonSchema> = {};

  add(route: RouteOptions): void {
    if (route.url.startsWith('/api/v1/') && route.url !== OPENAPI_PATH) this.routes.push(route);
  }

  /** Converts one zod schema; its named sub-schemas go to components and the refs are rewritten to point there. */
  private schema(zod: unknown, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(zod as z.ZodType, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    delete json.$schema;
    const renamed = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      let target = name;
      const existing = this.components[target];
      if (existing && JSON.stringify(existing) !== JSON.stringify(def)) target = `${name}${io === 'input' ? 'Input' : 'Output'}`;
      renamed.set(name, target);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => {
            if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
              const name = v.slice('#/$defs/'.length);
              return [k, `#/components/schemas/${renamed.get(name) ?? name}`];
            }
            return [k, rewrite(v)];
          }),
        );
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) this.components[renamed.get(name)!] = rewrite(def) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }

  private parameters(zod: unknown, where: 'path' | 'query'): unknown[] {
    if (!zod) return [];
    const json = this.schema(zod, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    return Object.entries(properties).map(([name, schema]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    }));
  }

  build(serverUrl: string): JsonSchema {
    const paths: Record<string, Record<string, unknown>> = {};
    const sorted = [...this.routes].sort((a, b) => a.url.localeCompare(b.url));
    for (const route of sorted) {
      const schema = (route.schema ?? {}) as FastifySchema & { summary?: string; description?: string; tags?: string[] };
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const scope = route.config?.apiScope;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const responses: Record<string, unknown> = {};
        for (const [status, zod] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
          const problem = status.startsWith('4') || status.startsWith('5');
          const converted = this.schema(zod, 'output');
          // A file download (reply 'file') names its media type on its schema: bytes, not JSON.
          const file = typeof converted[FILE_MEDIA_TYPE] === 'string' ? (converted[FILE_MEDIA_TYPE] as string) : null;
          responses[status.toUpperCase()] = {
            description: problem ? 'A problem (RFC 9457)' : file ? 'The file' : 'OK',
            content: file
              ? { [file]: { schema: { type: 'string', format: 'binary' } } }
              : { [problem ? PROBLEM_CONTENT_TYPE : 'application/json']: { schema: converted } },
          };
        }
        const headerParams =
          method === 'POST' && route.url === '/api/v1/orders'
            ? [
                {
                  name: 'Idempotency-Key',
                  in: 'header',
                  required: true,
                  description: 'A unique key per new order (a UUID). A retry with the same key and body never orders twice.',
                  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
                },
              ]
            : [];
        paths[path] ??= {};
        paths[path][method.toLowerCase()] = {
          operationId: `${method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
          summary: schema.summary,
          ...(schema.description ? { description: schema.description } : {}),
          tags: schema.tags ?? [],
          ...(scope ? { 'x-required-scope': scope, security: [{ apiKey: [] }] } : {}),
          parameters: [...this.parameters(schema.params, 'path'), ...this.parameters(schema.querystring, 'query'), ...headerParams],
          ...(schema.body
            ? { requestBody: { required: true, content: { 'application/json': { schema: this.schema(schema.body, 'input') } } } }
            : {}),
          responses,
        };
      }
    }
    const event = this.schema(webhookEventSchema, 'output');
    return {
      openapi: '3.1.0',
      info: {
        title: 'HumanProof API',
        version: '1.0.0',
        description: API_DOCS_INTRO,
      },
      servers: [{ url: serverUrl }],
      tags: [
        { name: 'Orders', description: 'Quotes and orders paid from prepaid credit' },
        { name: 'Messages', description: 'The thread between you and the review team' },
        { name: 'Certificates', description: 'Certificates of human review: public, no API key needed' },
        { name: 'House style', description: 'Preferred and banned terms, spelling variant and rules the review team applies to your orders' },
      ],
      paths,
      webhooks: Object.fromEntries(
        WEBHOOK_EVENTS.map((type) => [
          type,
          {
            post: {
              summary: `The ${type} event`,
              description: `Sent to your endpoint with the \`${WEBHOOK_SIGNATURE_HEADER}\` header. Answer 2xx within 10 seconds.`,
              requestBody: { content: { 'application/json': { schema: event } } },
              responses: { '200': { description: 'Received' } },
            },
          },
        ]),
      ),
      components: {
        schemas: this.components,
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key from Settings → API keys (\`hp_live_…\`). Rate limit per key per ${API_RATE_LIMIT_WINDOW_SECONDS} s, with RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers.`,
          },
        },
      },
    };
  }
}

/** Collects the routes of this plugin as they are added and serves the document at /api/v1/openapi.json. */
export function collectOpenApi(app: FastifyInstance): void {
  const builder = new OpenApiBuilder();
  app.addHook('onRoute', (route) => builder.add(route));
  let cached: JsonSchema | null = null;
  app.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    { config: { access: 'public' }, schema: { response: { 200: z.record(z.string(), z.unknown()) } } },
    async (_request, reply) => {
      cached ??= builder.build(`${new URL(app.config.PUBLIC_URL).origin}/api/v1`.replace(/\/api\/v1$/, ''));
      return reply.header('cache-control', 'public, max-age=300').send(cached);
    },
  );
}
