import type { StoreExtractor } from './types';

/** Nike: "Order Number: C01234567890"; a product's name has a subtitle line under it. */
export const nike: StoreExtractor = {
  id: 'nike',
  name: 'Nike',
  domains: ['nike.com', 'official.nike.com'],
  signature: /nike\.com|\bNike\b/i,
  orderNumber: [/\b(C\d{11})\b/],
  // "Nike Pegasus 41" above its subtitle "Calzado de running en carretera para mujer".
  items: { subtitle: true },
};
