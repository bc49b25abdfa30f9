// The price list's texts (docs/product/price-lists.md): the admin page /admin/tarifas, its
// refusals and the calculators' 'Tarifa vigente desde'. zod-free: the calculators import it.
import { formatDate } from '../format';
import type { PriceList } from './price-list';

/** The fields of a version, in the order the form and the tables show them. */
export const PRICE_LIST_FIELDS: {
  key: Exclude<keyof PriceList, 'deliveryFeesUsdCents'>;
  label: string;
  unit: 'usd' | 'number' | 'percent';
}[] = [
  { key: 'usaAirRatePerLbUsdCents', label: 'Aéreo desde Miami: tarifa por libra', unit: 'usd' },
  { key: 'usaAirMinLb', label: 'Aéreo: peso mínimo facturable (lb)', unit: 'number' },
  { key: 'volumetricDivisor', label: 'Aéreo: divisor volumétrico (pulgadas³ por lb)', unit: 'number' },
  { key: 'usaSeaRatePerFt3UsdCents', label: 'Marítimo desde Miami: tarifa por pie³', unit: 'usd' },
  { key: 'usaSeaMinFt3', label: 'Marítimo desde Miami: volumen mínimo (ft³)', unit: 'number' },
  { key: 'chinaSeaRatePerCbmUsdCents', label: 'Marítimo desde China: tarifa por CBM', unit: 'usd' },
  { key: 'chinaSeaMinCbm', label: 'Marítimo desde China: volumen mínimo (CBM)', unit: 'number' },
  { key: 'insuranceRatePercent', label: 'Seguro: % del valor declarado', unit: 'percent' },
  { key: 'insuranceMinimumUsdCents', label: 'Seguro: prima mínima', unit: 'usd' },
  { key: 'storageFeePerDayUsdCents', label: 'Almacenaje: tarifa diaria después de los días libres', unit: 'usd' },
];

export const PRICE_LIST_MESSAGES = {
  pageTitle: 'Tarifas',
  pageDescription:
    'Las tarifas que cobran las calculadoras, las solicitudes de envío y las facturas. Un cambio es una nueva versión con la fecha en que entra en vigencia; las versiones pasadas no se modifican.',
  current: 'Tarifa vigente',
  scheduled: 'Versiones programadas',
  noScheduled: 'No hay versiones programadas.',
  history: 'Historial',
  version: (n: number) => `Versión ${n}`,
  effectiveFrom: 'Vigente desde',
  createdBy: 'Creada por',
  cancelled: 'Cancelada',
  cancel: 'Cancelar versión',
  cancelConfirm: (n: number, day: string) =>
    `¿Cancelar la versión ${n}, que entraría en vigencia el ${formatDate(day)}? Nunca se aplicará.`,
  cancelled_ok: (n: number) => `Versión ${n} cancelada.`,
  newVersion: 'Nueva versión',
  newVersionHint: 'Parte de la tarifa vigente. Entra en vigencia a las 00:00 (hora de Caracas) del día elegido.',
  deliveryFees: 'Entrega a domicilio',
  save: 'Programar versión',
  created: (n: number, day: string) => `Versión ${n} programada: entra en vigencia el ${formatDate(day)}.`,
  honourTitle: 'Precio respetado en las solicitudes de envío',
  honourDays: 'Días que se respeta el precio que vio el cliente',
  honourSaved: 'Configuración guardada.',
  /** The calculators' line. */
  inEffectSince: (day: string) => `Tarifa vigente desde ${formatDate(day)}`,
  loading: 'Cargando la tarifa vigente…',
  // Refusals.
  startInPast:
    'La nueva versión debe entrar en vigencia a partir de mañana: el pasado y el día de hoy no se modifican.',
  sameStart: (day: string) =>
    `Ya hay una versión que entra en vigencia el ${formatDate(day)}. Cancélala antes o elige otra fecha.`,
  notFound: 'No encontramos esa versión de la tarifa.',
  alreadyInEffect: 'Esa versión ya entró en vigencia: no se puede cancelar. Programa una nueva.',
  alreadyCancelled: 'Esa versión ya estaba cancelada.',
  dayRequired: 'Indica la fecha en que entra en vigencia.',
  tooFar: 'La fecha de vigencia no puede estar a más de un año.',
  positive: (label: string) => `${label}: debe ser mayor que 0.`,
  notNegative: (label: string) => `${label}: no puede ser negativo.`,
  tooHigh: (label: string, max: string) => `${label}: no puede pasar de ${max}.`,
  tooLow: (label: string, min: string) => `${label}: no puede ser menor que ${min}.`,
  decimals: (label: string, n: number) => `${label}: admite como máximo ${n} decimales.`,
  honourRange: 'Los días deben ser un número entero de 0 a 60.',
  /** A ship request confirmed with a price no longer honoured. */
  quoteExpired:
    'La tarifa de tu cotización ya no está vigente y pasó el plazo en que la respetamos. Revisa el nuevo precio y confirma otra vez.',
} as const;
