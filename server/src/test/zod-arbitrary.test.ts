// The zod 4 → fast-check bridge of the fuzzing suite: what it generates is what the schema
// accepts (valid mode), hostile mode mixes in what it must refuse, and a schema it cannot read
// is an error rather than a guess.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUNDARY_NUMBERS, deeplyNested, HOSTILE_STRINGS, zodArbitrary } from './zod-arbitrary';

const SEED = 4242;
const sample = (arb: fc.Arbitrary<unknown>, n = 300) => fc.sample(arb, { seed: SEED, numRuns: n });

const KNOWN_ID = '0b9f2c8e-5d4a-4c3b-9a1e-7f6d5c4b3a21';

/** One schema of each kind the builder reads, every constraint it understands, no refinements. */
const everything = z
  .object({
    name: z.string().trim().min(2).max(12),
    code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
    exact: z.string().length(4),
    id: z.uuid(),
    email: z.email(),
    legacyEmail: z.string().email().max(40),
    day: z.iso.date(),
    at: z.iso.datetime(),
    page: z.number().int().min(1).max(500),
    ratio: z.number().gt(0).lt(1),
    price: z.number().min(0).max(10_000).multipleOf(0.01),
    count: z.int().nonnegative(),
    status: z.enum(['pending', 'done']),
    kind: z.literal('fixed'),
    note: z.string().max(5).optional(),
    maybe: z.number().nullable(),
    either: z.string().nullish(),
    size: z.number().int().default(25),
    trimmed: z
      .string()
      .max(10)
      .transform((s) => s.toUpperCase()),
    tags: z.array(z.string().min(1).max(3)).min(1).max(4),
    choice: z.union([z.literal(''), z.number().int().positive()]),
    tagged: z.discriminatedUnion('t', [
      z.object({ t: z.literal('a'), a: z.boolean() }),
      z.object({ t: z.literal('b'), b: z.string() }),
    ]),
    map: z.record(z.string().max(8), z.boolean()),
    both: z.intersection(z.object({ x: z.number().int() }), z.object({ y: z.string() })),
    flag: z.boolean(),
    fallback: z.enum(['asc', 'desc']).optional().catch(undefined),
  })
  .strict();

describe('zodArbitrary (valid mode)', () => {
  it('generates only values the schema accepts', () => {
    fc.assert(
      fc.property(zodArbitrary(everything), (value) => {
        const result = everything.safeParse(value);
        if (!result.success) throw new Error(`${JSON.stringify(value)}: ${result.error.message}`);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('reaches every option: absent and present optionals, each union member, the length bounds', () => {
    const values = sample(zodArbitrary(everything), 500) as Record<string, any>[];
    expect(values.some((v) => !('note' in v))).toBe(true);
    expect(values.some((v) => typeof v.note === 'string')).toBe(true);
    expect(values.some((v) => v.maybe === null)).toBe(true);
    expect(values.some((v) => typeof v.maybe === 'number')).toBe(true);
    expect(values.some((v) => v.size === undefined || !('size' in v))).toBe(true);
    expect(new Set(values.map((v) => v.status))).toEqual(new Set(['pending', 'done']));
    expect(values.some((v) => v.choice === '')).toBe(true);
    expect(values.some((v) => typeof v.choice === 'number')).toBe(true);
    expect(new Set(values.map((v) => v.tagged.t))).toEqual(new Set(['a', 'b']));
    // The longest a field may be, to catch a database column narrower than its schema.
    expect(values.some((v) => v.name.length === 12)).toBe(true);
    expect(values.some((v) => v.page === 500)).toBe(true);
    expect(values.some((v) => v.page === 1)).toBe(true);
  });

  it('mixes known ids and e-mails into uuid and e-mail fields', () => {
    const schema = z.object({ id: z.uuid(), email: z.email() });
    const values = sample(zodArbitrary(schema, { uuids: [KNOWN_ID], emails: ['ana@ejemplo.com'] })) as {
      id: string;
      email: string;
    }[];
    expect(values.some((v) => v.id === KNOWN_ID)).toBe(true);
    expect(values.some((v) => v.id !== KNOWN_ID)).toBe(true);
    expect(values.some((v) => v.email === 'ana@ejemplo.com')).toBe(true);
  });

  it('refuses a schema kind it does not know instead of guessing', () => {
    expect(() => zodArbitrary(z.object({ n: z.bigint() }))).toThrow('unsupported zod type "bigint"');
    expect(() => zodArbitrary(z.map(z.string(), z.string()))).toThrow('unsupported zod type "map"');
    expect(() => zodArbitrary('not a schema')).toThrow('not a zod 4 schema');
  });
});

describe('zodArbitrary (hostile mode)', () => {
  const schema = z.object({ name: z.string().min(1).max(50), amount: z.number().min(0), id: z.uuid() });
  const values = sample(zodArbitrary(schema, { hostile: true }), 1_000) as Record<string, unknown>[];
  const fields = values.flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : [v]));

  it('keeps most inputs valid and makes some invalid', () => {
    const accepted = values.filter((v) => schema.safeParse(v).success).length;
    expect(accepted).toBeGreaterThan(values.length * 0.2);
    expect(accepted).toBeLessThan(values.length * 0.9);
  });

  it('puts NUL bytes, right-to-left text and boundary numbers where strings and numbers go', () => {
    const strings = fields.filter((f): f is string => typeof f === 'string');
    expect(strings.some((s) => s.includes('\u0000') && s.length <= 50)).toBe(true);
    expect(strings.some((s) => s.includes('\u202E'))).toBe(true);
    expect(strings.some((s) => s.length >= 10_001)).toBe(true);
    expect(fields).toContain(Infinity);
    expect(fields.some((f) => Object.is(f, -0))).toBe(true);
    expect(fields).toContain(Number.MAX_SAFE_INTEGER + 1);
    expect(fields).toContain(null);
  });

  it('never produces what JSON cannot carry: NaN, functions, symbols, bigints', () => {
    const bad: unknown[] = [];
    const visit = (v: unknown, depth: number): void => {
      if (depth > 10_000) return;
      if (Number.isNaN(v) || ['function', 'symbol', 'bigint'].includes(typeof v)) bad.push(v);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x, depth + 1);
    };
    for (const v of values) visit(v, 0);
    expect(bad).toEqual([]);
  });

  it('has the catalogue of hostile values the suite promises', () => {
    expect(BOUNDARY_NUMBERS).toEqual(expect.arrayContaining([Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1, 1e308]));
    expect(BOUNDARY_NUMBERS.some((n) => Object.is(n, -0))).toBe(true);
    expect(HOSTILE_STRINGS).toEqual(expect.arrayContaining(['a\u0000b', '\uD800']));
    let depth = 0;
    for (let v: unknown = deeplyNested(1_000); v !== 'fondo'; v = Array.isArray(v) ? v[0] : (v as { a: unknown }).a)
      depth++;
    expect(depth).toBe(1_000);
  });
});
