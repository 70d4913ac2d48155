import type { $ZodType } from 'zod/v4/core';

/**
 * The response contract's fast path (decision 079): a route's response schema compiled once into a function that
 * checks an answer and copies what the schema declares, in one pass, without zod's per-field bookkeeping (a result
 * object per field, and for every field with checks a second pass, zod's encode "canary").
 *
 * It answers `UNPROVEN` whenever it cannot be sure: a node kind or check it does not know, a value that fails, a
 * field the schema does not declare (with a value), an object that is not a plain one. The serializer then takes the
 * full path (zod's encode and the walk for undeclared fields, server/plugins/contract.ts), so every error and warning
 * is zod's and the walk's, as before. When it answers a copy, that copy is what zod's encode gives for the same
 * answer, with the same keys in the same order (values undefined, which JSON leaves out, aside), and the answer has
 * no undeclared field the walk would name: contract-encoder.test.ts holds it to zod on every route's schema.
 */
export const UNPROVEN: unique symbol = Symbol('unproven');
export type CompiledEncoder = (value: unknown) => unknown;

/** What the compiler reads of a zod schema's internals (zod 4's `_zod`). */
interface Node {
  _zod: {
    def: {
      type: string;
      checks?: Check[];
      coerce?: boolean;
      shape?: Record<string, Node>;
      catchall?: Node;
      element?: Node;
      innerType?: Node;
    };
    traits: Set<string>;
    values?: Set<unknown>;
    optin?: 'optional' | 'defaulted';
    optout?: 'optional';
    check?: (payload: Payload) => unknown;
  };
}
interface Check {
  _zod: { def: { check: string }; check: (payload: Payload) => unknown };
}
interface Payload {
  value: unknown;
  issues: unknown[];
}

/**
 * Checks whose zod implementation only reads the value (a pattern, a bound, a length) and is run as it is, so its
 * meaning is zod's. Not here, so never on the fast path: `overwrite` (trim, lower-case: it changes the value),
 * `custom` (refinements: any code) and anything newer.
 */
const READ_ONLY_CHECKS = new Set(['string_format', 'number_format', 'less_than', 'greater_than', 'multiple_of', 'max_length', 'min_length', 'length_equals']);

const never: CompiledEncoder = () => UNPROVEN;
const compiled = new WeakMap<Node, CompiledEncoder>();

/** The schema's encoder, compiled on first use and kept with the schema (sub-schemas shared by routes compile once). */
export function compileEncoder(schema: $ZodType): CompiledEncoder {
  return compileNode(schema as unknown as Node);
}

function compileNode(node: Node): CompiledEncoder {
  const known = compiled.get(node);
  if (known) return known;
  // While it compiles, a schema that contains itself (a getter in a shape) finds a forwarder to its finished encoder.
  compiled.set(node, (value) => compiled.get(node)!(value));
  const encoder = build(node);
  compiled.set(node, encoder);
  return encoder;
}

function build(node: Node): CompiledEncoder {
  const { def, traits } = node._zod;
  const checks = [...(traits.has('$ZodCheck') ? [node as unknown as Check] : []), ...(def.checks ?? [])];
  if (def.coerce || !checks.every((c) => READ_ONLY_CHECKS.has(c._zod.def.check))) return never;
  const passes = checksOf(checks);
  switch (def.type) {
    case 'string':
      if (checks.length === 0) return (value) => (typeof value === 'string' ? value : UNPROVEN);
      return (value) => (typeof value === 'string' && passes(value) ? value : UNPROVEN);
    case 'number':
      if (checks.length === 0) return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : UNPROVEN);
      return (value) => (typeof value === 'number' && Number.isFinite(value) && passes(value) ? value : UNPROVEN);
    case 'boolean':
      return checks.length === 0 ? (value) => (typeof value === 'boolean' ? value : UNPROVEN) : never;
    case 'null':
      return checks.length === 0 ? (value) => (value === null ? value : UNPROVEN) : never;
    case 'enum':
    case 'literal': {
      const values = node._zod.values;
      return values && checks.length === 0 ? (value) => (values.has(value) ? value : UNPROVEN) : never;
    }
    case 'nullable': {
      if (checks.length > 0 || !def.innerType) return never;
      const inner = compileNode(def.innerType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      if (checks.length > 0 || !def.innerType) return never;
      const inner = compileNode(def.innerType);
      // exactOptional takes no undefined; a defaulted inner type makes zod try it on undefined first.
      const takesUndefined = !traits.has('$ZodExactOptional') && def.innerType._zod.optin !== 'defaulted';
      return (value) => (value === undefined ? (takesUndefined ? undefined : UNPROVEN) : inner(value));
    }
    case 'default':
    case 'prefault':
      // Encoding (zod's backward direction) never fills a default: the value goes to the inner type as it is.
      return checks.length === 0 && def.innerType ? compileNode(def.innerType) : never;
    case 'array': {
      if (!def.element) return never;
      const element = compileNode(def.element);
      return (value) => {
        if (!Array.isArray(value)) return UNPROVEN;
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i += 1) {
          const item = element(value[i]);
          if (item === UNPROVEN) return UNPROVEN;
          out[i] = item;
        }
        return passes(out) ? out : UNPROVEN;
      };
    }
    case 'object':
      return checks.length === 0 ? buildObject(node) : never;
    default:
      // union, pipe, transform, record, tuple, date, unknown, lazy, …: zod decides.
      return never;
  }
}

