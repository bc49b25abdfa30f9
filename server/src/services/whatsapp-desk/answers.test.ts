// What the WhatsApp desk answers a customer (docs/product/whatsapp-desk.md#what-it-answers),
// through the webhook as Meta delivers it: "Cuánto debo" with each invoice in Bs. at its own
// frozen rate, "Mis paquetes" with each departure's promise, and only ever the writer's own data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, DESK_BUTTONS, DESK_PATHS, WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../../db/client';
import { invoices, mailboxes, packages, shipmentPackages, shipments } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { createServer } from '../../server';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, recordRate, signedInStaff } from '../../test/factories';
import {
  answersTo,
  buttonReply,
  customerWithVerifiedWhatsapp,
  lastAnswerAfter,
  listReply,
  deskTestConfig,
  text,
} from '../../test/whatsapp-webhooks';
import { issueInvoice } from '../billing/invoices';

const DAY = 24 * 3600 * 1000;
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
const config = deskTestConfig();
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config, database });
});
afterAll(async () => {
  await server.stop();
  await database.close();
});

/** The customer writes (or taps) this; the desk's last answer to them, as they read it. */
const ask = (phone: string, body: Parameters<typeof lastAnswerAfter>[3]) => lastAnswerAfter(server, db(), phone, body);

/** A customer with a verified WhatsApp, the invoice sign-up issued them voided: they owe only what a test issues. */
async function customer(nombre: string) {
  const c = await customerWithVerifiedWhatsapp(db(), nombre);
  await db().update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.userId, c.user.id));
  return c;
}

/** An invoice issued on a past day, at that day's rate. */
const invoiceOn = (userId: string, daysAgo: number, usdCents: number) =>
  db().transaction((tx) =>
    issueInvoice(tx, {
      userId,
      concept: 'course_purchase',
      description: 'Curso de importación',
      lines: [{ description: 'Curso', usdCents, kind: 'course' }],
      now: new Date(Date.now() - daysAgo * DAY),
    }),
  );

describe('"Cuánto debo"', () => {
  it('answers each open invoice in Bs. at its own frozen rate, the total, and how to pay', async () => {
    const today = businessToday();
    await recordRate(db(), '36.5', addDays(today, -10));
    await recordRate(db(), '40.25', addDays(today, -5));
    await paymentMethodId(db(), 'pago_movil');
    const ana = await customer('Ana Pérez');
    const first = await invoiceOn(ana.user.id, 9, 1_000);
    const second = await invoiceOn(ana.user.id, 4, 2_000);
    // Today's rate is another: neither invoice moves with it.
    await recordRate(db(), '52.1', today);

    const answer = await ask(ana.phone, text('¿CUÁNTO DEBO?'));
    expect(answer).toContain(`Factura ${first.number}: $10,00 = Bs. 365,00 (tasa Bs. 36,50 por USD)`);
    expect(answer).toContain(`Factura ${second.number}: $20,00 = Bs. 805,00 (tasa Bs. 40,25 por USD)`);
    expect(answer).toContain('*Total: $30,00 = Bs. 1.170,00*');
    expect(answer).not.toContain('52,10');
    expect(answer).not.toContain('Bs. 1.563,00');
    // The payment method's details, as the customer pays with them.
    expect(answer).toContain('Pago Móvil');
    expect(answer).toContain('Teléfono: 0414-5550123');
    expect(answer).toContain(`${TEST_APP_URL}${DESK_PATHS.invoices}`);

    // The same by tapping the menu's button, and by a list row.
    expect(await ask(ana.phone, buttonReply(DESK_BUTTONS.debt.id, DESK_BUTTONS.debt.title))).toBe(answer);
    expect(await ask(ana.phone, listReply(DESK_BUTTONS.debt.id, DESK_BUTTONS.debt.title))).toBe(answer);
  });

  it('lists the first 8 open invoices and counts every one in the total', async () => {
    const gabriel = await customer('Gabriel Ortiz');
    const issued = [];
    for (let i = 0; i < 10; i++) issued.push(await invoiceOn(gabriel.user.id, 0, 100));
    const answer = await ask(gabriel.phone, text('saldo'));
    const listed = issued.filter((invoice) => answer.includes(`Factura ${invoice.number}:`));
    expect(listed).toHaveLength(8);
    expect(answer).toContain(M.more(2));
    expect(answer).toContain('*Total: $10,00 = ');
  });

  it('tells a customer who owes nothing that they are up to date', async () => {
    const beto = await customer('Beto Rojas');
    expect(await ask(beto.phone, text('cuanto debo'))).toBe(M.debtNone);
  });
});

