// What a customer confirms is what is invoiced, to the cent, with fiscal invoicing on
// (docs/product/fiscal-invoices.md#taxes, docs/decisions/005-money-and-numbers.md amended): a ship
// request by air and a compra's quote show the invoice's taxes, the invoice charges exactly the
// total confirmed, and the factura's IVA base leaves out the import taxes and the goods bought on
// the customer's behalf. A confirmation of another total is refused, and nothing is issued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHARGE_KINDS, FISCAL_MESSAGES, formatUsdCents, type FiscalSettingsInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  fiscalDocuments,
  invoices,
  packages,
  purchaseRequests,
  recipients,
  shipments,
  userProfiles,
} from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  recordRate,
  signedInAdmin,
  signedInStaff,
  type CustomerWithMailbox,
} from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let atencion: Awaited<ReturnType<typeof signedInStaff>>;
let maria: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

/** IVA 16 % on everything the business sells, as the settings say by default. */
const fiscalOn: FiscalSettingsInput = {
  enabled: true,
  legalName: 'Casillero Virtual C.A.',
  rif: 'J-00002961-0',
  address: 'Av. Francisco de Miranda, Caracas',
  controlProvider: 'fake',
  igtfApplies: false,
  igtfRatePercent: 3,
  taxes: Object.fromEntries(
    CHARGE_KINDS.map((k) => [k, { treatment: 'iva', ratePercent: 16 }]),
  ) as FiscalSettingsInput['taxes'],
};

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  atencion = await signedInStaff(db(), 'atencion');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María Fiscal' });
  // Her fiscal data: her invoices are facturas.
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12345678', venezuelaAddress: 'Urb. El Viñedo, Valencia' })
    .where(eq(userProfiles.userId, maria.user.id));
  await recordRate(db(), '36.5');
  await admin.caller.fiscal.updateSettings(fiscalOn);
});
afterAll(async () => {
  await database?.close();
});

