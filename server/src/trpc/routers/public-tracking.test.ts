// Public tracking (docs/product/public-tracking.md): anyone finds a parcel by any variant of its
// carrier number or by its WR, and learns its status, timeline and estimated delivery, never a
// person, a casillero, a price, a note or a photo; a miss has the same shape as a hit, the
// answer is the same whoever asks, and each IP gets 30 lookups per 10 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PUBLIC_TRACKING_LIMIT,
  PUBLIC_TRACKING_MESSAGES as M,
  trackingKey,
  type PublicTrackingResult,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { mailboxes, packages, parcelIntakes, parcelPhotos, storedFiles, userProfiles } from '../../db/schema';
import { testConfig } from '../../env';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, TEST_APP_URL, trpcError } from '../../test/caller';
import { customerWithActiveMailbox, signedInAdmin, signedInCustomer, homeDeliveryTo } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;

// Real-looking numbers, one per carrier family.
const UPS = '1Z4A7B930312345678';
const FEDEX = '781234567001';
const USPS = '9400111899223344550011';
const AMAZON = 'TBA305812745777';
const PACKAGE_WR = 'WR-2026-00777';
const INTAKE_WR = 'WR-2026-1000999';

/** What the seeded parcels must never show, collected as they are created. */
const privateValues: Record<string, string> = {};

let ip = 0;
/** An anonymous visitor from an address of its own (each address has its own 30 lookups). */
const visitor = () => callerFor(db(), newVisitor({ ip: `10.77.${Math.floor(++ip / 250)}.${ip % 250}` }), config);
const lookUp = (number: string) => visitor().publicTracking.lookup({ number });

