import type { StoreExtractor } from './types';

/** Amazon.com (English and Spanish mails): "Order #113-4567890-1234567", "Pedido n.º ...". */
export const amazon: StoreExtractor = {
  id: 'amazon',
  name: 'Amazon',
  domains: ['amazon.com'],
  signature: /amazon\.com|\bAmazon\b|\b\d{3}-\d{7}-\d{7}\b/i,
  orderNumber: [/\b(\d{3}-\d{7}-\d{7})\b/],
};
