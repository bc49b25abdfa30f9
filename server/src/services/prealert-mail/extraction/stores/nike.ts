import type { StoreExtractor } from './types';

/** Nike: "Order Number: C01234567890". */
export const nike: StoreExtractor = {
  id: 'nike',
  name: 'Nike',
  domains: ['nike.com', 'official.nike.com'],
  signature: /nike\.com|\bNike\b/i,
  orderNumber: [/\b(C\d{11})\b/],
};
