// Fiscal settings for tests that issue fiscal documents (docs/product/fiscal-invoices.md): a valid
// business, IVA at 16 % on every kind of charge but insurance (exento), IGTF 3 %, the fake printer.
import { asc, eq } from 'drizzle-orm';
import { CHARGE_KINDS, type FiscalSettingsInput } from '@casillero/shared';
import type { Db } from '../db/client';
import { fiscalDocuments } from '../db/schema';

export const FISCAL_TEST_SETTINGS: FiscalSettingsInput = {
  enabled: true,
  legalName: 'Casillero Virtual C.A.',
  rif: 'J-00002961-0',
  address: 'Av. Francisco de Miranda, Caracas',
  controlProvider: 'fake',
  igtfApplies: true,
  igtfRatePercent: 3,
  taxes: {
    ...Object.fromEntries(CHARGE_KINDS.map((k) => [k, { treatment: 'iva', ratePercent: 16 }])),
    insurance: { treatment: 'exento', legalGround: 'Art. 16, Ley de IVA' },
  } as FiscalSettingsInput['taxes'],
};

/** The first fiscal document issued for an invoice (its factura or nota de cobro). */
export async function firstFiscalDocumentOf(db: Db, invoiceId: string) {
  const [doc] = await db
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.invoiceId, invoiceId))
    .orderBy(asc(fiscalDocuments.issueOrder));
  return doc!;
}
