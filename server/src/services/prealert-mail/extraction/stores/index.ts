// The stores whose mails are read by an extractor of their own (docs/product/prealerts-from-email.md#lectura).
import { aliexpress } from './aliexpress';
import { amazon } from './amazon';
import { apple } from './apple';
import { bestbuy } from './bestbuy';
import { ebay } from './ebay';
import { macys } from './macys';
import { nike } from './nike';
import { shein } from './shein';
import { target } from './target';
import { temu } from './temu';
import type { StoreExtractor } from './types';
import { walmart } from './walmart';

export type { StoreExtractor } from './types';

export const STORES: StoreExtractor[] = [
  amazon,
  ebay,
  walmart,
  shein,
  temu,
  aliexpress,
  bestbuy,
  target,
  nike,
  apple,
  macys,
];

/** The address's domain ("Amazon.com <auto-confirm@amazon.com>" → "amazon.com"), or null. */
export function senderDomain(from: string | null): string | null {
  const m = /@([a-z0-9.-]+\.[a-z]{2,})/i.exec(from ?? '');
  return m ? m[1].toLowerCase() : null;
}

/** Personal mailboxes: a mail from one is the customer forwarding the store's mail. */
const PERSONAL_MAIL =
  /^(?:gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|icloud|me|mac|aol|proton|protonmail|gmx|zoho|cantv)\./;

/** Whether the sender is a person's mailbox (the customer forwarding a store's mail), not a business. */
export function isPersonalMailbox(from: string | null): boolean {
  const domain = senderDomain(from);
  return domain !== null && PERSONAL_MAIL.test(domain);
}

/**
 * The store a mail comes from: by the sender's domain; else, when there is no sender (a PDF, a
 * photo) or it is a personal mailbox (a forwarded mail), by the store the text names first.
 * Null for another business's mail (a store without an extractor: the generic rules read it).
 */
export function recogniseStore(from: string | null, text: string): StoreExtractor | null {
  const domain = senderDomain(from);
  if (domain) {
    const byDomain = STORES.find((s) => s.domains.some((d) => domain === d || domain.endsWith(`.${d}`)));
    if (byDomain) return byDomain;
    if (!PERSONAL_MAIL.test(domain)) return null;
  }
  let best: { store: StoreExtractor; at: number } | null = null;
  for (const store of STORES) {
    const at = text.search(store.signature);
    if (at >= 0 && (best === null || at < best.at)) best = { store, at };
  }
  return best?.store ?? null;
}
