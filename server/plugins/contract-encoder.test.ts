/**
 * The contract's fast path (decision 079) against zod: whenever the compiled encoder vouches for an answer, zod's
 * encode accepts it too, the walk finds no undeclared field, and the JSON is byte for byte the same. Whenever it
 * does not, the serializer takes zod's path, so a miss costs time, never a guarantee.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { submissionListSchema } from '../../shared/submission.schema';
import { droppedFields } from './contract';
import { compileEncoder, UNPROVEN } from './contract-encoder';

/** What zod's path sends, or null where it refuses (an invalid answer, or an undeclared field). */
function zodAnswer(schema: $ZodType, value: unknown): string | null {
  const result = safeEncode(schema, value);
  if (!result.success || droppedFields(value, result.data).length > 0) return null;
  return JSON.stringify(result.data);
}

/** The fast path's answer, or UNPROVEN; and when it answers, it must be zod's. */
function fastAnswer(schema: $ZodType, value: unknown): string | typeof UNPROVEN {
  const encoded = compileEncoder(schema)(value);
  if (encoded === UNPROVEN) return UNPROVEN;
  const json = JSON.stringify(encoded);
  expect(json, 'the fast path answered what zod would not send').toBe(zodAnswer(schema, value));
  return json;
}

describe('the compiled encoder', () => {
  const item = z.object({
    id: z.string(),
    count: z.number().int().nonnegative(),
    at: z.iso.datetime(),
    when: z.iso.datetime().nullable(),
    kind: z.enum(['a', 'b']),
    flag: z.boolean(),
    note: z.string().optional(),
    tags: z.array(z.object({ name: z.string() })),
    total: z.number().default(0),
  });
  const good = { id: 'x', count: 2, at: '2026-11-28T10:00:00.000Z', when: null, kind: 'a', flag: true, tags: [{ name: 't' }], total: 1 };

  it('answers a valid answer as zod does, in the schema order whatever the order of the handler', () => {
    expect(fastAnswer(item, good)).not.toBe(UNPROVEN);
    const reordered = { tags: [{ name: 't' }], total: 1, flag: true, kind: 'a', when: null, at: good.at, count: 2, id: 'x', note: 'n' };
    expect(fastAnswer(item, reordered)).toBe(zodAnswer(item, { ...good, note: 'n' }));
    // An undeclared field without a value never leaves the server anyway, and an absent optional one stays out.
    expect(fastAnswer(item, { ...good, secret: undefined, note: undefined })).toBe(zodAnswer(item, good));
  });

  it('leaves to zod every answer it cannot vouch for', () => {
    const unproven: unknown[] = [
      { ...good, secret: 'x' },
      { ...good, tags: [{ name: 't', internal: 1 }] },
      { ...good, count: 1.5 },
      { ...good, count: -1 },
      { ...good, count: Number.NaN },
      { ...good, total: Number.POSITIVE_INFINITY },
      { ...good, at: 'yesterday' },
      { ...good, at: new Date() },
      { ...good, kind: 'c' },
      { ...good, flag: 'true' },
      { ...good, id: undefined },
      // Encoding fills no default: zod refuses the missing total too.
      { ...good, total: undefined },
      Object.assign(Object.create({ inherited: 1 }) as object, good),
      new (class Row {
        id = 'x';
      })(),
      [good],
      null,
      'text',
    ];
    for (const value of unproven) expect(compileEncoder(item)(value), JSON.stringify(value)).toBe(UNPROVEN);
    expect(fastAnswer(z.object({ a: z.literal(undefined) }), { a: undefined })).toBe('{}');
    // A null-prototype object is a plain one.
    expect(fastAnswer(item, Object.assign(Object.create(null) as object, good))).not.toBe(UNPROVEN);
  });

  it('leaves to zod the schemas it does not know: unions, transforms, trims, refinements, strict and loose objects', () => {
    const cases: [$ZodType, unknown][] = [
      [z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]), { a: 'x', b: 'y' }],
      [z.string().transform((s) => s.length), 'abc'],
      [z.string().trim(), ' a '],
      [z.string().refine((s) => s !== 'no'), 'yes'],
      [z.strictObject({ a: z.string() }), { a: 'x' }],
      [z.looseObject({ a: z.string() }), { a: 'x', b: 1 }],
      [z.object({ a: z.string() }).refine((o) => o.a !== ''), { a: 'x' }],
      [z.object({ a: z.exactOptional(z.string()) }), { a: undefined }],
      [z.record(z.string(), z.number()), { a: 1 }],
      [z.unknown(), { a: 1 }],
      // zod refuses an absent required field even when its type takes undefined.
      [z.object({ a: z.literal(undefined) }), {}],
    ];
    for (const [schema, value] of cases) expect(compileEncoder(schema)(value)).toBe(UNPROVEN);
  });

  it('vouches for a page of the dashboard list, the benchmark\'s answer', () => {
    const order = {
      id: 'B000000001', title: 'Submission 1', status: 'paid', serviceTier: 'polished', category: 'blog-post', wordCount: 150,
      fastTurnaround: false, amount: 12.5, amountPence: 1250, tone: '', targetAudience: '', englishVariant: 'british',
      contactName: 'Bench Customer', contactEmail: 'bench@example.com', contactPhone: '', contactWebsite: '', content: 'Text',
      instructions: '', additionalNotes: '', reviewedContent: null, reviewerNotes: null, attachmentMode: null, documentLink: null,
      noCheckableClaims: false, documents: [], createdAt: '2026-11-28T10:00:00.000Z', paidAt: null, dueDate: null, completedAt: null,
      refundedPence: 0, cancellableUntil: null, revisionAvailableUntil: null, revisionRequestedAt: null, revisionMessage: null,
      editorialResponsibility: null,
    };
    expect(fastAnswer(submissionListSchema, [order, { ...order, id: 'B000000002', placedBy: { name: 'A', email: 'a@example.com' } }])).not.toBe(
      UNPROVEN,
    );
  });
});

