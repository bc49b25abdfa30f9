// What may travel (docs/product/travel-rules.md): prohibited, restricted and permit-needing
// categories per mode with the words that reveal them in a description, the limits per piece and
// the quantity of identical items that makes a shipment commercial. Data with versions, like the
// price list: a change is a new version with the moment it takes effect, never an edit of the past.
// zod-free on purpose: the public FAQ imports it.
import { DRONE_WORDS, LITHIUM_BATTERY_WORDS, PHONE_ACCESSORY_WORDS, PHONE_WORDS } from '../vocabulary/goods';
import { matchesWords } from '../vocabulary/words';

// The normaliser is the shared vocabulary's (customs categories read descriptions the same way).
export { normalizeWords } from '../vocabulary/words';

/** The two ways a parcel travels (the ship request's 'aereo' and 'maritimo'). */
export type TravelMode = 'air' | 'sea';
/** The modes a category applies to. */
export const TRAVEL_RULE_MODES = ['air', 'sea', 'both'] as const;
export type TravelRuleModes = (typeof TRAVEL_RULE_MODES)[number];
/**
 * prohibited: it does not travel by that mode (a block); restricted: it travels with conditions
 * (a warning); permit: it needs a permit or document before it travels (a warning).
 */
export const TRAVEL_CATEGORY_KINDS = ['prohibited', 'restricted', 'permit'] as const;
export type TravelCategoryKind = (typeof TRAVEL_CATEGORY_KINDS)[number];

export type TravelCategory = {
  /** Stable within the rules: what a notification or a flag refers to. */
  id: string;
  name: string;
  kind: TravelCategoryKind;
  modes: TravelRuleModes;
  /** Words or phrases that reveal it in a description (accents and case ignored, whole words). */
  words: string[];
  /** Words that, present in the same description, clear it ('funda' in 'funda para teléfono'). */
  exceptWords: string[];
  /** Why, in Spanish, as the customer reads it. */
  reason: string;
  /** What the customer can do. */
  advice: string;
};

export type TravelLimits = {
  /** Heaviest piece, kg. */
  maxPieceWeightKg: number;
  /** Highest declared value per piece, USD cents. */
  maxDeclaredValueUsdCents: number;
};

export type TravelRules = {
  categories: TravelCategory[];
  limits: Record<TravelMode, TravelLimits>;
  /** This many identical items or more make a shipment commercial. */
  commercialQuantity: number;
};

/** One version as the API carries it. */
export type TravelRulesVersion = {
  id: string;
  number: number;
  /** The moment it takes effect (ISO). */
  effectiveAt: string;
  rules: TravelRules;
  cancelledAt: string | null;
};

/**
 * Version 1, seeded by the migration travel_rule_versions (the same values): a sensible set for a
 * forwarder from Miami and China to Venezuela. Every value is editable at /admin/reglas.
 */
