// The manifest import (docs/product/warehouse-intake.md#manifest-import): the dry run's action and
// errors (line and column) per row; the import that follows the ownership rules of reception,
// converts pre-alerts, notifies each customer once, refuses a file with any error and creates
// nothing twice; and who may use it. Reading the file: services/parcel-import/parse.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES as M,
  PARCEL_IMPORT_PREVIEW_PATH,
  SESSION_COOKIE_NAME,
  trackingKey,
  type ImportPreview,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  parcelImports,
  parcelIntakes,
  prealerts,
} from '../../db/schema';
import { testConfig } from '../../env';
import { createServer } from '../../server';
import { previewImport } from '../../services/parcel-import/check';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import {
  customerWithActiveMailbox,
  signedInAdmin,
  signedInCustomer,
  signedInStaff,
  type CustomerWithMailbox,
} from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let ana: CustomerWithMailbox & { code: string };
let beto: CustomerWithMailbox & { code: string };
let carla: CustomerWithMailbox & { code: string };

let serial = 0;
/** A fresh tracking number of a carrier's shape, unique in this file. */
const ups = () => `1Z999AA1${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(4, '0')}`;

async function withCode(c: CustomerWithMailbox) {
  const [box] = await db().select({ code: mailboxes.mailboxCode }).from(mailboxes).where(eq(mailboxes.id, c.mailboxId));
  return { ...c, code: box!.code };
}

beforeAll(async () => {
  const { createTestDatabase } = await import('../../test/db');
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  almacen = await signedInStaff(db(), 'almacen');
  ana = await withCode(await customerWithActiveMailbox(db(), { nombre: 'Ana Importación' }));
  beto = await withCode(await customerWithActiveMailbox(db(), { nombre: 'Beto Manifiesto' }));
  carla = await withCode(await customerWithActiveMailbox(db(), { nombre: 'Carla Casillero' }));
});
afterAll(async () => {
  await database?.close();
});

const apply = (csv: string, fileName = 'manifiesto.csv') => almacen.caller.parcelImports.applyFile({ fileName, csv });
const preview = (csv: string, fileName = 'manifiesto.csv') => previewImport(db(), { fileName, csv });
const actionOf = (p: ImportPreview, line: number) => p.rows.find((r) => r.line === line)?.action;

