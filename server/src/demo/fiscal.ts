// Fiscal documents (docs/product/fiscal-invoices.md): the administrator turns on 'Datos fiscales'
// on /admin/tasas (the business's data, IVA at 16 % on every kind of charge, the test control
// numbers), so every amount due from then on is a factura (a nota de cobro for a customer
// without a cédula); at the end the printer's worker gives the waiting facturas and notes their
// control numbers, as it does within seconds of a real start.
import { CHARGE_KINDS, fiscalSettingsInput } from '@casillero/shared';
import { fakeControlNumberProvider } from '../services/fiscal/control-number-provider';
import { assignDueControlNumbers } from '../services/fiscal/control-numbers';
import { setFiscalSettings } from '../services/fiscal/settings';
import { asStaff, endStaffWork, type DemoCast, type DemoContext } from './context';

export const DEMO_FISCAL = {
  legalName: 'Casillero Virtual Demo, C.A.',
  rif: 'J-00002961-0',
  address: 'Av. Principal de Las Mercedes, Edif. Torre Demo, piso 3, oficina 3-B, Caracas',
} as const;

export async function switchOnFiscal(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const input = fiscalSettingsInput.parse({
    enabled: true,
    ...DEMO_FISCAL,
    controlProvider: 'fake',
    igtfApplies: false,
    igtfRatePercent: 3,
    taxes: Object.fromEntries(CHARGE_KINDS.map((kind) => [kind, { treatment: 'iva', ratePercent: 16 }])),
  });
  await asStaff(ctx, cast.staff.admin, 'fiscal.updateSettings', () => setFiscalSettings(ctx.tx, input));
  await endStaffWork(ctx);
}

/** The control-number worker's round, in the demo's transaction: numbers from 00-00000001 on. */
export async function numberFiscalDocuments(ctx: DemoContext): Promise<void> {
  const quiet = { info: () => {}, warn: () => {} };
  await assignDueControlNumbers(ctx.db, fakeControlNumberProvider(), quiet);
}
