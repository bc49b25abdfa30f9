import type { StoreExtractor } from './types';

/** eBay: "Order number: 12-34567-89012"; each item with "Qty" and "Price". */
export const ebay: StoreExtractor = {
  id: 'ebay',
  name: 'eBay',
  domains: ['ebay.com'],
  signature: /ebay\.com|\beBay\b|\b\d{2}-\d{5}-\d{5}\b/i,
  orderNumber: [/\b(\d{2}-\d{5}-\d{5})\b/],
};