/** Every zod schema exported by shared/*.schema.ts: the response schemas of every route are among them. */
async function sharedSchemas(): Promise<[string, $ZodType][]> {
  const dir = path.resolve(import.meta.dirname, '../../shared');
  const found: [string, $ZodType][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.ts')).sort()) {
    const module = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && '_zod' in value) found.push([`${file} ${name}`, value as $ZodType]);
    }
  }
  return found;
}

interface Inside {
  _zod: {
    def: { type: string; shape?: Record<string, Inside>; element?: Inside; innerType?: Inside; checks?: { _zod: { def: { format?: string } } }[] };
    values?: Set<unknown>;
    traits: Set<string>;
  };
}

const junk = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date());

/**
 * Values near a schema. Clean ones follow it (optional fields present or not, any key order, an undeclared field
 * without a value); noisy ones also get wrong types, missing fields and undeclared fields with values.
 */
function near(schema: Inside, noisy: boolean, depth = 0): fc.Arbitrary<unknown> {
  const { def, traits } = schema._zod;
  const formats = [
    ...(traits.has('$ZodCheck') ? [(schema as unknown as { _zod: { def: { format?: string } } })._zod.def.format] : []),
    ...(def.checks ?? []).map((c) => c._zod.def.format),
  ];
  const inner = (node: Inside) => near(node, noisy, depth + 1);
  let valid: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      valid = formats.includes('datetime')
        ? fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString())
        : formats.includes('email')
          ? fc.emailAddress()
          : fc.string({ minLength: noisy ? 0 : 1, maxLength: 8 });
      break;
    case 'number':
      valid = noisy ? fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.constant(-0)) : fc.oneof(fc.nat(), fc.constant(-0));
      break;
    case 'boolean':
      valid = fc.boolean();
      break;
    case 'null':
      valid = fc.constant(null);
      break;
    case 'enum':
    case 'literal':
      valid = schema._zod.values?.size ? fc.constantFrom(...schema._zod.values) : junk;
      break;
    case 'nullable':
      valid = fc.oneof(fc.constant(null), inner(def.innerType!));
      break;
    case 'optional':
      valid = fc.oneof(fc.constant(undefined), inner(def.innerType!));
      break;
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      valid = inner(def.innerType!);
      break;
    case 'array':
      valid = fc.array(inner(def.element!), { maxLength: depth > 2 ? 1 : 3 });
      break;
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      valid = fc
        .tuple(
          fc.record(Object.fromEntries(keys.map((k) => [k, inner(shape[k]!)]))),
          fc.option(fc.constantFrom(...keys, 'toString'), { freq: 8 }),
          fc.option(fc.tuple(fc.constantFrom('secret', 'passwordHash', ...keys), noisy ? junk : fc.constant(undefined)), { freq: 3 }),
          fc.boolean(),
        )
        .map(([record, dropped, extra, reverse]) => {
          const out: Record<string, unknown> = { ...record };
          if (noisy && dropped) delete out[dropped];
          if (extra && !(extra[0] in out)) out[extra[0]] = extra[1];
          return reverse ? Object.fromEntries(Object.entries(out).reverse()) : out;
        });
      break;
    }
    default:
      valid = depth > 4 ? junk : fc.anything({ maxDepth: 1 });
  }
  return noisy ? fc.oneof({ arbitrary: valid, weight: 15 }, { arbitrary: junk, weight: 1 }) : valid;
}

describe('the compiled encoder and zod, on every shared schema', () => {
  it('answer the same whenever the compiled encoder answers', async () => {
    const schemas = await sharedSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    let vouched = 0;
    const perSchema: string[] = [];
    for (const [name, schema] of schemas) {
      const before = vouched;
      fc.assert(
        fc.property(fc.oneof(near(schema as unknown as Inside, false), near(schema as unknown as Inside, true)), (value) => {
          const encoded = compileEncoder(schema)(value);
          if (encoded === UNPROVEN) return;
          vouched += 1;
          expect(JSON.stringify(encoded), name).toBe(zodAnswer(schema, value));
        }),
        { numRuns: 60 },
      );
      perSchema.push(`${vouched - before} ${name} ${schema._zod.def.type}`);
    }
    // Not vacuous: most generated answers are valid, and the fast path vouches for many of them.
    expect(vouched).toBeGreaterThan(schemas.length * 10);
    const listLine = perSchema.find((line) => line.endsWith(' submission.schema.ts submissionListSchema array'));
    expect(Number(listLine?.split(' ')[0])).toBeGreaterThan(10);
  }, 120_000);
});
