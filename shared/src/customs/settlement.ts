// Customs settled against what customs charged (docs/product/customs.md#settled-against-what-customs-charged):
// the customs broker's figure per guía is compared with the shipment's estimate; a difference over
// the administrator's threshold becomes a charge or a credit on the customer's account, under it
// the business absorbs it. And the estimate's measured error (docs/product/customs.md#measured-and-honest):
// the absolute percentage error of each settled shipment, its median and 90th percentile. Money
// in integer USD cents, errors in integer basis points (docs/decisions/005-money-and-numbers.md,
// addendum on customs). zod-free: the calculators' lazily loaded parts may import it.
import { formatUsdCents, formatVesCentimos } from '../billing/money';

/** The settlement's dry run (server http/customs-settlement.ts). */
export const CUSTOMS_SETTLEMENT_PREVIEW_PATH = '/api/customs/settlement-preview';

/** What a settled difference became. */
export const SETTLEMENT_OUTCOMES = ['charge', 'credit', 'absorbed'] as const;
export type SettlementOutcome = (typeof SETTLEMENT_OUTCOMES)[number];

/** The threshold until the administrator sets one: differences of $5,00 or less are absorbed. */
export const DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS = 500;
/** The highest threshold the administrator may set ($1.000). */
export const MAX_SETTLEMENT_THRESHOLD_USD_CENTS = 100_000;
/** The broker's file: at most this many lines and this many characters. */
export const SETTLEMENT_MAX_LINES = 5_000;
export const SETTLEMENT_MAX_CHARS = 1_000_000;
/** The days the public calculators' accuracy line looks back. */
export const ACCURACY_WINDOW_DAYS = 90;

/**
 * The difference (paid − estimate) becomes a charge (customs charged more), a credit (it charged
 * less) when its absolute value is over the threshold; otherwise the business absorbs it.
 */
export function settlementOutcome(differenceUsdCents: number, thresholdUsdCents: number): SettlementOutcome {
  if (Math.abs(differenceUsdCents) <= thresholdUsdCents) return 'absorbed';
  return differenceUsdCents > 0 ? 'charge' : 'credit';
}

/**
 * The absolute percentage error of an estimate against what was paid, in basis points (2500 is
 * 25 %): |estimate − paid| × 10 000 / paid, rounded half up to the basis point (integers only).
 * Nothing paid: 0 when nothing was estimated either, otherwise null (no percentage of zero; the
 * shipment is counted apart, never in the median).
 */
export function absolutePercentageErrorBp(estimateUsdCents: number, paidUsdCents: number): number | null {
  if (paidUsdCents === 0) return estimateUsdCents === 0 ? 0 : null;
  const num = Math.abs(estimateUsdCents - paidUsdCents) * 10_000;
  return Math.floor((2 * num + paidUsdCents) / (2 * paidUsdCents));
}

/** The p-th percentile by the nearest rank (the value at rank ⌈p × n / 100⌉ of the sorted list); null for none. */
export function nearestRank(sortedAscending: readonly number[], p: number): number | null {
  const n = sortedAscending.length;
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil((p * n) / 100));
  return sortedAscending[Math.min(n, rank) - 1]!;
}

export type ErrorStats = { count: number; medianBp: number | null; p90Bp: number | null };

/** Count, median (nearest rank 50) and 90th percentile of the errors, in basis points. */
export function errorStats(apesBp: readonly number[]): ErrorStats {
  const sorted = [...apesBp].sort((a, b) => a - b);
  return { count: sorted.length, medianBp: nearestRank(sorted, 50), p90Bp: nearestRank(sorted, 90) };
}

/** The public calculators' line: the estimate's error over the last days; null below this many shipments. */
export const ACCURACY_MIN_SHIPMENTS = 5;
export type EstimateAccuracy = ErrorStats & { days: number };

const percent = (bp: number) => `${(bp / 100).toLocaleString('es-VE', { maximumFractionDigits: 1 })} %`;
const both = (usd: number, ves: number | null) =>
  ves === null ? formatUsdCents(usd) : `${formatUsdCents(usd)} (${formatVesCentimos(ves)})`;