/** Runs zod's own checks on a value that has the right type: passes when none adds an issue or changes the value. */
function checksOf(checks: Check[]): (value: unknown) => boolean {
  if (checks.length === 0) return () => true;
  const payload: Payload = { value: undefined, issues: [] };
  return (value) => {
    for (const check of checks) {
      payload.value = value;
      payload.issues.length = 0;
      const result = check._zod.check(payload);
      if (result instanceof Promise || payload.issues.length > 0 || payload.value !== value) {
        payload.issues.length = 0;
        return false;
      }
    }
    return true;
  };
}

/**
 * A JavaScript test of `v` for the leaves that need no call (no checks: a type, null, an enum's values), else null.
 * `sets` collects the value sets the test reads.
 */
function inlineTest(node: Node, v: string, sets: Set<unknown>[]): string | null {
  const { def, traits } = node._zod;
  if (def.coerce || traits.has('$ZodCheck') || (def.checks?.length ?? 0) > 0) return null;
  switch (def.type) {
    case 'string':
      return `typeof ${v} === 'string'`;
    case 'number':
      return `(typeof ${v} === 'number' && Number.isFinite(${v}))`;
    case 'boolean':
      return `typeof ${v} === 'boolean'`;
    case 'null':
      return `${v} === null`;
    case 'enum':
    case 'literal':
      if (!node._zod.values) return null;
      sets.push(node._zod.values);
      return `sets[${sets.length - 1}].has(${v})`;
    case 'nullable': {
      const inner = def.innerType && inlineTest(def.innerType, v, sets);
      return inner ? `(${v} === null || ${inner})` : null;
    }
    default:
      return null;
  }
}

/**
 * An object schema's encoder, generated as one function (as zod's own object parser is): each field read by its
 * name, the simple ones tested in place, and the copy built as one literal in the schema's key order. An absent
 * optional field is undefined in the copy, which JSON leaves out as zod's copy leaves it out.
 */
function buildObject(node: Node): CompiledEncoder {
  const { shape, catchall } = node._zod.def;
  // A catchall (strictObject, looseObject) keeps or refuses unknown keys: zod decides.
  if (!shape || catchall || Object.getOwnPropertySymbols(shape).length > 0) return never;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return never;
  const declared = new Set(keys);
  // Generated on first use, so a schema that contains itself has finished compiling by then.
  let generated: CompiledEncoder | null = null;
  const generate = (): CompiledEncoder => {
    const sets: Set<unknown>[] = [];
    const encoders: CompiledEncoder[] = [];
    const lines: string[] = [];
    keys.forEach((key, i) => {
      const field = shape[key]!;
      const name = JSON.stringify(key);
      const test = inlineTest(field, `f${i}`, sets);
      let check: string;
      if (test) check = `if (!(${test})) return UNPROVEN;`;
      else {
        encoders.push(compileNode(field));
        check = `f${i} = encoders[${encoders.length - 1}](f${i}); if (f${i} === UNPROVEN) return UNPROVEN;`;
      }
      // zod's object leaves an absent field out, whatever its type says of undefined, when it is optional in and out;
      // it refuses an absent required field even when its type takes undefined (z.literal(undefined)).
      const { optin, optout } = field._zod;
      if (optin === 'optional' && optout === 'optional') lines.push(`let f${i}; if (${name} in input) { f${i} = input[${name}]; ${check} }`);
      else if (optin === undefined) lines.push(`let f${i} = input[${name}]; if (f${i} === undefined && !(${name} in input)) return UNPROVEN; ${check}`);
      else lines.push(`let f${i} = input[${name}]; ${check}`);
    });
    const body = [
      'return function encodeObject(input) {',
      "if (input === null || typeof input !== 'object') return UNPROVEN;",
      'const proto = Object.getPrototypeOf(input);',
      'if (proto !== Object.prototype && proto !== null) return UNPROVEN;',
      // An undeclared key with a value: the full path names it (a 500 outside production, a warning in it).
      // (for…in also sees inherited enumerable keys, which JSON leaves out: stricter than needed, never looser.)
      'for (const key in input) if (!declared.has(key) && input[key] !== undefined) return UNPROVEN;',
      ...lines,
      `return { ${keys.map((key, i) => `${JSON.stringify(key)}: f${i}`).join(', ')} };`,
      '};',
    ].join('\n');
    // Generated from the schema's own keys, each quoted by JSON.stringify; nothing from a request goes into the code.
    // Where code generation is off (node --disallow-code-generation-from-strings), zod decides every answer.
    try {
      return new Function('UNPROVEN', 'declared', 'sets', 'encoders', body)(UNPROVEN, declared, sets, encoders) as CompiledEncoder;
    } catch {
      return never;
    }
  };
  return (value) => (generated ??= generate())(value);
}