beforeAll(async () => {
  database = await createTestDatabase();
  const admin = await signedInAdmin(db());
  const rosa = await customerWithActiveMailbox(db(), { nombre: 'Rosalinda Privada' });
  const [mailbox] = await db().select().from(mailboxes).where(eq(mailboxes.id, rosa.mailboxId));
  await db().update(userProfiles).set({ phone: '+58 414 765 4321' }).where(eq(userProfiles.userId, rosa.user.id));
  Object.assign(privateValues, {
    name: 'Rosalinda',
    email: rosa.email,
    phone: '765 4321',
    userId: rosa.user.id,
    mailboxCode: mailbox.mailboxCode,
    mailboxId: mailbox.id,
    mailboxAddress: mailbox.addressLine1,
  });

  // A tracking followed by the warehouse, with a free-text history message naming an address.
  const tracking = await admin.caller.trackings.create({
    mailboxId: rosa.mailboxId,
    trackingNumber: UPS,
    carrier: 'UPS',
    description: 'Consola de videojuegos edición coleccionista',
    estimatedWeight: 3.4,
    estimatedValueUsdCents: 74950,
    senderName: 'Tienda Remitente Secreta',
    originCountry: 'Estados Unidos',
    notes: 'Nota interna: revisar el sello',
  });
  await admin.caller.trackings.updateStatus({
    id: tracking.id,
    status: 'in_transit',
    message: 'Va hacia Calle Falsa 123, apto 4',
  });
  await admin.caller.trackings.updateStatus({ id: tracking.id, status: 'arrived' });
  Object.assign(privateValues, {
    trackingId: tracking.id,
    description: 'Consola de videojuegos',
    value: '749.5',
    sender: 'Remitente Secreta',
    trackingNotes: 'revisar el sello',
    historyMessage: 'Calle Falsa',
  });

  const fedex = await admin.caller.trackings.create({
    mailboxId: rosa.mailboxId,
    trackingNumber: FEDEX,
    carrier: 'FedEx',
    description: 'Repuestos de bicicleta de montaña',
    senderName: 'Bike Shop',
    originCountry: 'Estados Unidos',
  });
  privateValues.fedexId = fedex.id;

  // A package received with a WR and a photo, travelling in a shipment to Valencia.
  const pkg = await admin.caller.packages.create({
    userId: rosa.user.id,
    mailboxId: rosa.mailboxId,
    trackingNumber: USPS,
    packageDescription: 'Zapatos de cuero hechos a mano',
    senderName: 'Zapatería Discreta',
    weightKg: 2.2,
    estimatedValueUsdCents: 18825,
    status: 'pending',
    notes: 'Caja golpeada en una esquina',
  });
  await admin.caller.packages.receive({
    id: pkg.id,
    warehouseReceipt: PACKAGE_WR,
    weightKg: 2.2,
    warehouseLocation: 'Z-9-99',
  });
  const [photo] = await db()
    .insert(storedFiles)
    .values({
      ownerUserId: rosa.user.id,
      kind: 'package_photo',
      storageKey: `test/${pkg.id}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 10,
    })
    .returning({ id: storedFiles.id });
  await db().update(packages).set({ photoFileId: photo.id }).where(eq(packages.id, pkg.id));
  const shipment = await admin.caller.shipments.create({
    userId: rosa.user.id,
    ...(await homeDeliveryTo(db(), rosa.user.id, {
      address: 'Urbanización El Sigilo, calle 7, casa 42',
      city: 'Valencia',
      state: 'Carabobo',
    })),
    estimatedDelivery: '2027-01-15',
    shippingCostUsdCents: 9375,
    packageIds: [pkg.id],
  });
  await admin.caller.shipments.updateStatus({ id: shipment.id, status: 'in_transit' });
  Object.assign(privateValues, {
    packageId: pkg.id,
    packageDescription: 'Zapatos de cuero',
    packageSender: 'Zapatería Discreta',
    packageValue: '188.25',
    packageNotes: 'Caja golpeada',
    location: 'Z-9-99',
    photoId: photo.id,
    shipmentId: shipment.id,
    shipmentCode: shipment.shipmentCode,
    deliveryAddress: 'El Sigilo',
    shippingCost: '93.75',
  });

  // A parcel received "sin dueño", with the casillero code the operator read and two photos.
  const [intake] = await db()
    .insert(parcelIntakes)
    .values({
      trackingNumber: AMAZON,
      trackingKey: trackingKey(AMAZON),
      carrier: 'Amazon',
      warehouseReceipt: INTAKE_WR,
      status: 'unclaimed',
      mailboxCodeRead: 'CV-LEIDO-9',
      description: 'Caja de Amazon sin dueño',
      weightKg: 1.25,
      dimensionsCm: '30x20x10',
      receivedBy: admin.user.id,
    })
    .returning();
  const [screen, thumb] = await db()
    .insert(storedFiles)
    .values(
      ['screen', 'thumb'].map((size) => ({
        ownerUserId: admin.user.id,
        kind: 'package_photo' as const,
        storageKey: `test/${intake.id}-${size}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
      })),
    )
    .returning({ id: storedFiles.id });
  await db()
    .insert(parcelPhotos)
    .values({ intakeId: intake.id, position: 0, fileId: screen.id, thumbFileId: thumb.id });
  Object.assign(privateValues, {
    intakeId: intake.id,
    codeRead: 'CV-LEIDO-9',
    intakeDescription: 'Caja de Amazon',
    intakePhoto: screen.id,
    intakeThumb: thumb.id,
    staffId: admin.user.id,
    staffEmail: admin.email,
  });
});
afterAll(async () => {
  await database.close();
});

const labels = (r: PublicTrackingResult) => r.timeline.map((e) => e.label);