export const CUSTOMS_SETTLEMENT_MESSAGES = {
  title: 'Liquidación con la aduana',
  description:
    'Después de la liberación, carga el archivo CSV del agente de aduanas con lo pagado por guía (o por envío) de un despacho. Primero se revisa sin cambiar nada; al aplicarlo, cada envío se compara con su estimado: una diferencia mayor que el umbral se carga o se abona en la cuenta del cliente y se le avisa; si no, la asume el negocio.',
  format: 'Columnas: guia (o envio) y monto_usd (lo pagado en aduana, en dólares: 12,34 o 12.34).',
  departure: 'Despacho',
  file: 'Archivo del agente de aduanas (CSV)',
  check: 'Revisar',
  apply: 'Aplicar liquidación',
  nothingToApply: 'Nada que aplicar: todas las guías del archivo ya estaban liquidadas.',
  threshold: 'Umbral de diferencia',
  thresholdHint:
    'Una diferencia mayor que esta cifra (en USD) se carga o se abona al cliente; una igual o menor la asume el negocio.',
  thresholdSave: 'Guardar umbral',
  thresholdSaved: (usd: number) => `Umbral guardado: ${formatUsdCents(usd)}.`,
  thresholdRange: 'El umbral debe estar entre $0 y $1.000, en centavos enteros.',
  columns: {
    line: 'Línea',
    guia: 'Guía',
    shipment: 'Envío',
    customer: 'Cliente',
    estimate: 'Estimado',
    paid: 'Pagado en aduana',
    difference: 'Diferencia',
    outcome: 'Resultado',
  },
  outcomes: {
    charge: 'Se carga al cliente',
    credit: 'Se abona al cliente',
    absorbed: 'La asume el negocio',
  } satisfies Record<SettlementOutcome, string>,
  repeated: 'Ya liquidada (no cambia nada)',
  // The file's refusals: each with its line, nothing changed.
  fileRequired: 'Elige el archivo del agente de aduanas.',
  fileTooLarge: 'El archivo es demasiado grande: divide el archivo en partes más pequeñas.',
  empty: 'El archivo está vacío: no tiene líneas con guías.',
  tooManyLines: `El archivo tiene más de ${SETTLEMENT_MAX_LINES.toLocaleString('es-VE')} líneas: divídelo.`,
  missingColumns: 'Faltan columnas: el archivo necesita «guia» (o «envio») y «monto_usd».',
  unreadableLine: (line: number) => `Línea ${line}: no se pudo leer (revisa las comillas).`,
  badGuia: (line: number) => `Línea ${line}: falta la guía.`,
  badAmount: (line: number, value: string) =>
    `Línea ${line}: el monto «${value}» no es un monto en dólares válido (usa 12,34 o 12.34, sin signo negativo).`,
  duplicated: (line: number, guia: string, first: number) =>
    `Línea ${line}: la guía ${guia} está repetida (ya aparece en la línea ${first}). Cada guía se liquida una sola vez.`,
  unknownGuia: (line: number, guia: string, departure: string) =>
    `Línea ${line}: la guía ${guia} no es de ningún envío del despacho ${departure}.`,
  alreadySettled: (line: number, guia: string, paid: number) =>
    `Línea ${line}: los impuestos de la guía ${guia} ya se registraron (${formatUsdCents(paid)} pagados); no se registran dos veces. Si hubo un error, corrígelo con un ajuste de cuenta.`,
  noEstimate: (line: number, shipment: string) =>
    `Línea ${line}: el envío ${shipment} no tiene factura ni paquetes con valor declarado: no hay estimado con qué compararlo.`,
  departureNotFound: 'Ese despacho no existe.',
  departureOpen: (code: string) =>
    `El despacho ${code} sigue abierto: los impuestos se liquidan después de que sale y la aduana lo libera.`,
  moreErrors: (n: number) => `… y ${n} error(es) más.`,
  nothingChanged: 'No se cambió nada.',
  checked: (n: number, repeated: number) =>
    `${n} guía(s) por liquidar${repeated ? `, ${repeated} ya liquidada(s)` : ''}. Revisa y aplica.`,
  applied: (n: number, charges: number, credits: number, absorbed: number, repeated: number) =>
    `Liquidadas ${n} guía(s): ${charges} cargo(s), ${credits} abono(s) y ${absorbed} diferencia(s) asumida(s) por el negocio${repeated ? `; ${repeated} ya estaban liquidadas` : ''}.`,
  ledgerCharge: (shipment: string) => `Impuestos de aduana del envío ${shipment}: diferencia con lo pagado en aduana`,
  ledgerCredit: (shipment: string) => `Impuestos de aduana del envío ${shipment}: devolución de lo estimado de más`,
  // The customer's notice: both figures, USD and Bs.
  noticeTitle: (shipment: string) => `Impuestos de aduana de tu envío ${shipment}`,
  noticeMessage: (n: {
    shipment: string;
    outcome: 'charge' | 'credit';
    estimateUsd: number;
    estimateVes: number | null;
    paidUsd: number;
    paidVes: number | null;
    differenceUsd: number;
    differenceVes: number | null;
  }) =>
    `Estimamos ${both(n.estimateUsd, n.estimateVes)} de impuestos de aduana para tu envío ${n.shipment} y la aduana cobró ${both(n.paidUsd, n.paidVes)}. ` +
    (n.outcome === 'charge'
      ? `La diferencia, ${both(n.differenceUsd, n.differenceVes)}, se cargó a tu cuenta.`
      : `La diferencia, ${both(n.differenceUsd, n.differenceVes)}, quedó como saldo a tu favor.`),
  // The report.
  reportTitle: 'Precisión del estimado',
  reportDescription:
    'El error del estimado frente a lo que cobró la aduana: error porcentual absoluto de cada envío liquidado, su mediana y su percentil 90, por despacho y por categoría (la de mayor valor declarado del envío). Sirve para corregir las reglas.',
  byDeparture: 'Por despacho',
  byCategory: 'Por categoría',
  count: 'Envíos',
  median: 'Mediana',
  p90: 'Percentil 90',
  noPaid: 'Sin pago en aduana',
  noneYet: 'Todavía no hay envíos liquidados.',
  percent,
  // The public calculators' line.
  accuracyLine: (a: EstimateAccuracy) =>
    `En los últimos ${a.days} días, en ${a.count} envíos liquidados, la mitad de los estimados se desvió ${percent(a.medianBp ?? 0)} o menos de lo que cobró la aduana, y 9 de cada 10, ${percent(a.p90Bp ?? 0)} o menos.`,
};
