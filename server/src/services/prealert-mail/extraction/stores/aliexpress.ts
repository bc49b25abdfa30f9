import type { StoreExtractor } from './types';

/** AliExpress: a 16-digit order id; ships by Cainiao, China Post, YunExpress. */
export const aliexpress: StoreExtractor = {
  id: 'aliexpress',
  name: 'AliExpress',
  domains: ['aliexpress.com', 'aliexpress.us', 'notice.aliexpress.com'],
  signature: /aliexpress/i,
  orderNumber: [/(?:order|pedido)[^\n\d]{0,25}(\d{15,17})\b/i],
};