describe('publicTracking.lookup', () => {
  it('finds a tracking by its number however it is typed, with its status timeline from the labels', async () => {
    for (const typed of [UPS, UPS.toLowerCase(), '1z4a 7b93 0312 3456 78', ` ${UPS.slice(0, 9)}-${UPS.slice(9)} `]) {
      const r = await lookUp(typed);
      expect(r, typed).toMatchObject({
        number: typed.trim(),
        found: true,
        carrier: 'UPS',
        status: 'Llegó al almacén',
        originCountry: 'Estados Unidos',
      });
      expect(labels(r), typed).toEqual(['Llegó al almacén', 'En tránsito', 'Creado']);
      expect(r.estimatedDelivery).toBeNull();
    }
    const fedex = await lookUp('7812 3456 7001');
    expect(fedex).toMatchObject({ found: true, carrier: 'FedEx', status: 'Creado' });
    expect(labels(fedex)).toEqual(['Creado']);
  });

  it('finds a package by its USPS number (with or without the routing prefix) and by its WR, with its shipment and estimated delivery', async () => {
    for (const typed of [
      USPS,
      `420 33101 ${USPS}`,
      `420331011234${USPS}`,
      PACKAGE_WR,
      'wr-2026-00777',
      'WR 2026 00777',
    ]) {
      const r = await lookUp(typed);
      expect(r, typed).toMatchObject({
        found: true,
        status: 'En tránsito',
        estimatedDelivery: '2027-01-15',
        deliveredOn: null,
        destinationCity: 'Valencia',
        originCountry: 'Estados Unidos',
      });
      expect(labels(r), typed).toEqual(expect.arrayContaining(['Recibido en almacén', 'Preparación', 'En tránsito']));
      // Newest first.
      expect([...r.timeline].sort((a, b) => b.at.localeCompare(a.at))).toEqual(r.timeline);
    }
  });

  it('finds a shipment by its code (the SH… the pickup notice gives), with its status and dates only', async () => {
    const code = privateValues.shipmentCode!;
    for (const typed of [code, code.toLowerCase(), `${code.slice(0, 2)} ${code.slice(2, 6)}-${code.slice(6)}`]) {
      const r = await lookUp(typed);
      expect(r, typed).toMatchObject({
        number: typed,
        found: true,
        carrier: null,
        status: 'En tránsito',
        estimatedDelivery: '2027-01-15',
        deliveredOn: null,
        destinationCity: 'Valencia',
        originCountry: 'Estados Unidos',
        departure: null,
      });
      // The shipment's own steps, newest first: not one parcel's carrier history.
      expect(labels(r), typed).toEqual(['En tránsito', 'Preparación']);
      const text = JSON.stringify(r);
      for (const [what, value] of Object.entries(privateValues))
        if (what !== 'shipmentCode') expect(text.includes(value), `${what}: ${value}`).toBe(false);
      expect(text).not.toContain('WR-');
    }
    // A code nobody has is answered as any other miss.
    const miss = await lookUp('SH00000000');
    expect(miss).toMatchObject({ found: false, status: null, timeline: [], departure: null });
  });

  it('finds a parcel received "sin dueño" by its Amazon number or its WR', async () => {
    for (const typed of [AMAZON, ' tba 3058 1274 5777 ', INTAKE_WR]) {
      const r = await lookUp(typed);
      expect(r, typed).toMatchObject({
        found: true,
        carrier: 'Amazon',
        status: 'Recibido en almacén',
        estimatedDelivery: null,
        destinationCity: null,
      });
      expect(labels(r)).toEqual(['Recibido en almacén']);
    }
  });

  it('shows none of the private values: no name, e-mail, phone, casillero, address, price, note, photo, id or other WR', async () => {
    const answers = await Promise.all([UPS, '7812 3456 7001', USPS, PACKAGE_WR, AMAZON, INTAKE_WR].map(lookUp));
    const text = JSON.stringify(answers);
    for (const [what, value] of Object.entries(privateValues))
      expect(text.includes(value), `${what}: ${value}`).toBe(false);
    // Asked by the carrier's number, the WR stays out too (only the number asked comes back).
    expect(JSON.stringify(await lookUp(USPS))).not.toContain('WR-');
    expect(JSON.stringify(await lookUp(AMAZON))).not.toContain('WR-');
    // Only these keys, and the timeline only dates and labels.
    for (const r of answers) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'carrier',
          'carrierLeg',
          'deliveredOn',
          'departure',
          'destinationCity',
          'estimatedDelivery',
          'found',
          'number',
          'originCountry',
          'status',
          'timeline',
          'whereNow',
        ].sort(),
      );
      for (const e of r.timeline) expect(Object.keys(e).sort()).toEqual(['at', 'label']);
      // The carrier's leg (docs/product/first-mile.md): its events' words, place and time, no signer.
      for (const e of r.carrierLeg?.events ?? [])
        expect(Object.keys(e).sort()).toEqual(['at', 'description', 'location', 'state']);
    }
  });

  it('answers a miss with the same shape as a hit, and the same answer whoever asks', async () => {
    const miss = await lookUp('1Z0000000000000000');
    expect(miss).toEqual({
      number: '1Z0000000000000000',
      found: false,
      carrier: null,
      status: null,
      timeline: [],
      estimatedDelivery: null,
      deliveredOn: null,
      originCountry: null,
      destinationCity: null,
      whereNow: null,
      carrierLeg: null,
      departure: null,
    });
    const hit = await lookUp(UPS);
    expect(Object.keys(miss).sort()).toEqual(Object.keys(hit).sort());

    // Signed in as someone else ("not yours") or as nobody: the same answer, for a hit and a miss.
    const stranger = await signedInCustomer(db(), { visitor: newVisitor({ ip: '10.78.0.1' }) });
    expect(await stranger.caller.publicTracking.lookup({ number: UPS })).toEqual(hit);
    expect(await stranger.caller.publicTracking.lookup({ number: '1Z0000000000000000' })).toEqual(miss);
  });

  it('refuses a malformed number with a Spanish message', async () => {
    const cases: [string, string][] = [
      ['', M.numberRequired],
      ['   ', M.numberRequired],
      ['1Z-4', M.numberTooShort(5)],
      ['1Z<script>', M.numberCharacters],
      ["' or 1=1 --", M.numberCharacters],
      ['9'.repeat(61), M.numberTooLong(60)],
    ];
    for (const [number, message] of cases) {
      const error = await trpcError(visitor().publicTracking.lookup({ number }));
      expect(error.code, number).toBe('BAD_REQUEST');
      expect(error.message, number).toBe(message);
    }
  });

  it(`refuses the ${PUBLIC_TRACKING_LIMIT.perIp + 1}st lookup from one IP within ${PUBLIC_TRACKING_LIMIT.windowMinutes} minutes, found or not; another IP still gets its answer`, async () => {
    const caller = callerFor(db(), newVisitor({ ip: '10.79.0.1' }), config);
    for (let i = 0; i < PUBLIC_TRACKING_LIMIT.perIp; i++) {
      const r = await caller.publicTracking.lookup({ number: i % 2 ? UPS : `NOEXISTE${1000 + i}` });
      expect(r.found).toBe(i % 2 === 1);
    }
    for (const number of [UPS, 'NOEXISTE99999']) {
      const error = await trpcError(caller.publicTracking.lookup({ number }));
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      expect(error.message).toMatch(/^Demasiadas consultas desde tu conexión\. Espera 10 minutos/);
    }
    const other = await callerFor(db(), newVisitor({ ip: '10.79.0.2' }), config).publicTracking.lookup({ number: UPS });
    expect(other.found).toBe(true);
  });
});