export const TRAVEL_RULES_V1: TravelRules = {
  categories: [
    {
      id: 'baterias-litio',
      name: 'Baterías de litio sueltas',
      kind: 'prohibited',
      modes: 'air',
      words: [...LITHIUM_BATTERY_WORDS],
      exceptWords: [],
      reason: 'Las baterías de litio sueltas (no instaladas en un equipo) no pueden viajar por vía aérea.',
      advice: 'Envíalas por vía marítima o instaladas dentro del equipo que las usa.',
    },
    {
      id: 'aerosoles',
      name: 'Aerosoles',
      kind: 'prohibited',
      modes: 'air',
      words: ['aerosol', 'aerosoles', 'spray'],
      exceptWords: [],
      reason: 'Los aerosoles van presurizados y no pueden viajar por vía aérea.',
      advice: 'Envíalos por vía marítima.',
    },
    {
      id: 'inflamables',
      name: 'Inflamables',
      kind: 'prohibited',
      modes: 'both',
      words: [
        'inflamable',
        'inflamables',
        'gasolina',
        'thinner',
        'kerosene',
        'butano',
        'encendedor',
        'encendedores',
        'yesquero',
        'yesqueros',
        'fósforos',
        'pólvora',
        'fuegos artificiales',
      ],
      exceptWords: [],
      reason: 'Los líquidos y objetos inflamables no se transportan por ninguna vía.',
      advice: 'No lo envíes; si ya lo compraste, pide la devolución al vendedor.',
    },
    {
      id: 'armas',
      name: 'Armas y municiones',
      kind: 'prohibited',
      modes: 'both',
      words: [
        'arma de fuego',
        'armas de fuego',
        'arma blanca',
        'armas blancas',
        'revólver',
        'rifle',
        'escopeta',
        'munición',
        'municiones',
        'airsoft',
        'mira telescópica',
      ],
      exceptWords: [],
      reason: 'Las armas, sus partes, réplicas y municiones no pueden importarse por courier.',
      advice: 'No lo envíes; si ya lo compraste, pide la devolución al vendedor.',
    },
    {
      id: 'medicamentos',
      name: 'Medicamentos sin récipe',
      kind: 'restricted',
      modes: 'both',
      words: ['medicamento', 'medicamentos', 'medicina', 'medicinas', 'antibiótico', 'antibióticos'],
      exceptWords: [],
      reason:
        'Los medicamentos necesitan récipe médico vigente a nombre del destinatario; sin él, la aduana los retiene.',
      advice: 'Ten a mano el récipe y la factura, y envíanoslos antes de pedir el envío.',
    },
    {
      id: 'telefonos-maritimo',
      name: 'Teléfonos por vía marítima',
      kind: 'prohibited',
      modes: 'sea',
      words: [...PHONE_WORDS],
      exceptWords: [...PHONE_ACCESSORY_WORDS],
      reason: 'Los teléfonos celulares no viajan por vía marítima.',
      advice: 'Envíalo por vía aérea.',
    },
    {
      id: 'drones',
      name: 'Drones y radiocomunicación',
      kind: 'permit',
      modes: 'both',
      words: [...DRONE_WORDS],
      exceptWords: [],
      reason: 'Los drones y equipos de radiocomunicación necesitan permiso de la autoridad (INAC o CONATEL).',
      advice: 'Tramita el permiso y envíanos una copia antes de pedir el envío.',
    },
    {
      id: 'semillas-plantas',
      name: 'Semillas, plantas y alimentos frescos',
      kind: 'permit',
      modes: 'both',
      words: ['semilla', 'semillas', 'planta viva', 'plantas vivas', 'esqueje', 'esquejes', 'carne', 'queso'],
      exceptWords: [],
      reason: 'Las semillas, plantas y alimentos frescos necesitan permiso sanitario (INSAI).',
      advice: 'Tramita el permiso sanitario y envíanos una copia antes de pedir el envío.',
    },
  ],
  limits: {
    air: { maxPieceWeightKg: 50, maxDeclaredValueUsdCents: 200_000 },
    sea: { maxPieceWeightKg: 500, maxDeclaredValueUsdCents: 500_000 },
  },
  commercialQuantity: 6,
};

// --- Matching ---------------------------------------------------------------------------------

/**
 * Whether a description reveals a category: one of its words appears as whole words (accents and
 * case ignored) and none of its except-words does.
 */
export function matchesCategory(description: string, category: Pick<TravelCategory, 'words' | 'exceptWords'>) {
  return matchesWords(description, category);
}

export const appliesTo = (modes: TravelRuleModes, mode: TravelMode) => modes === 'both' || modes === mode;

// --- Checking a parcel -------------------------------------------------------------------------

export type TravelFlag = {
  /** block: it cannot travel as it is (by that mode, or by any); warning: it may, with care. */
  level: 'block' | 'warning';
  /** 'category:<id>', 'weight', 'value' or 'commercial': what a notification compares. */
  code: string;
  title: string;
  reason: string;
  advice: string;
};

export type TravelCheckInput = {
  description: string;
  declaredValueUsdCents?: number | null;
  /** Identical items in the parcel (the pre-alert's quantity). */
  quantity?: number | null;
  weightKg?: number | null;
  /** Unknown at pre-alert: then a block is a block for both modes, a warning otherwise. */
  mode?: TravelMode | null;
};

const MODE_WORDS: Record<TravelMode, string> = { air: 'vía aérea', sea: 'vía marítima' };
const other = (mode: TravelMode): TravelMode => (mode === 'air' ? 'sea' : 'air');

