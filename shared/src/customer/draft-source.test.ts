// Where a draft's field was read from, as the pre-alert screen marks it
// (docs/product/prealerts-from-email.md#recepción, docs/product/whatsapp-desk.md#pre-alerting-a-purchase).
import { describe, expect, it } from 'vitest';
import { PREALERT_STATUS_LABELS } from '../labels';
import { draftBadgeLabel, draftFieldSource, PREALERT_MAIL_MESSAGES as M } from './messages';

describe('draftFieldSource', () => {
  it('marks a field read from a forwarded e-mail "leído del correo"', () => {
    expect(draftFieldSource('trackingNumber', { emailFields: ['trackingNumber'] })).toBe('leído del correo');
    expect(M.fromEmail).toBe('leído del correo');
  });

  it('marks a field read from the invoice sent by WhatsApp as such, never as from the e-mail', () => {
    const read = { emailFields: null, whatsappFields: ['senderName', 'description'] };
    expect(draftFieldSource('senderName', read)).toBe('leído de la factura enviada por WhatsApp');
    expect(draftFieldSource('description', read)).toBe(M.fromWhatsapp);
  });

  it('a draft with both: each field by its own source; a field typed in has no mark', () => {
    const read = { emailFields: ['trackingNumber', 'carrier'], whatsappFields: ['invoiceFileId'] };
    expect(draftFieldSource('carrier', read)).toBe(M.fromEmail);
    expect(draftFieldSource('invoiceFileId', read)).toBe(M.fromWhatsapp);
    expect(draftFieldSource('description', read)).toBeNull();
    expect(draftFieldSource('description', {})).toBeNull();
  });
});

describe('draftBadgeLabel', () => {
  it("says 'Borrador (WhatsApp)' for a draft only the WhatsApp invoice filled, 'Borrador (correo)' otherwise", () => {
    const email = PREALERT_STATUS_LABELS.draft;
    expect(email).toBe('Borrador (correo)');
    expect(draftBadgeLabel({ emailFields: null, whatsappFields: ['description'] })).toBe('Borrador (WhatsApp)');
    expect(draftBadgeLabel({ emailFields: ['trackingNumber'], whatsappFields: null })).toBe(email);
    expect(draftBadgeLabel({ emailFields: ['orderNumber'], whatsappFields: ['invoiceFileId'] })).toBe(email);
  });
});
