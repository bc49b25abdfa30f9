// Departures (docs/product/departures.md): the life cycle on the database (create, add by id and by
// scanning a WR label or a shipment code, remove, close), every refusal in Spanish with nothing
// changed, and the manifest's totals against the database's own sums. The planned dates, the
// milestones, the notices and what customers see: departures-timeline.test.ts.
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  addDays,
  departureManifestPath,
  MANIFEST_HEADERS,
  findForeignNumbers,
  formatDecimal,
  formatUsd,
} from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { trpcError } from '../../test/caller';
import { createServer } from '../../server';
import { csvRows } from '../../test/csv';
import { rowValues, xlsxSheetOf } from '../../test/xlsx';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import {
  air,
  almacen,
  as,
  caja,
  config,
  customer,
  database,
  db,
  departureOf,
  shipmentOf,
  today,
  useDeparturesDesk,
} from '../../test/departures';

useDeparturesDesk();

describe('departures: the life cycle', () => {
  it('creates a departure, takes shipments by id, WR label and shipment code, refuses the wrong ones, and closes', async () => {
    const staff = as(almacen);
    const d = await staff.departures.create(air());
    expect(d.code).toMatch(/^AER-MIA-\d{6}-\d+$/);

    const ana = await customer();
    const byId = await shipmentOf(ana);
    const byWr = await shipmentOf(ana, {
      parcels: [
        { weightKg: 2, valueUsd: 10 },
        { weightKg: 3, valueUsd: 5 },
      ],
    });
    const byCode = await shipmentOf(await customer());

    expect((await staff.departures.addShipment({ departureId: d.id, shipmentId: byId.id })).shipmentCode).toBe(
      byId.code,
    );
    // A hand scanner types the WR label in whatever case; a second parcel of the same shipment is "already here".
    await staff.departures.scan({ departureId: d.id, code: byWr.wrs[0]!.toLowerCase() });
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: byWr.wrs[1]! }))).message).toBe(
      M.alreadyHere(byWr.code),
    );
    await staff.departures.scan({ departureId: d.id, code: ` ${byCode.code} ` });
    for (const s of [byId, byWr, byCode]) expect(await departureOf(s.id)).toBe(d.id);

    // Refusals, each in Spanish, each leaving the shipment where it was.
    const sea = await shipmentOf(await customer(), { mode: 'maritimo' });
    expect((await trpcError(staff.departures.addShipment({ departureId: d.id, shipmentId: sea.id }))).message).toBe(
      M.wrongMode(sea.code, 'Marítimo'),
    );
    const china = await shipmentOf(await customer('beijing'));
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: china.code }))).message).toBe(
      M.wrongOrigin(china.code, 'China'),
    );
    const other = await staff.departures.create(air());
    expect(
      (await trpcError(staff.departures.addShipment({ departureId: other.id, shipmentId: byId.id }))).message,
    ).toBe(M.inOtherDeparture(byId.code, d.code));
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: 'WR-NO-EXISTE' }))).message).toBe(
      M.scanNotFound('WR-NO-EXISTE'),
    );
    for (const s of [sea, china]) expect(await departureOf(s.id)).toBeNull();
    expect(await departureOf(byId.id)).toBe(d.id);

    // A cutoff after the departure is refused before anything is written.
    const before = (await staff.departures.list({})).rows.length;
    const late = await trpcError(
      staff.departures.create(air({ cutoffOn: addDays(today, 9), plannedDeparture: addDays(today, 4) })),
    );
    expect(late.message).toContain(M.cutoffAfterDeparture);
    expect((await staff.departures.list({})).rows.length).toBe(before);
    expect((await trpcError(staff.departures.create(air({ arrivalPort: 'la_guaira' })))).message).toContain(
      M.portForMode,
    );

    // Remove one, close, and a closed departure takes no more.
    await staff.departures.removeShipment({ departureId: d.id, shipmentId: byCode.id });
    expect(await departureOf(byCode.id)).toBeNull();
    expect((await trpcError(staff.departures.close({ id: other.id }))).message).toBe(M.closeEmpty);
    await staff.departures.close({ id: d.id });
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: byCode.code }))).message).toBe(
      M.closed(d.code),
    );
    expect(await departureOf(byCode.id)).toBeNull();
    expect((await trpcError(staff.departures.removeShipment({ departureId: d.id, shipmentId: byId.id }))).message).toBe(
      M.closed(d.code),
    );

    const detail = await staff.departures.detail({ id: d.id });
    expect(detail.status).toBe('closed');
    expect(detail.shipments.map((s) => s.shipmentCode).sort()).toEqual([byId.code, byWr.code].sort());
    expect(detail.milestones.map((m) => m.kind)).toEqual([
      'reception_closed',
      'departed',
      'arrived',
      'customs',
      'released',
      'distribution',
    ]);
  });

  it('the cashier reads departures but cannot change them', async () => {
    await as(caja).departures.list({});
    expect((await trpcError(as(caja).departures.create(air()))).code).toBe('FORBIDDEN');
  });
});

