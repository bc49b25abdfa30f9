// Printable labels over HTTP (docs/product/warehouse-intake.md#labels): the PDF is rendered to an image with MuPDF and
// its barcode read back with ZXing (both WebAssembly, loaded from node_modules, no network), so
// the test checks what a printer and a scanner would see: the WR number as text and as a Code 128
// barcode that decodes to it, the casillero, the customer and the destination, one page per
// parcel; and who may print.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  AUTH_MESSAGES,
  LABELS_MAX_PER_REQUEST,
  SESSION_COOKIE_NAME,
  WAREHOUSE_MESSAGES,
  labelsUrl,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, packages, parcelIntakes, userProfiles } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { callerFor, trpcError } from '../test/caller';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../test/factories';
import { code128Modules, printable } from '../services/labels';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let caja: Awaited<ReturnType<typeof signedInStaff>>;
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let anaMailbox: { id: string; mailboxCode: string };

const db = () => database.db;

beforeAll(async () => {
  const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000' }), database });
  admin = await signedInAdmin(db());
  almacen = await signedInStaff(db(), 'almacen');
  caja = await signedInStaff(db(), 'caja');
  ana = await signedInCustomer(db(), { nombre: 'Ana Etiqueta Núñez' });
  await db()
    .update(userProfiles)
    .set({ venezuelaCity: 'Maracaibo', venezuelaState: 'Zulia' })
    .where(eq(userProfiles.userId, ana.user.id));
  [anaMailbox] = await db()
    .select({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, ana.user.id));
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

let serial = 0;
async function receivedPackage(overrides: Partial<typeof packages.$inferInsert> = {}) {
  serial++;
  const [pkg] = await db()
    .insert(packages)
    .values({
      userId: ana.user.id,
      mailboxId: anaMailbox.id,
      trackingNumber: `1Z999AA1012345678${serial}`,
      packageDescription: 'Audífonos',
      status: 'received',
      receivedDate: new Date('2026-03-14T15:00:00Z'),
      warehouseReceipt: `WR-2026-${1000100 + serial}`,
      weightKg: 2.35,
      dimensionsCm: '30x20x15.5',
      ...overrides,
    })
    .returning();
  return pkg;
}

function get(url: string, token: string | null | undefined) {
  return server.app.inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE_NAME]: token } : {} });
}

/** Each page of the PDF: its text, and the Code 128 barcodes read off a 200 dpi rendering. */
async function readLabels(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const [x0, y0, x1, y1] = page.getBounds();
    const pixmap = page.toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    const barcodes = await readBarcodes(pixmap.asPNG(), { formats: ['Code128'], tryHarder: true });
    pages.push({
      text: page.toStructuredText('preserve-whitespace').asText(),
      sizeMm: [Math.round(((x1 - x0) * 25.4) / 72), Math.round(((y1 - y0) * 25.4) / 72)],
      barcodes: barcodes.map((b) => ({ format: b.format, text: b.text })),
    });
  }
  return pages;
}

