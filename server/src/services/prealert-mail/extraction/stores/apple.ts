import type { StoreExtractor } from './types';

/** Apple Store: "Order Number: W1234567890". */
export const apple: StoreExtractor = {
  id: 'apple',
  name: 'Apple',
  domains: ['apple.com', 'orders.apple.com', 'email.apple.com'],
  signature: /apple\.com|apple store|\bApple\b/i,
  orderNumber: [/\b(W\d{9,10})\b/],
};
