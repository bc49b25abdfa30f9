import { detectCarrier } from '@casillero/shared';
import type { Extraction, MailForExtraction } from './types';

export type * from './types';

/**
 * Reads a store's e-mail into the fields of a pre-alert draft. This first version knows no
 * store: it finds tracking numbers by their carriers' patterns; the stores' extractors, the
 * attached PDF and the photo's OCR replace it.
 */
export async function extractFromMail(mail: MailForExtraction): Promise<Extraction> {
  const words = `${mail.subject}\n${mail.text}`.match(/\b[A-Z0-9]{10,34}\b/g) ?? [];
  const trackings = [...new Set(words)]
    .map((w) => ({ trackingNumber: w, carrier: detectCarrier(w) }))
    .filter((t) => t.carrier !== null);
  return {
    store: null,
    storeName: null,
    orderNumber: null,
    items: [],
    totalUsdCents: null,
    trackings,
    invoiceAttachment: null,
    source: 'email',
    kind: trackings.length > 0 ? 'shipping' : 'unknown',
  };
}
