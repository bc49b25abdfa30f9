import type { StoreExtractor } from './types';

/** Target: "Order #102001234567890" (15 digits). */
export const target: StoreExtractor = {
  id: 'target',
  name: 'Target',
  domains: ['target.com', 'oe.target.com'],
  signature: /target\.com|\bTarget\b/,
  orderNumber: [/(?:order|pedido)[^\n\d]{0,25}(\d{15})\b/i],
};
