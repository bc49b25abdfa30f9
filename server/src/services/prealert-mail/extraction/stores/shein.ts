import type { StoreExtractor } from './types';

/** SHEIN: "Order No.: GSUNJ12A3B4C5D"; items priced per unit, quantity written "Qty: x2"; ships by YunExpress and others. */
export const shein: StoreExtractor = {
  id: 'shein',
  name: 'SHEIN',
  domains: ['shein.com', 'sheinemail.com', 'shein.us'],
  signature: /\bshein\b/i,
  orderNumber: [/\b(G[A-Z]{3}[A-Z0-9]{8,14})\b/],
};
