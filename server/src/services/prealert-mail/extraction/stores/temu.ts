import type { StoreExtractor } from './types';

/** Temu: "Order ID: PO-211-12345678901234567"; ships by 4PX, YunExpress, USPS. */
export const temu: StoreExtractor = {
  id: 'temu',
  name: 'Temu',
  domains: ['temu.com', 'orders.temu.com'],
  signature: /\btemu\b|\bPO-\d{3}-\d{12,20}\b/i,
  orderNumber: [/\b(PO-\d{3}-\d{12,20})\b/],
};
