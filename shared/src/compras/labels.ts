// The labels of Compra asistida's states and places (docs/product/compra-asistida.md#states), apart
// from rules.ts: the entry chunk imports rules.ts (the route files' paths and titles) and with it
// every constant of it some screen uses; only the Compras screens and the audit read these
// (the public home's JavaScript budget, docs/product/fast-on-a-phone.md#budgets).
import type { CompraStatus } from './rules';

export const COMPRA_STATUS_LABELS: Record<CompraStatus, string> = {
  requested: 'Solicitada',
  quoted: 'Cotizada',
  accepted: 'Aceptada (por pagar)',
  paid: 'Pagada',
  purchased: 'Comprada',
  shipped: 'Enviada por la tienda',
  cancelled: 'Cancelada',
};

/** A quote past its validity, shown as such while it stays 'quoted'. */
export const COMPRA_EXPIRED_LABEL = 'Cotización vencida';

export const COMPRA_LOCATION_LABELS: Record<string, string> = { miami: 'Miami', beijing: 'Beijing' };
