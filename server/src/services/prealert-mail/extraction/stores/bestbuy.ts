import type { StoreExtractor } from './types';

/** Best Buy: "Order Number: BBY01-806123456789". */
export const bestbuy: StoreExtractor = {
  id: 'bestbuy',
  name: 'Best Buy',
  domains: ['bestbuy.com', 'emailinfo.bestbuy.com'],
  signature: /best\s?buy|\bBBY01-\d{12}\b/i,
  orderNumber: [/\b(BBY01-\d{12})\b/],
};
