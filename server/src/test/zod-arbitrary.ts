// fast-check arbitraries built from zod 4 schemas, for the fuzzing suite (trpc/fuzz.test.ts).
// `zod-fast-check` targets zod 3; zod 4 keeps each schema's definition under `schema._zod.def`
// (the same walk as trpc/ownership-matrix.test.ts), and this file reads it:
//
// - `zodArbitrary(schema)` generates what the schema's *input* side accepts (a pipe or a
//   transform is generated from its input), as often as constraints allow: refinements
//   (`.refine`, `.superRefine`) cannot be read, so some generated values are still refused.
// - With `hostile`, any node may instead hold a hostile value (`HOSTILE_VALUE`): wrong types,
//   huge strings, deep nesting, tricky Unicode, null bytes, boundary numbers. Most of the input
//   stays valid, so the hostile part reaches as far as validation lets it.
//
// Values are what JSON can carry (plus `undefined`, i.e. an absent key), with one exception
// JSON allows in practice: ±Infinity, which a JSON number such as 1e999 parses to. No NaN.
import fc from 'fast-check';

export type ZodArbitraryOptions = {
  /** Known ids mixed into uuid fields: a real row reaches deeper than a random uuid. */
  uuids?: readonly string[];
  /** Known e-mail addresses mixed into e-mail fields. */
  emails?: readonly string[];
  /** Replace any node, now and then, by a hostile value. */
  hostile?: boolean;
};

/** A zod 4 definition as stored at `schema._zod.def`: a `type` and type-specific fields. */
type Def = { type: string } & Record<string, unknown>;
type Check = { check: string } & Record<string, unknown>;

const defOf = (schema: unknown): Def => {
  const def = (schema as { _zod?: { def?: Def } } | null | undefined)?._zod?.def;
  if (!def) throw new Error('zodArbitrary: not a zod 4 schema');
  return def;
};

/** `optional`, `default`…: the key may be absent from its object. */
const isOptionalKey = (schema: unknown) => (schema as { _zod: { optin?: string } })._zod.optin === 'optional';

/**
 * The checks of a def. A format schema such as `z.uuid()` or `z.int()` is itself a check (its
 * def has `check`), besides the ones chained on it (`def.checks`, each a schema-like object).
 */
function checksOf(def: Def): Check[] {
  const own = typeof def.check === 'string' ? [def as unknown as Check] : [];
  const chained = ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);
  return [...own, ...chained];
}

// --- Hostile values ------------------------------------------------------------------------

/** Numbers at the edges: JSON carries every one of them (1e999 parses to Infinity, -0 to -0). */
export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  0.1 + 0.2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  Number.MIN_SAFE_INTEGER - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Infinity,
  -Infinity,
];

/**
 * Short strings that break naive code, by kind. Kinds are drawn evenly, then a string of the
 * kind, so a kind with few members (NUL) comes up as often as a long one.
 */
export const HOSTILE_TEXT = {
  control: ['\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\t\r\n'],
  unicode: [
    '\u202Egnp.exe', // right-to-left override
    'שלום עולם', // Hebrew (RTL)
    'مرحبا بالعالم', // Arabic (RTL)
    '👨‍👩‍👧‍👦', // ZWJ emoji sequence
    '👍🏽🇻🇪',
    'Z̴̡̪̈́a̸̢̛l̷̰̆g̶̱̈o̵̧̓', // stacked combining marks
    'e\u0301', // decomposed é
    '\u200B\u200C\u200D\uFEFF', // zero-width characters and BOM
    '\uD800', // lone high surrogate
    'x\uDFFFx', // lone low surrogate
    'İıßﬃ', // case mapping that changes length
    '漢字テスト',
  ],
  injection: [
    "' OR '1'='1",
    "'); DROP TABLE users; --",
    '%_\\',
    '$1 $$ :name ?',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    "=1+cmd|' /C calc'!A0",
  ],
  dates: [
    '2024-02-30',
    '0000-00-00',
    '0000-01-01',
    '9999-12-31',
    '275760-09-14',
    'infinity',
    '-infinity',
    'epoch',
    'NaN',
    '1e999',
  ],
  ids: [
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    '{12345678-1234-4234-9234-123456789012}',
    'a@b.co',
    'ñandú@ejemplo.com',
  ],
  words: ['', ' ', '__proto__', 'constructor', 'null', 'undefined', 'true'],
} as const;

export const HOSTILE_STRINGS: readonly string[] = Object.values(HOSTILE_TEXT).flat();

const hostileText = fc.oneof(...Object.values(HOSTILE_TEXT).map((kind) => fc.constantFrom(...kind)));

