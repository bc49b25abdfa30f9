// The last mile (docs/product/last-mile.md): constants and Spanish texts shared by the
// recipients, the delivery choice, the agencies and the pickup counters. zod-free on purpose.
import type { DeliveryMethod, DeliveryZone } from '../enums';

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
  recipientRequired: 'Elige el destinatario del envío.',
  methodRequired: 'Elige cómo termina el envío: entrega a domicilio o retiro en agencia.',
  recipientNotFound: 'No encontramos ese destinatario.',
  recipientArchived: 'Ese destinatario ya no está en tu libreta. Elige otro.',
  recipientIncomplete:
    'A ese destinatario le faltan datos (cédula, teléfono o dirección). Complétalos en Mi Perfil › Destinatarios antes de enviarle.',
  /** The same rule on staff's 'Crear Envío' and 'Editar envío': staff cannot edit the customer's book. */
  recipientIncompleteStaff:
    'A ese destinatario le faltan datos (cédula, teléfono o dirección). Pide al cliente que los complete en Mi Perfil › Destinatarios o agrega uno con «Nuevo destinatario».',
  agencyRequired: 'Elige la agencia donde se retirará el envío.',
  agencyNotFound: 'No encontramos esa agencia.',
  agencyInactive: 'Esa agencia no está disponible. Elige otra.',
} as const;

/** The recipient's fields a shipment needs: rows migrated from free text may lack some. */
export type RecipientPlace = {
  idDocument: string | null;
  phone: string | null;
  state: string;
  city: string;
  address: string;
};

/**
 * Whether a shipment can name the recipient as it is: cédula, phone, state, city and address.
 * The screens mark the others 'faltan datos' and the server refuses them (resolveDelivery).
 */
export const isRecipientComplete = (r: RecipientPlace) =>
  Boolean(r.idDocument && r.phone && r.state.trim() && r.city.trim() && r.address.trim());

/** The delivery choice (client/src/components/delivery/DeliveryChoice.tsx), staff's and the customer's. */
export const DELIVERY_CHOICE_LABELS = {
  recipient: 'Destinatario',
  recipientPlaceholder: 'Elige el destinatario',
  noRecipients: 'Este cliente aún no tiene destinatarios.',
  method: 'Entrega',
  agencyState: 'Estado de la agencia',
  agencyCity: 'Ciudad (opcional)',
  agencyCityPlaceholder: 'Filtra por ciudad',
  agency: 'Agencia',
  agencyPlaceholder: 'Elige la agencia',
  noAgencies: 'No hay agencias activas en ese estado.',
  fee: 'Costo de entrega',
  feeFree: 'Sin costo',
  incomplete: 'faltan datos',
  authorized: 'autorizado',
  accountHolder: 'titular',
  /** Staff only: adds a recipient to the chosen customer's book without leaving the form. */
  newRecipient: 'Nuevo destinatario',
} as const;

/** A Venezuelan phone kept in E.164 (+584141234567) as people write it: 0414-1234567. */
export const formatVenezuelanPhone = (e164: string) =>
  /^\+58\d{10}$/.test(e164) ? `0${e164.slice(3, 6)}-${e164.slice(6)}` : e164;