describe('GET /api/labels', () => {
  it("prints a package's label: 100×150 mm, the WR as text and as a Code 128 barcode that decodes back to it, casillero, customer, destination, weight, dimensions (es-VE) and date", async () => {
    const pkg = await receivedPackage();
    const res = await get(labelsUrl({ packageIds: [pkg.id] }), almacen.visitor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="etiqueta-${pkg.warehouseReceipt}.pdf"`);
    expect(res.headers['cache-control']).toContain('no-store');
    const [page, ...rest] = await readLabels(res.rawPayload);
    expect(rest).toHaveLength(0);
    expect(page!.sizeMm).toEqual([100, 150]);
    expect(page!.barcodes).toEqual([{ format: 'Code128', text: pkg.warehouseReceipt }]);
    for (const text of [
      pkg.warehouseReceipt!,
      anaMailbox.mailboxCode,
      'Ana Etiqueta Núñez',
      'Maracaibo, Zulia',
      '2,35 kg',
      '30 × 20 × 15,5 cm',
      '14/03/2026',
      pkg.trackingNumber!,
      'Casillero Virtual',
    ]) {
      expect(page!.text).toContain(text);
    }
  });

  it('prints many labels at once, one page each in the order asked, each barcode its own WR', async () => {
    const pkgs = [await receivedPackage(), await receivedPackage(), await receivedPackage()];
    const order = [pkgs[2]!, pkgs[0]!, pkgs[1]!];
    const res = await get(labelsUrl({ packageIds: order.map((p) => p.id) }), admin.visitor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="etiquetas-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pages = await readLabels(res.rawPayload);
    expect(pages.map((p) => p.barcodes.map((b) => b.text))).toEqual(order.map((p) => [p.warehouseReceipt]));
  });

  it('prints a parcel received "sin dueño": SIN DUEÑO and the code read off its label, no customer', async () => {
    const [intake] = await db()
      .insert(parcelIntakes)
      .values({
        trackingNumber: 'TBA123456789000',
        trackingKey: 'TBA123456789000',
        warehouseReceipt: 'WR-2026-1000777',
        status: 'unclaimed',
        mailboxCodeRead: 'CV-99999',
        weightKg: 0.8,
      })
      .returning();
    const pkg = await receivedPackage();
    const res = await get(labelsUrl({ packageIds: [pkg.id], intakeIds: [intake!.id] }), almacen.visitor.token);
    expect(res.statusCode).toBe(200);
    const [first, second] = await readLabels(res.rawPayload);
    expect(first!.barcodes[0]!.text).toBe(pkg.warehouseReceipt);
    expect(second!.barcodes).toEqual([{ format: 'Code128', text: 'WR-2026-1000777' }]);
    expect(second!.text).toContain('SIN DUEÑO');
    expect(second!.text).toContain('Código leído: CV-99999');
    expect(second!.text).not.toContain('Ana Etiqueta');
  });

  it('answers 404 for an unknown id, 400 for a malformed list, none, too many or a package without WR, in Spanish', async () => {
    const unknown = await get(labelsUrl({ packageIds: ['6f1c2b9e-1d7a-4a53-9a0e-2f7b1c3d4e5f'] }), admin.visitor.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(WAREHOUSE_MESSAGES.labelsNotFound);
    const unknownIntake = await get(
      labelsUrl({ intakeIds: ['6f1c2b9e-1d7a-4a53-9a0e-2f7b1c3d4e5f'] }),
      admin.visitor.token,
    );
    expect(unknownIntake.statusCode).toBe(404);

    const malformed = await get('/api/labels?packages=1,2', admin.visitor.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(WAREHOUSE_MESSAGES.labelsInvalidId);
    const none = await get('/api/labels', admin.visitor.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(WAREHOUSE_MESSAGES.labelsNone);
    const tooMany = Array.from(
      { length: LABELS_MAX_PER_REQUEST + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const many = await get(labelsUrl({ packageIds: tooMany }), admin.visitor.token);
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe(WAREHOUSE_MESSAGES.labelsTooMany);

    const pending = await receivedPackage({ status: 'pending', warehouseReceipt: null, receivedDate: null });
    const noReceipt = await get(labelsUrl({ packageIds: [pending.id] }), admin.visitor.token);
    expect(noReceipt.statusCode).toBe(400);
    expect(noReceipt.json().error).toBe(WAREHOUSE_MESSAGES.labelsNoReceipt);
  });

  it('answers 401 to visitors and 403 to customers and to staff who may not read packages', async () => {
    const pkg = await receivedPackage();
    const url = labelsUrl({ packageIds: [pkg.id] });
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(AUTH_MESSAGES.unauthorized);
    const customer = await get(url, ana.visitor.token);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error).toBe(AUTH_MESSAGES.forbidden);
    expect((await get(url, caja.visitor.token)).statusCode).toBe(403);
  });
});

describe('a WR scanned on the packages list', () => {
  it('finds the package of a WR, whatever its case and spaces, and says in Spanish when there is none', async () => {
    const pkg = await receivedPackage();
    const atencion = await signedInStaff(db(), 'atencion');
    const found = await callerFor(db(), atencion.visitor).packages.byWarehouseReceipt({
      warehouseReceipt: ` ${pkg.warehouseReceipt!.toLowerCase()} `,
    });
    expect(found).toEqual({ id: pkg.id, warehouseReceipt: pkg.warehouseReceipt });
    const missing = await trpcError(
      callerFor(db(), admin.visitor).packages.byWarehouseReceipt({ warehouseReceipt: 'WR-2026-9999999' }),
    );
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe(WAREHOUSE_MESSAGES.receiptNotFound('WR-2026-9999999'));
    expect(
      (
        await trpcError(
          callerFor(db(), ana.visitor).packages.byWarehouseReceipt({ warehouseReceipt: pkg.warehouseReceipt! }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('label drawing', () => {
  it('encodes Code 128 bars and spaces that add up to whole symbols (11 modules each, 13 for the stop)', () => {
    const modules = code128Modules('WR-2026-1000123');
    expect(modules.length % 6).toBe(1);
    expect(modules.reduce((a, b) => a + b, 0) % 11).toBe(2);
  });

  it('prints Spanish as it is and replaces what the standard fonts cannot draw', () => {
    expect(printable('María Ñúñez')).toBe('María Ñúñez');
    expect(printable('Łukasz Gőz 李')).toBe('?ukasz Goz ?');
  });
});

describe('labelsUrl', () => {
  it('builds the route with the lists given and leaves empty ones out', () => {
    expect(labelsUrl({ packageIds: ['a', 'b'] })).toBe('/api/labels?packages=a%2Cb');
    expect(labelsUrl({ intakeIds: ['c'] })).toBe('/api/labels?intakes=c');
    expect(labelsUrl({ packageIds: [], intakeIds: [] })).toBe('/api/labels');
  });
});
