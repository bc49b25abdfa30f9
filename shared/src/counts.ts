// A count and its noun as Spanish says it (docs/product/formats.md#counts): '1 cliente',
// '2 clientes', '1.250 paquetes'. Every plural noun a screen or a document counts with is listed
// with its singular, so no screen prints '1 clientes'.
import { formatCount } from './format';

export const COUNT_NOUN_SINGULAR = {
  clientes: 'cliente',
  envíos: 'envío',
  paquetes: 'paquete',
  prealertas: 'prealerta',
  agencias: 'agencia',
  despachos: 'despacho',
  compras: 'compra',
  notificaciones: 'notificación',
  reclamos: 'reclamo',
  pagos: 'pago',
  trackings: 'tracking',
  personas: 'persona',
  entradas: 'entrada',
  solicitudes: 'solicitud',
  documentos: 'documento',
  intentos: 'intento',
  abiertos: 'abierto',
  'por cotizar': 'por cotizar',
} as const;

/** A plural noun a count can take (its singular is known). */
export type CountNoun = keyof typeof COUNT_NOUN_SINGULAR;

/** The noun as `n` takes it: the singular for exactly one, the plural otherwise ('0 clientes'). */
export const nounFor = (n: number, plural: CountNoun): string => (n === 1 ? COUNT_NOUN_SINGULAR[plural] : plural);

/** `n` as es-VE writes it, with its noun: '1 cliente', '1.250 paquetes'. */
export const formatCountOf = (n: number, plural: CountNoun): string => `${formatCount(n)} ${nounFor(n, plural)}`;