/** `depth` levels of nesting, alternating arrays and objects. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'fondo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const hugeString = fc
  .constantFrom(10_001, 100_000, 1_000_000)
  .chain((n) =>
    fc.constantFrom('a'.repeat(n), 'ñ'.repeat(n), '😀'.repeat(Math.ceil(n / 2)), 'a\u0000'.repeat(Math.ceil(n / 2))),
  );

/** An object whose own keys are `__proto__` and `constructor`, as JSON.parse makes them. */
const pollutingObject = fc
  .constant(null)
  .map(() => JSON.parse('{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}'));

/** Any hostile value, of any type: what a node is replaced with in hostile mode. */
export const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, false, [], {}, [null], { '': null }),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  hostileText,
  { arbitrary: hugeString, weight: 1 },
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(10, 1_000, 5_000).map(deeplyNested),
  fc.constantFrom(1_000, 10_000).map((n) => Array.from({ length: n }, (_, i) => i)),
  pollutingObject,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Strings of a bounded length that still carry something hostile. */
function hostileStringWithin(min: number, max: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      hostileText,
      hostileText.map((s) => `Texto ${s} fin`),
    )
    .map((s) => fitLength(s, min, max));
}

/** Cuts or pads a string to [min, max] code points: what zod 4's min/max count, as PostgreSQL does. */
function fitLength(s: string, min: number, max: number): string {
  const points = Array.from(s);
  if (points.length > max) return points.slice(0, max).join('');
  return points.length < min ? s + 'x'.repeat(min - points.length) : s;
}

// --- Valid values --------------------------------------------------------------------------

const SPANISH_WORDS = [
  'Caracas',
  'Valencia',
  'Ana Pérez',
  'Av. Bolívar',
  'Zapatos',
  'Maracaibo',
  'ñandú',
  'Calle 5 #12-3',
];

function stringArbitrary(def: Def, options: ZodArbitraryOptions): fc.Arbitrary<string> {
  const [min, max] = stringBounds(def);
  const formats = checksOf(def).filter((c) => c.check === 'string_format');
  // `.trim()`, `.toLowerCase()`…: zod rewrites the value before the length checks that follow.
  const overwrites = checksOf(def)
    .filter((c) => c.check === 'overwrite')
    .map((c) => c.tx as (s: string) => string);
  const rewritten = (s: string) => overwrites.reduce((v, tx) => tx(v), s);
  const fit = (s: string) => {
    const out = fitLength(s, min, max);
    if (Array.from(rewritten(out)).length >= min) return out;
    // Trimming left it too short: pad what remains with letters, which trimming keeps.
    return fitLength(rewritten(out) + 'x'.repeat(min), min, max);
  };
  const format = formats[0];
  if (format?.format === 'uuid' || format?.format === 'guid') {
    return options.uuids?.length ? fc.oneof(fc.uuid(), fc.constantFrom(...options.uuids)) : fc.uuid();
  }
  if (format?.format === 'email') {
    const simple = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9]{0,12}(?:[._+-][a-z0-9]{1,8}){0,2}$/),
        fc.constantFrom('ejemplo.com', 'correo.ve', 'mail.example.org'),
      )
      .map(([local, domain]) => `${local}@${domain}`);
    const all = options.emails?.length ? fc.oneof(simple, fc.constantFrom(...options.emails)) : simple;
    // Cutting an address would break it: drop the ones too long instead.
    return all.filter((e) => e.length >= min && e.length <= max);
  }
  if (format && format.pattern instanceof RegExp) {
    // Every other format (regex, date, datetime, starts_with…) carries the pattern it checks.
    return fc.stringMatching(format.pattern, { maxLength: Number.isFinite(max) ? max : 200 });
  }
  const upper = Number.isFinite(max) ? max : Math.max(min, 60);
  const boundaries = [fitLength('', min, max), fitLength('Ñ'.repeat(upper), min, max)];
  return fc
    .oneof(
      {
        arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(upper, min + 40) }),
        weight: 3,
      },
      { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(upper, min + 20) }), weight: 2 },
      { arbitrary: fc.constantFrom(...SPANISH_WORDS), weight: 2 },
      // Date-like text, for the fields that take a date as a string and check it in a refinement.
      { arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), weight: 1 },
      // Exactly the shortest and the longest the schema allows: a narrower column fails here.
      { arbitrary: fc.constantFrom(...boundaries), weight: 1 },
    )
    .map(fit);
}