async function parcel(weightKg: number, dims: string) {
  const t = tag();
  const [row] = await db()
    .insert(packages)
    .values({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: dims,
      estimatedValueUsdCents: 8_000,
      warehouseReceipt: `WR-CT-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

async function recipient() {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId: maria.user.id,
      fullName: 'Carmen González',
      idDocument: 'V-8123456',
      phone: '+584141234567',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Urb. El Viñedo, calle 137, casa 12',
    })
    .returning({ id: recipients.id });
  return row.id;
}

const facturaOf = async (invoiceId: string) =>
  (await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.invoiceId, invoiceId)))[0]!;

describe('a ship request, with fiscal invoicing on', () => {
  it.each([
    ['aereo', 'air'],
    ['maritimo', 'sea'],
  ] as const)('by %s shows the IVA and the customs estimate, and invoices exactly the total confirmed; IVA’s base leaves the estimate out', async (method, mode) => {
    const id = await parcel(4, '40x30x20');
    const home = await recipient();
    const choice = {
      packageIds: [id],
      shippingMethod: method,
      recipientId: home,
      deliveryMethod: 'home' as const,
      insured: true,
    };
    const quote = await as(maria).shipRequests.quote(choice);
    const done = await as(maria).shipRequests.create({ ...choice, confirmedTotalUsdCents: quote.totalUsdCents });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, done.invoiceId));
    expect(invoice!.usdCents).toBe(quote.totalUsdCents);
    expect(done.totalUsdCents).toBe(quote.totalUsdCents);

    // The freight, delivery and insurance bear IVA; the import taxes (the customs estimate of the
    // shipment's guía, computed here from the rules in effect) do not.
    expect(quote.importTaxesUsdCents).toBe(
      await guiaCustomsCents(db(), [id], mode, quote.freightUsdCents, quote.insuranceUsdCents),
    );
    expect(quote.importTaxesUsdCents).toBeGreaterThan(0);
    const base = quote.freightUsdCents + quote.deliveryUsdCents! + quote.insuranceUsdCents;
    expect(quote.taxes.ivaBuckets).toEqual([
      { rateBasisPoints: 1600, baseUsdCents: base, ivaUsdCents: Math.round(base * 0.16) },
    ]);
    const lines = quote.shippingUsdCents + quote.deliveryUsdCents! + quote.insuranceUsdCents;
    expect(quote.totalUsdCents).toBe(lines + quote.taxes.ivaUsdCents);
    const factura = await facturaOf(done.invoiceId);
    expect(factura.kind).toBe('factura');
    expect(factura.baseUsdCents).toBe(base);
    expect(factura.exemptUsdCents).toBe(quote.importTaxesUsdCents);
    expect(factura.ivaUsdCents).toBe(quote.taxes.ivaUsdCents);
    expect(factura.legalGrounds).toEqual([FISCAL_MESSAGES.importTaxesGround]);
    expect(factura.lines.find((l) => l.kind === 'import_taxes')).toMatchObject({
      usdCents: quote.importTaxesUsdCents,
      treatment: 'no_sujeto',
    });
  });

  it('refuses to invoice a total other than the one shown, and issues nothing', async () => {
    const id = await parcel(2, '30x20x15');
    const choice = {
      packageIds: [id],
      shippingMethod: 'aereo' as const,
      recipientId: await recipient(),
      deliveryMethod: 'home' as const,
    };
    const quote = await as(maria).shipRequests.quote(choice);
    const before = await db().select().from(shipments).where(eq(shipments.userId, maria.user.id));
    // What the screen showed before IVA was on it: the lines alone.
    const shown = quote.totalUsdCents - quote.taxes.ivaUsdCents;
    const err = await trpcError(as(maria).shipRequests.create({ ...choice, confirmedTotalUsdCents: shown }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(FISCAL_MESSAGES.priceChanged(formatUsdCents(shown), formatUsdCents(quote.totalUsdCents)));
    const [p] = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, id));
    expect(p!.status).toBe('in_warehouse');
    const after = await db().select().from(shipments).where(eq(shipments.userId, maria.user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('a compra, with fiscal invoicing on', () => {
  async function quotedCompra() {
    const { id } = await as(maria).compras.create({
      mailboxId: maria.mailboxId,
      items: [
        { url: 'https://www.amazon.com/dp/B0FISCAL01', name: 'Zapatos', quantity: 2, priceUsdCents: 4_999 },
        { url: 'https://www.amazon.com/dp/B0FISCAL02', name: 'Reloj', quantity: 1, priceUsdCents: 12_000 },
      ],
    });
    const detail = await as(atencion).compras.adminDetail({ id });
    await as(atencion).compras.quote({
      id,
      items: detail.items.map((i) => ({ id: i.id, priceUsdCents: i.customerPriceUsdCents })),
      salesTaxUsdCents: 1_000,
      shippingUsdCents: 800,
    });
    return id;
  }

  it('the quote accepted is the total invoiced; only our fee is in IVA’s base, the goods are not', async () => {
    const id = await quotedCompra();
    const quoted = await as(maria).compras.detail({ id });
    // The total "Aceptar y pagar" shows: with its taxes once quotes carry them.
    const shown = quoted.taxes?.totalUsdCents ?? quoted.totalUsdCents!;
    const listed = (await as(maria).compras.mine()).find((r) => r.id === id);
    expect(listed!.totalUsdCents).toBe(shown);
    const accepted = await as(maria).compras.accept({ id, confirmedTotalUsdCents: shown });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, accepted.invoiceId));
    expect(invoice!.usdCents).toBe(shown);

    // The store's $237,98 (goods, sales tax, shipping) on her behalf; our fee 8 % = $19,04 bears IVA.
    expect(quoted.feeUsdCents).toBe(1_904);
    expect(quoted.taxes).toMatchObject({
      ivaBuckets: [{ rateBasisPoints: 1600, baseUsdCents: 1_904, ivaUsdCents: 305 }],
      totalUsdCents: quoted.totalUsdCents! + 305,
    });
    const factura = await facturaOf(accepted.invoiceId);
    expect(factura.baseUsdCents).toBe(1_904);
    expect(factura.exemptUsdCents).toBe(23_798);
    expect(factura.ivaUsdCents).toBe(305);
    expect(factura.legalGrounds).toEqual([FISCAL_MESSAGES.purchaseOnBehalfGround]);
    // After accepting, the request shows its invoice's taxes.
    expect((await as(maria).compras.detail({ id })).taxes!.totalUsdCents).toBe(invoice!.usdCents);
  });

  it('refuses to accept at a total other than the one shown, and issues nothing', async () => {
    const id = await quotedCompra();
    const quoted = await as(maria).compras.detail({ id });
    const err = await trpcError(as(maria).compras.accept({ id, confirmedTotalUsdCents: quoted.totalUsdCents }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(
      FISCAL_MESSAGES.priceChanged(formatUsdCents(quoted.totalUsdCents!), formatUsdCents(quoted.taxes!.totalUsdCents)),
    );
    const [request] = await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
    expect(request).toMatchObject({ status: 'quoted', invoiceId: null });
  });
});
