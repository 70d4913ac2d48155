import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-error';

export const NUL_MESSAGE = 'Text cannot contain NUL characters (U+0000)';
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';
/** No request this API takes nests deeper than a few levels; anything past this is an attack on a parser. */
export const MAX_INPUT_DEPTH = 16;

export type InputProblem = 'nul' | 'too-deep' | null;

/**
 * Looks through every string (keys included) of a parsed request part. Iterative, so a deeply nested body
 * cannot overflow the stack here; Buffers (raw uploads, the Stripe webhook) are bytes, not text, and are skipped.
 */
export function inputProblem(value: unknown): InputProblem {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul';
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'too-deep';
    if (Array.isArray(item)) {
      for (const element of item) stack.push({ item: element, depth: depth + 1 });
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push({ item: element, depth: depth + 1 });
    }
  }
  return null;
}

/** Callback style: an async hook costs every request a promise and a turn of the microtask queue (decision 071). */
function refuseHostileInput(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  for (const part of [request.params, request.query, request.body]) {
    const problem = inputProblem(part);
    if (problem === 'nul') return done(badRequest(NUL_MESSAGE));
    if (problem === 'too-deep') return done(badRequest(TOO_DEEP_MESSAGE));
  }
  done();
}

/**
 * PostgreSQL text cannot hold U+0000, and deep nesting overflows recursive code (validators, JSON.stringify).
 * One root hook, added before any route, checks every route's params, query string and JSON body, so routes
 * added later are covered too. It runs after each route's own onRequest checks (sign-in, admin) and before
 * schema validation.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', refuseHostileInput);
}
