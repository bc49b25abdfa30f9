// The fiscal invoice PDF read back with MuPDF (docs/product/fiscal-invoices.md#the-pdf), as
// invoice-pdf.test.ts reads the invoice: FACTURA with its number and número de control (or
// pending), the business's RIF and the customer's, the tax lines and the Bs. equivalent; and a
// nota de cobro that says it is not a factura.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import {
  FISCAL_MESSAGES,
  SESSION_COOKIE_NAME,
  formatUsdCents,
  formatVesCentimos,
  invoicePdfPath,
  usdCentsToVesCentimos,
  type FiscalSettingsInput,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { fiscalDocuments, userProfiles } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { issueInvoice } from '../services/billing/invoices';
import { fakeControlNumberProvider } from '../services/fiscal/control-number-provider';
import { assignDueControlNumbers } from '../services/fiscal/control-numbers';
import { createTestDatabase } from '../test/db';
import { recordRate, signedInAdmin, signedInCustomer } from '../test/factories';
import { FISCAL_TEST_SETTINGS } from '../test/fiscal';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let baseUrl: string;
const db = () => database.db;

const settings: FiscalSettingsInput = {
  ...FISCAL_TEST_SETTINGS,
  legalName: 'Envíos Fiscales C.A.',
  address: 'Av. Urdaneta, Caracas',
};

async function pdfText(invoiceId: string, token: string | null) {
  const res = await fetch(new URL(invoicePdfPath(invoiceId), baseUrl), {
    headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` },
  });
  expect(res.status).toBe(200);
  const doc = mupdf.Document.openDocument(Buffer.from(await res.arrayBuffer()), 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i++)
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  // Wrapped lines read as one, so a long sentence is found whole.
  return pages.join('\n').replace(/\s+/g, ' ');
}

const lines = [
  { description: 'Envío ENV-2026-0099: 2 kg aéreo', usdCents: 2150, kind: 'shipping' as const },
  { description: 'Seguro del envío', usdCents: 600, kind: 'insurance' as const },
];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({
    config: testConfig({ appUrl: 'http://localhost:3000', port: 0, host: '127.0.0.1' }),
    database,
  });
  baseUrl = await server.listen();
  await recordRate(db(), '36.5');
  const admin = await signedInAdmin(db());
  await admin.caller.fiscal.updateSettings(settings);
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe('the fiscal invoice PDF', () => {
  it('shows FACTURA, its number and control number, both RIFs, the tax lines and the Bs. equivalent', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Carla Fiscal' });
    await db()
      .update(userProfiles)
      .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle Real 5, Maracay' })
      .where(eq(userProfiles.userId, c.user.id));
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, { userId: c.user.id, concept: 'shipping_payment', description: 'Envío ENV-2026-0099', lines }),
    );
    const [doc] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoice.id));

    const pending = await pdfText(invoice.id, c.visitor.token);
    expect(pending).toContain('FACTURA');
    expect(pending).toContain(`N° ${doc!.number}`);
    expect(pending).toContain(`N° de control: ${FISCAL_MESSAGES.pendingControl}`);

    await assignDueControlNumbers(db(), fakeControlNumberProvider(), { info: () => {}, warn: () => {} });
    const [numbered] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.id, doc!.id));
    const text = await pdfText(invoice.id, c.visitor.token);
    const ves = (usd: number) => formatVesCentimos(usdCentsToVesCentimos(usd, '36.5'));
    for (const expected of [
      'FACTURA',
      `Factura ${doc!.number}`,
      `N° de control: ${numbered!.controlNumber}`,
      'Envíos Fiscales C.A.',
      'RIF: J-00002961-0',
      'RIF / C.I. del cliente: V-12345678',
      'Domicilio fiscal: Calle Real 5, Maracay',
      'Base imponible (IVA 16 %)',
      formatUsdCents(2150),
      ves(2150),
      'IVA 16 %',
      formatUsdCents(344),
      ves(344),
      'Exento / exonerado / no sujeto',
      formatUsdCents(600),
      ves(600),
      'Exento / exonerado según: Art. 16, Ley de IVA',
      formatUsdCents(3094),
      formatVesCentimos(numbered!.totalVesCentimos!),
      FISCAL_MESSAGES.igtfNotice('3'),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(FISCAL_MESSAGES.notaDeCobroNotice);
  });

  it('a customer without fiscal data gets a NOTA DE COBRO that says it is not a factura', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Nico Sin RIF' });
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, { userId: c.user.id, concept: 'shipping_payment', description: 'Envío ENV-2026-0100', lines }),
    );
    const [doc] = await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoice.id));
    const text = await pdfText(invoice.id, c.visitor.token);
    expect(text).toContain('NOTA DE COBRO');
    expect(text).toContain(`Nota de cobro ${doc!.number}`);
    expect(text).toContain(FISCAL_MESSAGES.notaDeCobroNotice);
    expect(text).not.toContain('FACTURA');
    expect(text).not.toContain('N° de control');
    expect(text).toContain('RIF / C.I. del cliente: no registrado');
  });
});