describe('departures: the manifest', () => {
  it('lists every shipment and its totals equal the database sums (Excel, CSV and PDF)', async () => {
    const staff = as(almacen);
    const d = await staff.departures.create(air());
    const people = [await customer(), await customer(), await customer()];
    const parcels = [
      [
        { weightKg: 1.15, valueUsd: 19.99, dims: '30x20x10' },
        { weightKg: 0.35, valueUsd: 7.01, dims: '10 x 10 x 5' },
      ],
      [{ weightKg: 12.4, valueUsd: 310.5, dims: 'grande' }],
      [
        { weightKg: 2.05, valueUsd: 0.1 },
        { weightKg: 2.05, valueUsd: 0.2, dims: '40x30x20' },
        { weightKg: 4.1, valueUsd: 0.3 },
      ],
    ];
    for (const [i, p] of people.entries()) {
      const s = await shipmentOf(p, { parcels: parcels[i] });
      await staff.departures.addShipment({ departureId: d.id, shipmentId: s.id });
    }
    const [sums] = rowsOf<{ pieces: number; weight: string; value: string; shipments: number }>(
      await db().execute(sql`
        select count(p.id)::int as pieces, sum(p.weight_kg)::text as weight, (sum(p.estimated_value_usd_cents) / 100.0)::text as value,
               count(distinct s.id)::int as shipments
        from shipments s join shipment_packages sp on sp.shipment_id = s.id join packages p on p.id = sp.package_id
        where s.departure_id = ${d.id}`),
    );

    const server = await createServer({ config, database });
    try {
      const cookie = `${SESSION_COOKIE_NAME}=${almacen.visitor.token}`;
      const csv = await server.app.inject({ url: departureManifestPath(d.id, 'csv'), headers: { cookie } });
      expect(csv.statusCode).toBe(200);
      const lines = csvRows(csv.body);
      // The numeric columns say how their numbers are written (docs/product/formats.md#csv).
      expect(lines[0]).toEqual([
        'Envío',
        'Cliente',
        'Casillero',
        'Piezas (punto decimal)',
        'Peso (kg, punto decimal)',
        'Volumen (cm³, punto decimal)',
        'Valor declarado (USD, punto decimal)',
        'Descripción',
      ]);
      expect(lines).toHaveLength(1 + 3 + 1);
      const totals = lines.at(-1)!;
      expect(totals[0]).toBe('TOTALES');
      expect(Number(totals[3])).toBe(Number(sums.pieces));
      expect(totals[4]).toBe(Number(sums.weight).toFixed(2));
      // 30·20·10 + 10·10·5 + 40·30·20 (the unreadable "grande" and the missing measures count nothing).
      expect(Number(totals[5])).toBe(6000 + 500 + 24000);
      expect(totals[6]).toBe(Number(sums.value).toFixed(2));

      // The same manifest as Excel: the header without the CSV's convention, figures as numbers.
      const xlsx = await server.app.inject({ url: departureManifestPath(d.id, 'xlsx'), headers: { cookie } });
      expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="manifiesto-${d.code}.xlsx"`);
      const sheet = await xlsxSheetOf(xlsx, MANIFEST_HEADERS);
      expect(sheet.rowCount).toBe(1 + 3 + 1);
      const xlsxTotals = rowValues(sheet, 5);
      expect(xlsxTotals[0]).toBe('TOTALES');
      expect(sheet.getRow(5).getCell(1).font?.bold).toBe(true);
      expect(xlsxTotals[3]).toBe(Number(sums.pieces));
      expect(sheet.getRow(5).getCell(4).numFmt).toBe('#,##0');
      expect(typeof xlsxTotals[6]).toBe('number');
      expect(xlsxTotals[6]).toBe(Number(Number(sums.value).toFixed(2)));
      expect(sheet.getRow(5).getCell(7).numFmt).toBe('#,##0.00');
      const detail = await staff.departures.detail({ id: d.id });
      expect(detail.totals).toMatchObject({
        shipments: Number(sums.shipments),
        customers: 3,
        pieces: Number(sums.pieces),
        weightKg: Number(sums.weight),
        declaredUsd: Number(sums.value),
      });

      const pdf = await server.app.inject({ url: departureManifestPath(d.id, 'pdf'), headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // On paper the figures are es-VE (docs/product/formats.md): the total weight with a decimal comma.
      const doc = mupdf.Document.openDocument(pdf.rawPayload, 'application/pdf');
      const pages: string[] = [];
      for (let i = 0; i < doc.countPages(); i++)
        pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
      const paper = pages.join('\n');
      expect(findForeignNumbers(paper)).toEqual([]);
      expect(paper).toContain(formatDecimal(Number(sums.weight), { decimals: 2, fixed: true }));
      expect(paper).toContain(formatUsd(Number(sums.value)));

      const anonymous = await server.app.inject({ url: departureManifestPath(d.id, 'csv') });
      expect(anonymous.statusCode).toBe(401);
      expect((await server.app.inject({ url: departureManifestPath(d.id, 'xlsx') })).statusCode).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
