import type { StoreExtractor } from './types';

/** Walmart.com: "Order# 2000123-45678901". */
export const walmart: StoreExtractor = {
  id: 'walmart',
  name: 'Walmart',
  domains: ['walmart.com'],
  signature: /walmart|\b\d{7}-\d{8}\b/i,
  orderNumber: [/\b(\d{7}-\d{8})\b/],
};