describe('the last mile on the tracking page (docs/product/last-mile.md)', () => {
  it('says the agency where it waits, then the day it was delivered, and never who collected it', async () => {
    const { agencies, deliveryProofs, shipmentPackages, shipments } = await import('../../db/schema');
    // The shipment of the parcel the USPS number names (set up above).
    const [shipment] = await db()
      .select({ id: shipmentPackages.shipmentId })
      .from(shipmentPackages)
      .where(eq(shipmentPackages.packageId, privateValues.packageId!));
    const [agency] = await db()
      .insert(agencies)
      .values({
        kind: 'own',
        carrier: 'Casillero',
        code: 'OF-VAL',
        name: 'Oficina Valencia',
        state: 'Carabobo',
        city: 'Valencia',
        address: 'Av. Bolívar Norte',
      })
      .returning({ id: agencies.id });
    await db()
      .update(shipments)
      .set({ deliveryMethod: 'agency', agencyId: agency!.id, status: 'ready_for_pickup' })
      .where(eq(shipments.id, shipment!.id));
    expect((await lookUp(USPS)).whereNow).toBe('Disponible en agencia Oficina Valencia, Valencia');

    await db()
      .update(shipments)
      .set({ status: 'delivered', actualDelivery: '2027-01-20' })
      .where(eq(shipments.id, shipment!.id));
    await db().insert(deliveryProofs).values({
      shipmentId: shipment!.id,
      method: 'id_document',
      receivedBy: 'Rosalinda Privada',
      idDocument: 'V-12345678',
    });
    const delivered = await lookUp(USPS);
    expect(delivered.whereNow).toBe('Entregado el 20/01/2027');
    expect(JSON.stringify(delivered)).not.toContain('Rosalinda');
    expect(JSON.stringify(delivered)).not.toContain('12345678');
  });
});