const kg = (n: number) => `${n.toLocaleString('es-VE', { maximumFractionDigits: 2 })} kg`;
const usd = (centsValue: number) =>
  `$${(centsValue / 100).toLocaleString('es-VE', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/**
 * What the rules say of a parcel: its flags, blocks first. With a mode (the ship request), a rule of
 * that mode only; without one (pre-alert, parcel in the warehouse), a rule of both modes blocks and
 * a rule of one mode warns that the parcel must take the other.
 */
export function checkTravel(rules: TravelRules, input: TravelCheckInput): TravelFlag[] {
  const flags: TravelFlag[] = [];
  const modes: TravelMode[] = input.mode ? [input.mode] : ['air', 'sea'];
  const levelFor = (blocked: TravelMode[]): TravelFlag['level'] | null => {
    if (blocked.length === 0) return null;
    return blocked.length === modes.length ? 'block' : 'warning';
  };
  const onlyBy = (blocked: TravelMode[]) =>
    !input.mode && blocked.length === 1 ? ` Solo puede viajar por ${MODE_WORDS[other(blocked[0])]}.` : '';

  for (const c of rules.categories) {
    if (!matchesCategory(input.description, c)) continue;
    const applies = modes.filter((m) => appliesTo(c.modes, m));
    if (applies.length === 0) continue;
    if (c.kind === 'prohibited') {
      const level = levelFor(applies)!;
      flags.push({
        level,
        code: `category:${c.id}`,
        title: c.name,
        reason: c.reason + (level === 'warning' ? onlyBy(applies) : ''),
        advice: c.advice,
      });
    } else {
      flags.push({
        level: 'warning',
        code: `category:${c.id}`,
        title: c.kind === 'permit' ? `${c.name} (requiere permiso)` : c.name,
        reason: c.reason,
        advice: c.advice,
      });
    }
  }

  /** A per-piece limit of each mode (`limitOf`): flagged when the piece is over it by some of them. */
  const overLimit = (
    piece: number,
    limitOf: (m: TravelMode) => number,
    words: { code: string; title: string; verb: string; amount: (n: number) => string; advice: string },
  ) => {
    const over = modes.filter((m) => piece > limitOf(m));
    const level = levelFor(over);
    if (!level) return;
    const { verb, amount } = words;
    flags.push({
      level,
      code: words.code,
      title: words.title,
      reason:
        over.map((m) => `Por ${MODE_WORDS[m]} cada pieza ${verb} como máximo ${amount(limitOf(m))}`).join('; ') +
        `; esta ${verb} ${amount(piece)}.${onlyBy(over)}`,
      advice: words.advice,
    });
  };

  if (input.weightKg != null)
    overLimit(input.weightKg, (m) => rules.limits[m].maxPieceWeightKg, {
      code: 'weight',
      title: 'Peso por pieza',
      verb: 'pesa',
      amount: kg,
      advice: 'Pide un reempaque en varias cajas o elige la otra vía.',
    });
  if (input.declaredValueUsdCents != null)
    overLimit(input.declaredValueUsdCents, (m) => rules.limits[m].maxDeclaredValueUsdCents, {
      code: 'value',
      title: 'Valor declarado por pieza',
      verb: 'declara',
      amount: usd,
      advice: 'Divide la compra en varios paquetes o escríbenos para tramitarla como importación formal.',
    });

  if (input.quantity != null && input.quantity >= rules.commercialQuantity)
    flags.push({
      level: 'warning',
      code: 'commercial',
      title: 'Envío comercial',
      reason: `Son ${input.quantity} artículos iguales; desde ${rules.commercialQuantity} la aduana los considera mercancía comercial y puede cobrar aranceles y pedir factura.`,
      advice: 'Ten a mano la factura de compra; si no es para reventa, divide la compra en envíos separados.',
    });

  return flags.sort((a, b) => (a.level === b.level ? 0 : a.level === 'block' ? -1 : 1));
}

/**
 * A pre-alert checked on what the customer declared: description, quantity, weight, and the
 * declared value (or the amount spent). The same on the server (on saving, in both lists) and in
 * the form while the customer types.
 */
export const prealertCheckInput = (r: {
  description: string;
  quantityItems?: number | null;
  estimatedWeight?: number | null;
  estimatedValueUsdCents?: number | null;
  amountSpentUsdCents?: number | null;
}): TravelCheckInput => ({
  description: r.description,
  quantity: r.quantityItems,
  weightKg: r.estimatedWeight,
  declaredValueUsdCents: r.estimatedValueUsdCents ?? r.amountSpentUsdCents,
});

/** The version in effect at a moment: the latest one started by then, cancelled ones left out. */
export function travelRulesInEffect<V extends Pick<TravelRulesVersion, 'effectiveAt' | 'cancelledAt'>>(
  versions: readonly V[],
  at: Date = new Date(),
): V | null {
  const live = versions
    .filter((v) => !v.cancelledAt)
    .sort((a, b) => new Date(a.effectiveAt).getTime() - new Date(b.effectiveAt).getTime());
  let chosen: V | null = live[0] ?? null;
  for (const v of live) if (new Date(v.effectiveAt).getTime() <= at.getTime()) chosen = v;
  return chosen;
}
