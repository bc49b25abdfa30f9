// Numbers as Venezuelans write them in what leaves the server (docs/product/formats.md): the
// e-mails (trackings and every notification repeated by e-mail) and the invoice PDF, read back
// with MuPDF. Each text must hold the es-VE figures and nothing written in another convention
// (shared/src/format-check.ts, the rules the browser walk of every screen uses too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import {
  IMPORT_MESSAGES,
  PACKAGE_MESSAGES,
  PAYMENT_NOTIFICATIONS,
  RECEPTION_MESSAGES,
  findForeignNumbers,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { findInvoice } from '../queries/billing';
import { issueInvoice } from '../services/billing/invoices';
import { renderInvoicePdf } from '../pdf/invoice';
import { notificationEmail } from '../services/notify';
import { createTestDatabase } from '../test/db';
import { recordRate, signedInCustomer } from '../test/factories';
import { newTrackingAdminEmail, newTrackingClientEmail, type TrackingMailFacts } from './tracking-templates';
import type { EmailMessage } from './templates';

/** The e-mail's plain text and its HTML without tags, both as the reader sees them. */
const readable = (m: EmailMessage) => [m.subject, m.text, m.html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ')];

function expectEsVe(text: string, expected: string[]) {
  expect(findForeignNumbers(text)).toEqual([]);
  for (const figure of expected) expect(text).toContain(figure);
}

const tracking: TrackingMailFacts = {
  trackingNumber: '1Z999AA10123456784',
  clientName: 'Ana Núñez',
  clientEmail: 'ana@example.test',
  mailboxCode: 'CV-1234',
  carrier: 'UPS',
  description: 'Repuestos',
  estimatedWeight: 343.11,
  estimatedValueUsdCents: 654_321,
  priority: 'medium',
};

describe('e-mails write es-VE figures', () => {
  it('the tracking e-mails: weight and value', () => {
    for (const message of [
      newTrackingClientEmail(tracking, 'https://casillero.test'),
      newTrackingAdminEmail(tracking, 'https://casillero.test'),
    ]) {
      for (const text of readable(message)) expect(findForeignNumbers(text)).toEqual([]);
      expectEsVe(message.text, ['343,11 kg', '$6.543,21']);
    }
  });

  it('the notifications repeated by e-mail: payments, parcels received, imports', () => {
    const cases: [string, string[]][] = [
      [PAYMENT_NOTIFICATIONS.approved(3850), ['$38,50']],
      [PAYMENT_NOTIFICATIONS.rejected(123_456, null), ['$1.234,56']],
      [PACKAGE_MESSAGES.intakeRecorded('1Z999AA10123456784', 'WR-2026-1000123', 2.5), ['2,5 kg', 'WR-2026-1000123']],
      [IMPORT_MESSAGES.notification(2, 'CV-1234', 'WR-2026-1000123, WR-2026-1000124', '1.250,5'), ['1.250,5 kg']],
      [PACKAGE_MESSAGES.weightMax, ['1.000 kg']],
      [RECEPTION_MESSAGES.weightMax, ['1.000 kg']],
    ];
    for (const [message, expected] of cases) {
      const mail = notificationEmail({ title: 'Aviso', message, type: 'payment_update' }, 'https://casillero.test');
      for (const text of readable(mail)) expect(findForeignNumbers(text)).toEqual([]);
      expectEsVe(mail.text, expected);
    }
  });
});

describe('the invoice PDF writes es-VE figures', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('thousands grouped by dots and decimal commas, in dollars and in bolívares', async () => {
    const db = database.db;
    await recordRate(db, '36.5');
    const ana = await signedInCustomer(db, { nombre: 'Ana Formatos' });
    const lines = [
      { description: 'Envío ENV-2026-0042 (3 paquetes, 343,11 kg)', usdCents: 123_456 },
      { description: 'Almacenaje pasados los días libres', usdCents: 50 },
    ];
    const issued = await db.transaction((tx) =>
      issueInvoice(tx, { userId: ana.user.id, concept: 'shipping_payment', description: 'Envío ENV-2026-0042', lines }),
    );
    const invoice = await findInvoice(db, issued.id);
    const pdf = await renderInvoicePdf(invoice!);
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const pages: string[] = [];
    for (let i = 0; i < doc.countPages(); i++)
      pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
    // $1.234,56 + $0,50 = $1.235,06, at Bs. 36,5 per dollar: Bs. 45.079,69.
    expectEsVe(pages.join('\n'), ['$1.234,56', '$0,50', '$1.235,06', 'Bs. 45.079,69', '343,11 kg']);
  });
});
