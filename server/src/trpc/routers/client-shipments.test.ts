// The customer's Envíos (shipments.listOwn / shipments.ownDetail) and what Almacén shows of a
// package's shipment and its intake photo.
import sharp from 'sharp';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SHIPMENT_MESSAGES as M, type PackageStatus } from '@casillero/shared';
import type { Database } from '../../db/client';
import { mailboxes, packages } from '../../db/schema';
import { testConfig } from '../../env';
import { createServer } from '../../server';
import { businessToday } from '../../lib/business-clock';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, homeDeliveryTo } from '../../test/factories';
import { tempStorageDir, tinyPng, uploadFile } from '../../test/files';

let database: Database;
let storageDir: string;
let server: Awaited<ReturnType<typeof createServer>>;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
let admin: Signed;
let ana: Signed;
let beto: Signed;
const db = () => database.db;
const as = (s: Signed) => callerFor(db(), s.visitor, config());

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  server = await createServer({ config: config(), database });
  admin = await signedInAdmin(database.db);
  ana = await signedInCustomer(database.db, { nombre: 'Ana Envíos' });
  beto = await signedInCustomer(database.db, { nombre: 'Beto Envíos' });
});
afterAll(async () => {
  await server.stop();
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

let seq = 0;
async function packageOf(c: Signed, status: PackageStatus = 'received', weightKg = 1.5) {
  const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, c.user.id));
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: box.id,
      trackingNumber: `CSHIP${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: `Compra ${seq}`,
      senderName: 'Amazon',
      status,
      weightKg,
      warehouseReceipt: `WR-CS-${seq}`,
      receivedDate: status === 'pending' ? null : new Date(),
    })
    .returning({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      warehouseReceipt: packages.warehouseReceipt,
      description: packages.packageDescription,
    });
  return row;
}

async function shipmentOf(c: Signed, packageIds: string[], city = 'Valencia') {
  return as(admin).shipments.create({
    userId: c.user.id,
    ...(await homeDeliveryTo(db(), c.user.id, {
      address: 'Av. Bolívar Norte, edificio Torre Stratos, piso 3',
      city: city,
      state: 'Carabobo',
    })),
    estimatedDelivery: '2030-01-15',
    shippingCostUsdCents: 4250,
    packageIds,
  });
}

describe('shipments.listOwn', () => {
  it('lists only the customer’s own shipments, newest first, with count, weight, cost and dates', async () => {
    const [p1, p2, p3] = [
      await packageOf(ana, 'received', 1.25),
      await packageOf(ana, 'in_warehouse', 2),
      await packageOf(ana),
    ];
    const older = await shipmentOf(ana, [p1.id, p2.id], 'Valencia');
    const newer = await shipmentOf(ana, [p3.id], 'Maracay');
    const foreign = await shipmentOf(beto, [(await packageOf(beto)).id], 'Mérida');

    const list = await as(ana).shipments.listOwn();
    expect(list.total).toBe(2);
    expect(list.items.map((s) => s.shipmentCode)).toEqual([newer.shipmentCode, older.shipmentCode]);
    expect(list.items[1]).toMatchObject({
      id: older.id,
      status: 'preparing',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      packageCount: 2,
      totalWeightKg: 3.25,
      shippingCostUsdCents: 4250,
      estimatedDelivery: '2030-01-15',
      actualDelivery: null,
    });
    expect(Date.parse(list.items[1].createdAt)).not.toBeNaN();
    expect(list.items[1]).not.toHaveProperty('createdBy');
    expect(list.items.some((s) => s.id === foreign.id)).toBe(false);

    const page2 = await as(ana).shipments.listOwn({ page: 2, pageSize: 1 });
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((s) => s.id)).toEqual([older.id]);

    expect((await as(beto).shipments.listOwn()).items.map((s) => s.id)).toEqual([foreign.id]);
  });

  it('is empty for a customer without shipments and refuses anonymous callers', async () => {
    const carla = await signedInCustomer(db());
    expect(await as(carla).shipments.listOwn()).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect((await trpcError(callerFor(db()).shipments.listOwn())).code).toBe('UNAUTHORIZED');
  });
});

describe('shipments.ownDetail', () => {
  it('shows the shipment’s packages and stages; another customer’s shipment is NOT_FOUND', async () => {
    const a = await packageOf(ana);
    const b = await packageOf(ana);
    const shipment = await shipmentOf(ana, [a.id, b.id]);

    const detail = await as(ana).shipments.ownDetail({ id: shipment.id });
    expect(detail).toMatchObject({ shipmentCode: shipment.shipmentCode, status: 'preparing', packageCount: 2 });
    expect(detail.packages).toEqual([
      {
        id: a.id,
        trackingNumber: a.trackingNumber,
        description: a.description,
        senderName: 'Amazon',
        weightKg: 1.5,
        warehouseReceipt: a.warehouseReceipt,
        status: 'in_shipment',
      },
      {
        id: b.id,
        trackingNumber: b.trackingNumber,
        description: b.description,
        senderName: 'Amazon',
        weightKg: 1.5,
        warehouseReceipt: b.warehouseReceipt,
        status: 'in_shipment',
      },
    ]);
    expect(detail.stages.map((s) => [s.stageNumber, s.stageName, s.status])).toEqual([[1, M.firstStageName, 'active']]);

    for (const id of [shipment.id, randomUUID()]) {
      const error = await trpcError(as(beto).shipments.ownDetail({ id }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(M.notFound);
    }
  });

  it('shows each status change the admin makes, with its stages in order and the delivery date', async () => {
    const p = await packageOf(ana);
    const shipment = await shipmentOf(ana, [p.id]);
    await as(admin).shipments.updateStatus({ id: shipment.id, status: 'in_transit' });
    let detail = await as(ana).shipments.ownDetail({ id: shipment.id });
    expect(detail.status).toBe('in_transit');
    expect(detail.packages[0].status).toBe('shipped');
    expect(detail.stages.map((s) => [s.stageNumber, s.status])).toEqual([
      [1, 'completed'],
      [2, 'active'],
    ]);

    await as(admin).shipments.updateStatus({ id: shipment.id, status: 'delivered' });
    detail = await as(ana).shipments.ownDetail({ id: shipment.id });
    expect(detail).toMatchObject({ status: 'delivered', actualDelivery: businessToday() });
    expect(detail.stages.map((s) => [s.stageNumber, s.stageName, s.status])).toEqual([
      [1, M.firstStageName, 'completed'],
      [2, 'En tránsito', 'completed'],
      [3, 'Entregado', 'completed'],
    ]);
    const row = (await as(ana).shipments.listOwn()).items.find((s) => s.id === shipment.id)!;
    expect(row).toMatchObject({ status: 'delivered', actualDelivery: businessToday() });
    expect(Date.parse(row.updatedAt)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));
  });
});

describe('Almacén: the package’s shipment and its intake photo', () => {
  it('shows the shipment a package travels in', async () => {
    const p = await packageOf(ana);
    const loose = await packageOf(ana);
    const shipment = await shipmentOf(ana, [p.id]);
    const items = (await as(ana).packages.mine()).items;
    expect(items.find((i) => i.id === p.id)).toMatchObject({
      status: 'in_shipment',
      shipmentId: shipment.id,
      shipmentCode: shipment.shipmentCode,
      shipmentStatus: 'preparing',
    });
    expect(items.find((i) => i.id === loose.id)).toMatchObject({
      shipmentId: null,
      shipmentCode: null,
      shipmentStatus: null,
    });
  });

  it('lets the owner open the photo the warehouse took, and nobody else', async () => {
    const pkg = await packageOf(ana, 'pending');
    const png = tinyPng('foto-paquete');
    const upload = await uploadFile(server.app, png, {
      token: admin.visitor.token,
      kind: 'package_photo',
      ownerUserId: ana.user.id,
      filename: 'foto.png',
    });
    expect(upload.statusCode).toBe(201);
    const photoId: string = upload.json().id;
    await as(admin).packages.receive({
      id: pkg.id,
      warehouseReceipt: 'WR-FOTO-1',
      weightKg: 1.1,
      photoFileId: photoId,
    });

    const mine = (await as(ana).packages.mine()).items.find((i) => i.id === pkg.id)!;
    expect(mine.photoFileId).toBe(photoId);
    const link = await as(ana).files.link({ id: photoId });
    const res = await server.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // The warehouse's picture as the upload route keeps it: the same PNG, re-encoded.
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: (await sharp(png).metadata()).width,
    });

    expect((await trpcError(as(beto).files.link({ id: photoId }))).code).toBe('NOT_FOUND');
    expect((await as(ana).packages.mine()).items.filter((i) => i.photoFileId !== null).map((i) => i.id)).toEqual([
      pkg.id,
    ]);
  });
});
