// The settlement against what was collected (docs/product/customs.md#the-invoice): a ship request's
// invoice charges the customs estimate of the shipment's guía as its import-tax line, frozen; the
// settlement compares that line (not an estimate computed again) with what customs charged, the
// difference over the threshold charged or credited, the rest absorbed. An invoice issued before the
// estimate was charged (the price list's flat line, lines without kinds) is settled, as then, against
// the estimate its invoice shows her.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOMS_SETTLEMENT_MESSAGES as M } from '@casillero/shared';
import { customsSettlements, ledgerEntries, packages, shipmentPackages, shipments } from '../../db/schema';
import { issueInvoice } from '../../services/billing/invoices';
import { checkSettlement } from '../../services/customs-settlement/check';
import { shipRequestLines } from '../../services/ship-requests/charges';
import { guiaCustomsCents } from '../../test/customs-charge';
import { air, almacen, as, db, shipmentOf, tag, useDeparturesDesk } from '../../test/departures';
import { customerWithActiveMailbox } from '../../test/factories';

useDeparturesDesk();

type Customer = Awaited<ReturnType<typeof customerWithActiveMailbox>>;

/** A shipment of one parcel with its guía, and its invoice with these lines. */
async function invoicedShipment(c: Customer, lines: (code: string, packageId: string) => Promise<Line[]>) {
  const s = await shipmentOf({ id: c.user.id, mailboxId: c.mailboxId }, { parcels: [{ weightKg: 2, valueUsd: 150 }] });
  const [{ packageId }] = await db()
    .select({ packageId: shipmentPackages.packageId })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, s.id));
  await db().update(packages).set({ packageDescription: 'Perfume' }).where(eq(packages.id, packageId));
  const guia = `AWB${tag()}`;
  await db().update(shipments).set({ trackingNumber: guia }).where(eq(shipments.id, s.id));
  // The lines first: inside the transaction only `tx` may be used (PGlite has one connection).
  const invoiceLines = await lines(s.code, packageId);
  const invoice = await db().transaction(async (tx) =>
    issueInvoice(tx, {
      userId: c.user.id,
      concept: 'shipping_payment',
      description: `Envío ${s.code}`,
      lines: invoiceLines,
      shipmentId: s.id,
    }),
  );
  return { ...s, guia, packageId, invoice };
}
type Line = Parameters<typeof issueInvoice>[1]['lines'][number];

async function departureWith(...ids: string[]) {
  const d = await as(almacen).departures.create(air());
  for (const shipmentId of ids) await as(almacen).departures.addShipment({ departureId: d.id, shipmentId });
  await as(almacen).departures.close({ id: d.id });
  return d;
}

const FREIGHT = 48_75;
const usd = (cents: number) => (cents / 100).toFixed(2);

describe('the settlement reads what the invoice collected', () => {
  it('compares the frozen estimate line with what customs charged, whatever the parcel says later', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Cobrada' });
    let charged = 0;
    const s = await invoicedShipment(maria, async (code, packageId) => {
      charged = await guiaCustomsCents(db(), [packageId], 'air', FREIGHT);
      const context = { shipmentCode: code, parcelCount: 1, shippingMethod: 'aereo' as const };
      return shipRequestLines(
        {
          freightUsdCents: FREIGHT,
          importTaxesUsdCents: charged,
          storageUsdCents: 0,
          deliveryUsdCents: null,
          insuranceUsdCents: 0,
        },
        { ...context, deliveryMethod: 'home', declaredUsdCents: 150_00 },
      );
    });
    expect(charged).toBeGreaterThan(0);
    // Later the parcel's value is corrected: an estimate computed again would change; what was collected does not.
    await db().update(packages).set({ estimatedValueUsdCents: 900_00 }).where(eq(packages.id, s.packageId));
    const d = await departureWith(s.id);
    const paid = charged + 7_50;
    const input = { departureId: d.id, fileName: 'agente.csv', csv: `guia,monto_usd\n${s.guia},${usd(paid)}` };

    const dry = await checkSettlement(db(), input);
    expect(dry.errors).toEqual([]);
    expect(dry.rows.map((r) => [r.estimateUsdCents, r.paidUsdCents, r.differenceUsdCents, r.outcome])).toEqual([
      [charged, paid, 7_50, 'charge'],
    ]);
    await as(almacen).customs.settle(input);
    const [row] = await db().select().from(customsSettlements).where(eq(customsSettlements.shipmentId, s.id));
    expect(row).toMatchObject({ estimateUsdCents: charged, paidUsdCents: paid, differenceUsdCents: 7_50 });
    const adjustments = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, maria.user.id));
    expect(adjustments.filter((e) => e.kind === 'adjustment')).toEqual([
      expect.objectContaining({ usdCents: 7_50, description: M.ledgerCharge(s.code) }),
    ]);
  });

  it('an invoice with the old flat line is settled against the estimate it shows her, not the flat line', async () => {
    const pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Antiguo' });
    const flat = Math.round(FREIGHT * 0.15);
    // As invoices were stored before: the freight and the price list's 15 %, without kinds or mark.
    const s = await invoicedShipment(pedro, async (code) => [
      { description: `Envío ${code}: flete aéreo (1 paquete)`, usdCents: FREIGHT },
      {
        description: `Envío ${code}: impuestos de importación (pagados en aduana por cuenta del cliente)`,
        usdCents: flat,
      },
    ]);
    await db()
      .update(shipments)
      .set({ shippingCostUsdCents: FREIGHT + flat })
      .where(eq(shipments.id, s.id));
    const shown = (await pedro.caller.billing.mine()).invoices.find((i) => i.id === s.invoice.id)?.customs;
    expect(shown).toBeDefined();
    const estimate = shown!.estimate.usdCents.total;
    expect(estimate).not.toBe(flat);
    const d = await departureWith(s.id);
    const dry = await checkSettlement(db(), {
      departureId: d.id,
      csv: `guia,monto_usd\n${s.guia},${usd(estimate + 20_00)}`,
    });
    expect(dry.rows.map((r) => [r.estimateUsdCents, r.differenceUsdCents, r.outcome])).toEqual([
      [estimate, 20_00, 'charge'],
    ]);
  });
});