/** The nearest representable double above (or below) x, for exclusive bounds. */
function nextDouble(x: number, direction: 1 | -1): number {
  if (x === 0) return direction * Number.MIN_VALUE;
  const buffer = new Float64Array([x]);
  const bits = new BigInt64Array(buffer.buffer);
  bits[0] += x > 0 === direction > 0 ? 1n : -1n;
  return buffer[0]!;
}

const INTEGER_FORMATS: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let lo = -Number.MAX_VALUE;
  let hi = Number.MAX_VALUE;
  let isInteger = false;
  let step: number | null = null;
  for (const c of checksOf(def)) {
    const value = c.value as number;
    if (c.check === 'greater_than') lo = Math.max(lo, c.inclusive ? value : nextDouble(value, 1));
    else if (c.check === 'less_than') hi = Math.min(hi, c.inclusive ? value : nextDouble(value, -1));
    else if (c.check === 'multiple_of') step = value;
    else if (c.check === 'number_format' && INTEGER_FORMATS[c.format as string]) {
      isInteger = true;
      const [fmin, fmax] = INTEGER_FORMATS[c.format as string]!;
      lo = Math.max(lo, fmin);
      hi = Math.min(hi, fmax);
    }
  }
  if (isInteger) {
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
  }
  if (lo > hi) return fc.constant(lo);
  // Values people type (and page sizes a refinement may want) before random ones.
  const common = [0, 1, 2, 3, 10, 25, 50, 100, 1000, lo, hi].filter(
    (n) => n >= lo && n <= hi && (!isInteger || Number.isInteger(n)),
  );
  const random = isInteger
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const arb = fc.oneof(fc.constantFrom(...common), random);
  if (step === null) return arb;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return arb.map((n) => Number((Math.round(n / step!) * step!).toFixed(decimals)));
}

const WRAPPERS = new Set([
  'optional',
  'default',
  'prefault',
  'nullable',
  'catch',
  'readonly',
  'nonoptional',
  'pipe',
  'lazy',
]);

/**
 * The arbitrary of one node. `depth` only bounds `z.lazy` recursion; every other schema is a
 * finite tree.
 */
function build(schema: unknown, options: ZodArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const valid = buildValid(schema, options, depth);
  const def = defOf(schema);
  // Wrappers pass hostility on to what they wrap; wrapping both would double the odds.
  if (!options.hostile || WRAPPERS.has(def.type)) return valid;
  // Type-aware hostility first (a NUL inside a string of the right length, a boundary number),
  // then hostility of any type.
  const typed: fc.Arbitrary<unknown>[] =
    def.type === 'string' && !checksOf(def).some((c) => c.check === 'string_format')
      ? [hostileStringWithin(...stringBounds(def))]
      : def.type === 'number'
        ? [fc.constantFrom(...BOUNDARY_NUMBERS)]
        : [];
  return fc.oneof({ arbitrary: valid, weight: 12 }, ...typed.map((arbitrary) => ({ arbitrary, weight: 2 })), {
    arbitrary: HOSTILE_VALUE,
    weight: 1,
  });
}

function stringBounds(def: Def): [number, number] {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    else if (c.check === 'length_equals') min = max = c.length as number;
  }
  return [min, max];
}

function buildValid(schema: unknown, options: ZodArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => build(s, options, depth);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      // A default fills an absent value: absent is as valid as present.
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
      return inner(def.innerType);
    case 'nonoptional':
      return inner(def.innerType).filter((v) => v !== undefined);
    case 'pipe':
      // What goes in is what the caller sends; `out` (a transform, another schema) sees it later.
      return inner(def.in);
    case 'transform':
      // A bare transform accepts anything.
      return fc.jsonValue({ maxDepth: 2 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, inner(shape[k])]));
      const requiredKeys = keys.filter((k) => !isOptionalKey(shape[k]));
      return fc.record(model, { requiredKeys, noNullPrototype: true });
    }
    case 'array': {
      const [min, max] = stringBounds(def);
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.min(max, min + 5) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([l, r]) => (isPlainObject(l) && isPlainObject(r) ? { ...l, ...r } : l));
    case 'record':
      return fc.dictionary(inner(def.keyType) as fc.Arbitrary<string>, inner(def.valueType), {
        maxKeys: 5,
        noNullPrototype: true,
      });
    case 'lazy':
      return depth > 4 ? fc.constant(undefined) : build((def.getter as () => unknown)(), options, depth + 1);
    case 'custom':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      // A new kind of schema in an input: teach this builder about it rather than guess.
      throw new Error(`zodArbitrary: unsupported zod type "${def.type}"`);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values the schema's input side accepts (refinements aside); see the file comment. */
export function zodArbitrary(schema: unknown, options: ZodArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, options, 0);
}
