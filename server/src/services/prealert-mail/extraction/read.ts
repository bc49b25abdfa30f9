// A text (a mail's body, a PDF's text, a photo's OCR) read into an extraction's fields: the
// store's extractor where one recognises it (stores/), the generic rules for the rest.
import { readItems, readOrderNumber, readTotal, type ItemRules } from './generic';
import { isPersonalMailbox, recogniseStore, senderDomain, type StoreExtractor } from './stores';
import { findTrackings } from './trackings';
import type { Extraction, ExtractionSource } from './types';

/** Receipts and invoices print "Description  $12.34" lines, each line's own total. */
const RULES: Record<ExtractionSource, ItemRules> = {
  email: { linePrice: 'unit', loosePriceLines: false },
  pdf: { linePrice: 'total', loosePriceLines: true },
  photo: { linePrice: 'total', loosePriceLines: true },
};

/** "Tienda Ejemplo <ventas@tienda-ejemplo.com>" → "Tienda Ejemplo"; else the domain; never a person forwarding the mail. */
function senderName(from: string | null): string | null {
  if (isPersonalMailbox(from)) return null;
  const display = /^\s*"?([^"<@]+?)"?\s*</.exec(from ?? '')?.[1]?.trim();
  return display || senderDomain(from);
}

export function readText(text: string, from: string | null, source: ExtractionSource): Extraction {
  const store: StoreExtractor | null = recogniseStore(from, text);
  const orderNumber = readOrderNumber(text, store?.orderNumber);
  // An online store's order page or invoice shows unit prices, as its mails do.
  const items = readItems(text, {
    ...RULES[source],
    ...(store ? { linePrice: 'unit' as const } : {}),
    ...store?.items,
  });
  const totalUsdCents = readTotal(text);
  const trackings = findTrackings(text, [orderNumber]);
  return {
    store: store?.id ?? null,
    storeName: store?.name ?? senderName(from),
    orderNumber,
    items,
    totalUsdCents,
    trackings,
    invoiceAttachment: null,
    source,
    kind:
      trackings.length > 0
        ? 'shipping'
        : orderNumber || items.length > 0 || totalUsdCents !== null
          ? 'order'
          : 'unknown',
  };
}

/** Fields the mail left empty filled from its invoice's reading (the mail's own fields win). */
export function fillFrom(mail: Extraction, invoice: Extraction): Extraction {
  const known = new Set(mail.trackings.map((t) => t.trackingNumber));
  const trackings = [...mail.trackings, ...invoice.trackings.filter((t) => !known.has(t.trackingNumber))];
  const filled: Extraction = {
    ...mail,
    store: mail.store ?? invoice.store,
    storeName: mail.store ? mail.storeName : invoice.store ? invoice.storeName : mail.storeName,
    orderNumber: mail.orderNumber ?? invoice.orderNumber,
    items: mail.items.length > 0 ? mail.items : invoice.items,
    totalUsdCents: mail.totalUsdCents ?? invoice.totalUsdCents,
    trackings,
  };
  const fromInvoice = [
    !mail.orderNumber && invoice.orderNumber,
    mail.items.length === 0 && invoice.items.length > 0,
    mail.totalUsdCents === null && invoice.totalUsdCents !== null,
  ].filter(Boolean).length;
  filled.source = fromInvoice >= 2 ? invoice.source : mail.source;
  filled.kind =
    trackings.length > 0
      ? 'shipping'
      : filled.orderNumber || filled.items.length > 0 || filled.totalUsdCents !== null
        ? 'order'
        : 'unknown';
  return filled;
}
