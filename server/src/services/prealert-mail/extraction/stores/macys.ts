import type { StoreExtractor } from './types';

/** Macy's: a 10-digit order number after its label. */
export const macys: StoreExtractor = {
  id: 'macys',
  name: "Macy's",
  domains: ['macys.com', 'emails.macys.com', 'oes.macys.com'],
  signature: /macy'?s/i,
  orderNumber: [/(?:order|pedido)[^\n\d]{0,25}(\d{10})\b/i],
};
