// The agencies catalogue and the delivery fees (docs/product/last-mile.md#agencies): the
// administrator's Spanish texts. zod-free, so the route files may import them.
import type { AgencyKind } from '../enums';

export const AGENCY_KIND_LABELS: Record<AgencyKind, string> = {
  partner: 'Agencia aliada',
  own: 'Oficina propia',
};

/** The carriers offered first in the form; any other name may be typed. */
export const AGENCY_CARRIER_SUGGESTIONS = ['MRW', 'Zoom', 'Tealca', 'Domesa'] as const;

export const AGENCY_MESSAGES = {
  kindRequired: 'Elige si es una agencia aliada o una oficina propia.',
  carrierRequired: 'Indica la empresa de la agencia (MRW, Zoom, Tealca…).',
  codeRequired: 'Indica el código de la agencia.',
  codeFormat: 'El código admite letras, números y guiones (hasta 20).',
  codeTaken: (code: string) => `Ya hay una agencia con el código ${code}.`,
  nameRequired: 'Indica el nombre de la agencia.',
  stateRequired: 'Elige el estado.',
  cityRequired: 'Indica la ciudad.',
  addressRequired: 'Indica la dirección de la agencia.',
  textMax: (max: number) => `Máximo ${max} caracteres.`,
  notFound: 'No encontramos esa agencia.',
  created: (code: string) => `Agencia ${code} creada.`,
  saved: (code: string) => `Agencia ${code} guardada.`,
  activated: (code: string) => `Agencia ${code} activada: ya se puede elegir para nuevos envíos.`,
  deactivated: (code: string) => `Agencia ${code} desactivada: ya no se puede elegir para nuevos envíos.`,
} as const;