describe('"Mis paquetes"', () => {
  it('lists each open shipment with its state and its departure’s promise, and the parcels on the shelf', async () => {
    const carla = await customer('Carla Díaz');
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, carla.user.id));
    await db().insert(packages).values({
      userId: carla.user.id,
      mailboxId: box.id,
      trackingNumber: '1Z999AA10123456784',
      packageDescription: 'Zapatos deportivos',
      status: 'received',
      receivedDate: new Date(),
    });
    const [shipment] = await db()
      .insert(shipments)
      .values({
        userId: carla.user.id,
        shipmentCode: 'ENV-WA-0001',
        deliveryAddress: 'Av. Bolívar Norte, Torre Stratos, piso 3',
        deliveryCity: 'Valencia',
        deliveryState: 'Carabobo',
        shippingMethod: 'aereo',
        status: 'preparing',
      })
      .returning();
    const [traveling] = await db()
      .insert(packages)
      .values({
        userId: carla.user.id,
        mailboxId: box.id,
        trackingNumber: '1Z999AA10123456792',
        packageDescription: 'Licuadora',
        status: 'in_shipment',
        receivedDate: new Date(),
      })
      .returning({ id: packages.id });
    await db().insert(shipmentPackages).values({ shipmentId: shipment.id, packageId: traveling.id });
    const today = businessToday();
    const almacen = await signedInStaff(db(), 'almacen');
    const staff = callerFor(db(), almacen.visitor, config);
    const departure = await staff.departures.create({
      mode: 'aereo',
      origin: 'miami',
      masterRef: null,
      carrier: 'Laser Airlines',
      voyage: 'QL 1905',
      arrivalPort: 'maiquetia',
      cutoffOn: addDays(today, 2),
      plannedDeparture: addDays(today, 3),
      plannedArrival: addDays(today, 5),
    });
    await staff.departures.addShipment({ departureId: departure.id, shipmentId: shipment.id });
    // A delivered shipment is not open: it is not listed.
    await db().insert(shipments).values({
      userId: carla.user.id,
      shipmentCode: 'ENV-WA-0000',
      deliveryAddress: 'Av. Bolívar Norte',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      shippingMethod: 'aereo',
      status: 'delivered',
    });

    const [y, m, d] = addDays(today, 5).split('-');
    const answer = await ask(carla.phone, text('mis paquetes'));
    expect(answer).toContain(`• ENV-WA-0001: Preparando, llegada prometida ${d}/${m}/${y} (salida ${departure.code})`);
    expect(answer).toContain('• Zapatos deportivos (1Z999AA10123456784): Recibido');
    expect(answer).not.toContain('ENV-WA-0000');
    // A parcel in a shipment is told by its shipment, not again on the shelf.
    expect(answer).not.toContain('Licuadora');
    expect(await ask(carla.phone, buttonReply(DESK_BUTTONS.packages.id, DESK_BUTTONS.packages.title))).toBe(answer);
  });
});

describe('a customer never sees another’s data', () => {
  it('answers each number with its own customer’s invoices and parcels only', async () => {
    const diana = await customer('Diana Suárez');
    const ernesto = await customer('Ernesto Mora');
    const dianas = await invoiceOn(diana.user.id, 1, 4_500);
    const ernestos = await invoiceOn(ernesto.user.id, 1, 7_700);
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, ernesto.user.id));
    await db().insert(packages).values({
      userId: ernesto.user.id,
      mailboxId: box.id,
      trackingNumber: '9400111899223100001234',
      packageDescription: 'Laptop de Ernesto',
      status: 'in_warehouse',
      receivedDate: new Date(),
    });

    const dianaDebt = await ask(diana.phone, text('Cuánto debo'));
    expect(dianaDebt).toContain(dianas.number);
    expect(dianaDebt).not.toContain(ernestos.number);
    expect(dianaDebt).not.toContain('$77,00');
    expect(await ask(diana.phone, text('Mis paquetes'))).toBe(M.packagesNone);

    const ernestoDebt = await ask(ernesto.phone, text('Cuánto debo'));
    expect(ernestoDebt).toContain(ernestos.number);
    expect(ernestoDebt).not.toContain(dianas.number);
    expect(await ask(ernesto.phone, text('Mis paquetes'))).toContain('Laptop de Ernesto');

    // Each answer went to the number that asked, and names its customer.
    for (const c of [diana, ernesto]) {
      for (const row of await answersTo(db(), c.phone)) expect(row.userId).toBe(c.user.id);
    }
  });

  it('stops answering for a customer once they remove the number from their account', async () => {
    const fabiola = await customer('Fabiola León');
    await invoiceOn(fabiola.user.id, 1, 1_234);
    await fabiola.caller.messaging.removePhone();
    const answer = await ask(fabiola.phone, text('Cuánto debo'));
    expect(answer).toBe(M.unknownNumber(TEST_APP_URL));
  });
});
