// The last mile (docs/product/last-mile.md): constants and Spanish texts shared by the
// recipients, the delivery choice, the agencies and the pickup counters. zod-free on purpose.
import type { DeliveryMethod, DeliveryZone } from './enums';

/** What each home-delivery zone costs until the administrator sets it (USD cents). */
export const DELIVERY_FEE_DEFAULTS_USD_CENTS: Record<DeliveryZone, number> = {
  caracas: 500,
  central: 800,
  interior: 1200,
};

export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  caracas: 'Caracas y área metropolitana',
  central: 'Región central',
  interior: 'Interior del país',
};

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  home: 'Entrega a domicilio',
  agency: 'Retiro en agencia',
};

export const DELIVERY_MESSAGES = {
  recipientNotFound: 'No encontramos ese destinatario.',
  recipientArchived: 'Ese destinatario ya no está en tu libreta. Elige otro.',
  recipientIncomplete:
    'A ese destinatario le falta la cédula o el teléfono. Complétalos en Mi Perfil › Destinatarios antes de enviarle.',
  agencyRequired: 'Elige la agencia donde se retirará el envío.',
  agencyNotFound: 'No encontramos esa agencia.',
  agencyInactive: 'Esa agencia no está disponible. Elige otra.',
} as const;