describe('dry run and import', () => {
  it('follows the ownership rules, converts pre-alerts, links trackings, notifies each customer once, and a second import creates nothing', async () => {
    // Ana pre-alerted two parcels (one typed with a dash and lower case); Beto's parcel has a
    // tracking; Carla's is known by the casillero code on the label; one is nobody's; one was
    // received before; two customers pre-alerted the same number.
    const [a1, a2, b1, c1, nobody, old, both] = [ups(), ups(), ups(), ups(), ups(), ups(), ups()];
    const p1 = await ana.caller.prealerts.create({
      trackingNumber: `${a1.slice(0, 6).toLowerCase()}-${a1.slice(6)}`,
      description: 'Zapatos de Ana',
      quantityItems: 1,
    });
    await ana.caller.prealerts.create({ trackingNumber: a2, description: 'Libros de Ana', quantityItems: 1 });
    const tracking = await admin.caller.trackings.create({
      mailboxId: beto.mailboxId,
      trackingNumber: b1,
      carrier: 'UPS',
      description: 'Chaqueta de Beto',
      senderName: 'Zara',
    });
    const received = await admin.caller.packages.create({
      userId: beto.user.id,
      mailboxId: beto.mailboxId,
      trackingNumber: old,
      packageDescription: 'Viejo',
      status: 'pending',
    });
    await admin.caller.packages.receive({ id: received.id, warehouseReceipt: 'WR-VIEJO-1', weightKg: 1 });
    await ana.caller.prealerts.create({ trackingNumber: both, description: 'Disputado', quantityItems: 1 });
    await beto.caller.prealerts.create({ trackingNumber: both, description: 'Disputado', quantityItems: 1 });

    const csv = [
      'Tracking;Carrier;Casillero;Descripción;Peso;Dimensiones',
      `${a1};UPS;;Caja;1,5;30x20x15`,
      `${a2};UPS;;;0,75;`,
      `${b1};UPS;;;2;`,
      `${c1};UPS;${carla.code.toLowerCase()};Lámpara;3;`,
      `${nobody};UPS;;Sin remitente;4;`,
      `${old};UPS;;;1;`,
      `${both};UPS;;;1;`,
      `${a2.toLowerCase()};UPS;;;0,75;`,
    ].join('\n');

    const dry = await preview(csv);
    expect(dry.errors).toEqual([]);
    expect(actionOf(dry, 2)).toEqual({
      kind: 'receive',
      source: 'prealert',
      customerName: 'Ana Importación',
      mailboxCode: ana.code,
    });
    expect(actionOf(dry, 3)).toEqual({
      kind: 'receive',
      source: 'prealert',
      customerName: 'Ana Importación',
      mailboxCode: ana.code,
    });
    expect(actionOf(dry, 4)).toEqual({
      kind: 'receive',
      source: 'tracking',
      customerName: 'Beto Manifiesto',
      mailboxCode: beto.code,
    });
    expect(actionOf(dry, 5)).toEqual({
      kind: 'receive',
      source: 'mailbox',
      customerName: 'Carla Casillero',
      mailboxCode: carla.code,
    });
    expect(actionOf(dry, 6)).toEqual({ kind: 'unclaimed' });
    expect(actionOf(dry, 7)).toEqual({ kind: 'alreadyReceived', warehouseReceipt: 'WR-VIEJO-1' });
    expect(actionOf(dry, 8)).toEqual({ kind: 'unclaimed' });
    expect(actionOf(dry, 9)).toEqual({ kind: 'duplicate', firstLine: 3 });
    expect(dry.summary).toEqual({ receive: 4, unclaimed: 2, alreadyReceived: 1, duplicates: 1, errors: 0 });
    expect(dry.importedBefore).toBeNull();
    // The dry run changed nothing.
    const keys = [a1, a2, b1, c1, nobody, both].map(trackingKey);
    expect(await db().select().from(parcelIntakes).where(inArray(parcelIntakes.trackingKey, keys))).toEqual([]);

    const result = await apply(csv);
    expect(result).toMatchObject({ received: 4, unclaimed: 2, skipped: 2, customersNotified: 3 });

    const intakes = await db().select().from(parcelIntakes).where(inArray(parcelIntakes.trackingKey, keys));
    expect(intakes).toHaveLength(6);
    for (const i of intakes) {
      expect(i.warehouseReceipt).toMatch(/^WR-\d{4}-\d+$/);
      expect(i.importId).toBe(result.importId);
      expect(i.receivedBy).toBe(almacen.user.id);
    }
    const byKey = new Map(intakes.map((i) => [i.trackingKey, i]));
    expect(byKey.get(trackingKey(nobody))).toMatchObject({
      status: 'unclaimed',
      packageId: null,
      mailboxId: null,
      description: 'Sin remitente',
      weightKg: 4,
    });
    expect(byKey.get(trackingKey(both))).toMatchObject({ status: 'unclaimed', packageId: null });

    const made = await db()
      .select()
      .from(packages)
      .where(
        inArray(
          packages.id,
          intakes.map((i) => i.packageId).filter((id): id is string => id !== null),
        ),
      );
    expect(made).toHaveLength(4);
    const pkgOf = (n: string) => made.find((p) => p.id === byKey.get(trackingKey(n))!.packageId)!;
    expect(pkgOf(a1)).toMatchObject({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      status: 'received',
      packageDescription: 'Zapatos de Ana',
      weightKg: 1.5,
      dimensionsCm: '30x20x15',
      trackingNumber: a1,
    });
    expect(pkgOf(a1).warehouseReceipt).toBe(byKey.get(trackingKey(a1))!.warehouseReceipt);
    expect(pkgOf(a1).receivedDate).not.toBeNull();
    expect(pkgOf(b1)).toMatchObject({
      userId: beto.user.id,
      trackingId: tracking.id,
      packageDescription: 'Chaqueta de Beto',
      senderName: 'Zara',
    });
    expect(pkgOf(c1)).toMatchObject({
      userId: carla.user.id,
      mailboxId: carla.mailboxId,
      packageDescription: 'Lámpara',
    });

    const [converted] = await db().select().from(prealerts).where(eq(prealerts.id, p1.id));
    expect(converted).toMatchObject({ status: 'converted', convertedPackageId: pkgOf(a1).id });
    const disputed = await db()
      .select({ status: prealerts.status })
      .from(prealerts)
      .where(sql`tracking_key(${prealerts.trackingNumber}) = ${trackingKey(both)}`);
    expect(disputed.map((p) => p.status)).toEqual(['pending', 'pending']);

    // One notification per customer, naming the casillero and the WR numbers; and its e-mail.
    const anaNotes = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    const received2 = anaNotes.filter((n) => n.title === M.notificationTitle(2));
    expect(received2).toHaveLength(1);
    expect(received2[0]!.message).toContain(`Recibimos 2 paquetes en tu casillero ${ana.code}`);
    expect(received2[0]!.message).toContain(pkgOf(a1).warehouseReceipt!);
    expect(received2[0]!.link).toBe('/dashboard/almacen');
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, M.notificationTitle(2)));
    expect(mails.filter((m) => m.to.includes(ana.email))).toHaveLength(1);
    const carlaNotes = await db().select().from(notifications).where(eq(notifications.userId, carla.user.id));
    expect(carlaNotes.filter((n) => n.title === M.notificationTitle(1))).toHaveLength(1);

    const [imp] = await db().select().from(parcelImports).where(eq(parcelImports.id, result.importId));
    expect(imp).toMatchObject({
      fileName: 'manifiesto.csv',
      rowCount: 8,
      receivedCount: 4,
      unclaimedCount: 2,
      skippedCount: 2,
      createdBy: almacen.user.id,
    });

    // The same file again: every row already received (or repeated), nothing created twice.
    const countAll = async () => ({
      intakes: (await db().select({ id: parcelIntakes.id }).from(parcelIntakes)).length,
      packages: (await db().select({ id: packages.id }).from(packages)).length,
      notifications: (await db().select({ id: notifications.id }).from(notifications)).length,
      mails: (await db().select({ id: emailOutbox.id }).from(emailOutbox)).length,
    });
    const before = await countAll();
    const again = await preview(csv);
    expect(again.importedBefore).not.toBeNull();
    expect(again.summary).toEqual({ receive: 0, unclaimed: 0, alreadyReceived: 7, duplicates: 1, errors: 0 });
    expect(actionOf(again, 2)).toEqual({ kind: 'alreadyReceived', warehouseReceipt: pkgOf(a1).warehouseReceipt });
    const second = await apply(csv);
    expect(second).toMatchObject({ received: 0, unclaimed: 0, skipped: 8, customersNotified: 0 });
    expect(await countAll()).toEqual(before);
  });

  it('a pending package of the number is received, not created again', async () => {
    const n = ups();
    const pending = await admin.caller.packages.create({
      userId: beto.user.id,
      mailboxId: beto.mailboxId,
      trackingNumber: n,
      packageDescription: 'Esperado',
      status: 'pending',
    });
    const dry = await preview(`tracking,peso\n${n},2.5\n`);
    expect(actionOf(dry, 2)).toEqual({
      kind: 'receive',
      source: 'package',
      customerName: 'Beto Manifiesto',
      mailboxCode: beto.code,
    });
    await apply(`tracking,peso\n${n},2.5\n`);
    const [pkg] = await db().select().from(packages).where(eq(packages.id, pending.id));
    expect(pkg).toMatchObject({ status: 'received', weightKg: 2.5, packageDescription: 'Esperado' });
    const [intake] = await db()
      .select()
      .from(parcelIntakes)
      .where(eq(parcelIntakes.trackingKey, trackingKey(n)));
    expect(intake).toMatchObject({ packageId: pending.id, status: 'claimed', warehouseReceipt: pkg!.warehouseReceipt });
  });

  it('a file with one error changes nothing, and says so', async () => {
    const good = ups();
    const csv = `tracking;peso;casillero\n${good};1;\n${ups()};abc;\n${ups()};1;NO-EXISTE\n`;
    const dry = await preview(csv);
    expect(dry.errors).toEqual([
      { line: 3, column: 'peso', message: M.weightNotNumber('abc') },
      { line: 4, column: 'casillero', message: M.mailboxUnknown('NO-EXISTE') },
    ]);
    expect(dry.summary).toMatchObject({ unclaimed: 1, errors: 2 });
    const before = (await db().select({ id: parcelImports.id }).from(parcelImports)).length;
    const err = await trpcError(apply(csv));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(M.hasErrors(2));
    expect(
      await db()
        .select()
        .from(parcelIntakes)
        .where(eq(parcelIntakes.trackingKey, trackingKey(good))),
    ).toEqual([]);
    expect((await db().select({ id: parcelImports.id }).from(parcelImports)).length).toBe(before);
  });

  it('asked to, imports the good rows and gives back the bad ones, with their errors, as a file to correct', async () => {
    const [good, bad, unknownBox] = [ups(), ups(), ups()];
    const csv = `tracking;peso;casillero\n${good};1,5;${ana.code}\n${bad};abc;\n"${unknownBox}";2;NO-EXISTE\n`;
    const done = await almacen.caller.parcelImports.applyFile({ fileName: 'parcial.csv', csv, skipErrors: true });
    expect(done).toMatchObject({ received: 1, unclaimed: 0, skipped: 0, rejected: 2 });
    const [intake] = await db()
      .select()
      .from(parcelIntakes)
      .where(eq(parcelIntakes.trackingKey, trackingKey(good)));
    expect(intake).toMatchObject({ status: 'claimed', weightKg: 1.5 });
    const taken = await db()
      .select({ key: parcelIntakes.trackingKey })
      .from(parcelIntakes)
      .where(inArray(parcelIntakes.trackingKey, [trackingKey(bad), trackingKey(unknownBox)]));
    expect(taken).toEqual([]);
    // The file to correct: the headers, an 'Errores' column, each bad row as it was with its errors.
    const lines = done
      .rejectedCsv!.replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      `"tracking","peso","casillero","${M.rejectedErrorsColumn}"`,
      `"${bad}","abc","","peso: ${M.weightNotNumber('abc')}"`,
      `"${unknownBox}","2","NO-EXISTE","casillero: ${M.mailboxUnknown('NO-EXISTE')}"`,
    ]);
    // Corrected and imported again, the rows are received.
    const corrected = `tracking;peso;casillero\n${bad};2;\n${unknownBox};2;${beto.code}\n`;
    expect(await apply(corrected, 'corregido.csv')).toMatchObject({
      received: 1,
      unclaimed: 1,
      rejected: 0,
      rejectedCsv: null,
    });
  });

  it('an error of the whole file, or a file with no good row, still refuses it when asked for the good rows', async () => {
    const noWeight = `tracking\n${ups()}\n`;
    expect(
      (await trpcError(almacen.caller.parcelImports.applyFile({ fileName: 'x.csv', csv: noWeight, skipErrors: true })))
        .message,
    ).toBe(M.hasErrors(1));
    const allBad = `tracking;peso\n${ups()};abc\n`;
    expect(
      (await trpcError(almacen.caller.parcelImports.applyFile({ fileName: 'x.csv', csv: allBad, skipErrors: true })))
        .message,
    ).toBe(M.hasErrors(1));
  });

  it('bad input gets a Spanish message', async () => {
    expect((await trpcError(apply(''))).message).toBe(M.fileEmpty);
    expect((await trpcError(apply('tracking,peso\n'))).message).toBe(M.hasErrors(1));
  });
});

