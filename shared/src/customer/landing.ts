// Where a customer lands after signing in (docs/product/sign-up-and-sign-in.md#where-a-customer-lands):
// the screen that needs them first, else their casilleros. The server decides (account.landing);
// /dashboard sends the customer there.

/** Each reason to land somewhere, in the order they are looked for, with the screen. */
export const CUSTOMER_LANDINGS = {
  /** An invoice still owes something: it holds a shipment back from its departure. */
  unpaidInvoice: '/dashboard/facturas',
  /** A shipment waits at an agency for its recipient. */
  readyForPickup: '/dashboard/envios',
  /** Parcels in the warehouse wait for a ship request (or a decision in Acción requerida). */
  waitingParcels: '/dashboard/almacen',
  /** Nothing waits for the customer. */
  nothingPending: '/dashboard/mis-casilleros',
} as const;

export type CustomerLandingReason = keyof typeof CUSTOMER_LANDINGS;
export type CustomerLanding = (typeof CUSTOMER_LANDINGS)[CustomerLandingReason];
