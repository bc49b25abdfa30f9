import type { ItemRules } from '../generic';

/**
 * One store's extractor: how its mails are recognised and what of them differs from the generic
 * rules (generic.ts), which read everything else.
 */
export interface StoreExtractor {
  /** The store's id in `Extraction.store`. */
  id: string;
  /** The name the customer knows it by. */
  name: string;
  /** Sender domains (subdomains included: "auto-confirm@amazon.com", "info@emails.macys.com"). */
  domains: string[];
  /** What names the store in a mail's text when the sender does not (a forwarded mail, a PDF, a photo): its name, domain, or an order number only it writes so. */
  signature: RegExp;
  /** The store's own order-number shapes, tried before the generic "Order #" label; first group is the number. */
  orderNumber: RegExp[];
  /** How its item lines read, when not as most mails (unit prices, quantity labels). */
  items?: Partial<ItemRules>;
}
