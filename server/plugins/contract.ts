import type { FastifyBaseLogger, FastifyInstance, FastifySchema, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { apiErrorSchema } from '../../shared/api.schema';
import { compileEncoder, UNPROVEN } from './contract-encoder';

/**
 * The API contract (docs/decisions/016-api-contract.md): every JSON route declares a zod response schema per
 * status code, and the answer is serialized through it, so no field leaves the server that the schema does not
 * name. What a route answers when it is not JSON is declared in `config.reply`:
 *
 * - `json` (the default): a response schema for its success status is required (the contract test checks it).
 * - `file`: a download or a static file (bytes with their own content type).
 * - `html`: the app shell (or a static file beside it).
 * - `redirect`: a 302 to a page.
 * - `proxy`: better-auth's identity endpoints; their Web Response is passed through as it is (decision 016).
 * - `not-found`: answers only the JSON 404 of the not-found handler.
 *
 * Error answers (4xx, 5xx) of every route but `proxy` ones are the shared `{ message }` schema unless the route
 * declares its own for that status (GET /healthz's 503).
 */
export const ROUTE_REPLIES = ['json', 'file', 'html', 'redirect', 'proxy', 'not-found'] as const;
export type RouteReply = (typeof ROUTE_REPLIES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route answers when it is not JSON; see server/plugins/contract.ts. */
    reply?: RouteReply;
  }
  interface FastifyInstance {
    /** Every route with what it answers and the status codes its response schema declares (the contract test). */
    routeContracts: readonly RouteContractEntry[];
  }
}

export interface RouteContractEntry {
  method: string;
  url: string;
  reply: RouteReply;
  /** Status codes (or `4xx` / `5xx` ranges) with a response schema. */
  statuses: string[];
}

/** A response field the schema does not declare; outside production the answer fails with it. */
export class ResponseContractError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly extraFields: string[],
  ) {
    super(`Response of ${method} ${url} has fields its schema does not declare: ${extraFields.join(', ')}`);
    this.name = 'ResponseContractError';
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The paths of fields in `sent` that the schema dropped from `kept` (zod's objects strip unknown keys). Fields
 * whose value is undefined are ignored: JSON has no undefined, so they never leave the server anyway.
 */
export function droppedFields(sent: unknown, kept: unknown): string[] {
  const dropped: string[] = [];
  collectDropped(sent, kept, [], dropped);
  return dropped;
}

/** The path of a field: `a.b[0].c`. */
function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step), '');
}

/**
 * Every answer is checked, so the walk keeps the path as a stack of keys and indexes and writes it out only for a
 * field the schema dropped; it does not descend into primitives.
 */
function collectDropped(sent: unknown, kept: unknown, path: (string | number)[], dropped: string[]): void {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i += 1) {
      const item: unknown = sent[i];
      if (item === null || typeof item !== 'object') continue;
      path.push(i);
      collectDropped(item, kept[i], path, dropped);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return;
  for (const key of Object.keys(sent)) {
    const value = sent[key];
    if (!(key in kept)) {
      if (value !== undefined) dropped.push(pathText([...path, key]));
    } else if (value !== null && typeof value === 'object') {
      path.push(key);
      collectDropped(value, kept[key], path, dropped);
      path.pop();
    }
  }
}

/**
 * Serializes through the route's zod schema. A field the schema does not name is never sent: outside production
 * the answer fails (500, the error logged), so every API test holds its route to its schema; in production the
 * field is stripped and a warning logged, and the customer gets the answer.
 */
export function contractSerializerCompiler(options: { strict: boolean; log: FastifyBaseLogger }): FastifySerializerCompiler<$ZodType> {
  return ({ schema, method, url }) => {
    // Compiled once per route and status (decision 079): an answer it can vouch for is checked and copied in one
    // pass; anything else goes the full way below, which names every problem.
    const encode = compileEncoder(schema);
    return (data: unknown) => {
      const encoded = encode(data);
      if (encoded !== UNPROVEN) return JSON.stringify(encoded);
      const result = safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const extra = droppedFields(data, result.data);
      if (extra.length > 0) {
        if (options.strict) throw new ResponseContractError(method, url, extra);
        options.log.warn({ method, url, fields: extra }, 'response fields not in the schema were not sent');
      }
      return JSON.stringify(result.data);
    };
  };
}

function declaredReply(route: RouteOptions): RouteReply {
  const reply = route.config?.reply ?? 'json';
  if (!ROUTE_REPLIES.includes(reply)) {
    throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown reply kind: ${String(reply)}`);
  }
  return reply;
}

/**
 * Installs the contract on the app, before any route is added: the serializer, the shared error schema on every
 * route, and the route table the contract test reads.
 */
export function registerResponseContract(app: FastifyInstance, options: { strict: boolean }): void {
  app.setSerializerCompiler(contractSerializerCompiler({ strict: options.strict, log: app.log }));
  const table: RouteContractEntry[] = [];
  app.decorate('routeContracts', table);
  app.addHook('onRoute', (route) => {
    const reply = declaredReply(route);
    const schema: FastifySchema = route.schema ?? {};
    const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
    // better-auth's answers (any status, sometimes an empty body) pass through untouched; the error hook of
    // server/plugins/errors.ts still turns a bodiless error into `{ message }`.
    if (reply !== 'proxy') {
      response['4xx'] ??= apiErrorSchema;
      response['5xx'] ??= apiErrorSchema;
      route.schema = { ...schema, response };
    }
    const statuses = Object.keys(response);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, reply, statuses });
  });
}