describe('who may import', () => {
  it('the cashier and customers are refused the import', async () => {
    const caja = await signedInStaff(db(), 'caja');
    const customer = await signedInCustomer(db());
    const csv = `tracking,peso\n${ups()},1\n`;
    expect((await trpcError(caja.caller.parcelImports.applyFile({ fileName: 'x.csv', csv }))).code).toBe('FORBIDDEN');
    expect((await trpcError(customer.caller.parcelImports.applyFile({ fileName: 'x.csv', csv }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await trpcError(callerFor(db()).parcelImports.applyFile({ fileName: 'x.csv', csv }))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('the dry run over HTTP: the warehouse gets the preview, the cashier, customers and other sites are refused', async () => {
    const server = await createServer({ config, database });
    try {
      const caja = await signedInStaff(db(), 'caja');
      const customer = await signedInCustomer(db());
      const n = ups();
      const post = (token: string | null, headers: Record<string, string> = {}) =>
        server.app.inject({
          method: 'POST',
          url: PARCEL_IMPORT_PREVIEW_PATH,
          headers: { 'content-type': 'application/json', ...headers },
          cookies: token ? { [SESSION_COOKIE_NAME]: token } : {},
          payload: JSON.stringify({ fileName: 'm.csv', csv: `tracking,peso\n${n},1\n` }),
        });
      const ok = await post(almacen.visitor.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().rows[0]).toMatchObject({ line: 2, trackingNumber: n, action: { kind: 'unclaimed' } });
      expect((await post(caja.visitor.token)).statusCode).toBe(403);
      expect((await post(customer.visitor.token)).statusCode).toBe(403);
      expect((await post(null)).statusCode).toBe(401);
      expect((await post(almacen.visitor.token, { origin: 'https://otro.example' })).statusCode).toBe(403);
      const empty = await server.app.inject({
        method: 'POST',
        url: PARCEL_IMPORT_PREVIEW_PATH,
        headers: { 'content-type': 'application/json' },
        cookies: { [SESSION_COOKIE_NAME]: almacen.visitor.token! },
        payload: JSON.stringify({ fileName: 'm.csv', csv: '' }),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(M.fileEmpty);
    } finally {
      await server.stop();
    }
  });
});
