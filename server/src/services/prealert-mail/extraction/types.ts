import type { PrealertCarrier } from '@casillero/shared';

/**
 * What the pre-alert extraction reads: a store's e-mail (parsed MIME), or one file on its own
 * (a PDF invoice, a photo of an invoice). The pipeline that receives mail (SMTP listener or a
 * provider's webhook) builds this; the extraction never follows links nor renders HTML.
 */
export interface MailForExtraction {
  /** The original sender as far as it can be known (a forwarded mail's quoted "From:", else the envelope's). */
  from: string | null;
  subject: string;
  /** The plain-text body (or the HTML's text when the mail had no text part). */
  text: string;
  /** The HTML body as received, only read as text: never rendered, never followed. */
  html: string | null;
  attachments: AttachmentForExtraction[];
}

export interface AttachmentForExtraction {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Where a field was read from, shown to the customer beside it. */
export type ExtractionSource = 'email' | 'pdf' | 'photo';

export interface ExtractedItem {
  description: string;
  quantity: number;
  /** Unit price in USD cents, when the mail says it. */
  unitPriceUsdCents: number | null;
}

export interface ExtractedTracking {
  trackingNumber: string;
  carrier: PrealertCarrier | null;
}

export interface Extraction {
  /** The store's id when a store's extractor recognised the mail ('amazon', 'shein', ...), else null (generic rules). */
  store: string | null;
  /** The store's name as the customer knows it ("Amazon"), or the sender's name for an unknown store. */
  storeName: string | null;
  orderNumber: string | null;
  items: ExtractedItem[];
  totalUsdCents: number | null;
  trackings: ExtractedTracking[];
  /** Index in `attachments` of the file that is the purchase's invoice (PDF or photo), if any. */
  invoiceAttachment: number | null;
  /** Where most fields came from. */
  source: ExtractionSource;
  /** Is this mail a shipping notice (has a tracking) rather than an order confirmation only. */
  kind: 'order' | 'shipping' | 'unknown';
}
