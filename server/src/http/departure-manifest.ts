// A departure's manifest, apart from tRPC because it is a file (docs/product/departures.md#manifest):
//   GET /api/departures/:id/manifest.xlsx, …/manifest.csv and …/manifest.pdf
//       staff who may read departures; every shipment, its customer, pieces, weight, volume,
//       declared value and description, and a last line with the totals.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { DEPARTURE_MESSAGES, departureManifestPath, MANIFEST_CSV_HEADERS, formatCountOf } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestStaff } from '../auth/request-session';
import { csvNumber, toCsv } from '../lib/csv';
import { departureManifest, findDeparture, manifestTotals } from '../queries/departures';
import { manifestFileName, renderManifestPdf } from '../pdf/manifest';
import { sendError } from './errors';
import { sendXlsx } from './xlsx-download';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerDepartureManifestRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  for (const format of ['xlsx', 'csv', 'pdf'] as const) {
    app.get<{ Params: { id: string } }>(departureManifestPath(':id', format), async (req, reply) => {
      if (!(await requestStaff(req, reply, db, config, 'departures.read'))) return reply;
      const id = req.params.id;
      if (!UUID.test(id)) return sendError(reply, 404, DEPARTURE_MESSAGES.notFound);
      const departure = await findDeparture(db, id.toLowerCase());
      if (!departure) return sendError(reply, 404, DEPARTURE_MESSAGES.notFound);
      const rows = await departureManifest(db, departure.id);
      const totals = manifestTotals(rows);
      req.log.info({ departure: departure.code, format, shipments: rows.length }, 'Manifiesto descargado');
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${manifestFileName(departure.code, format)}"`);
      if (format === 'pdf') {
        const pdf = await renderManifestPdf(departure, rows, totals);
        return reply.header('content-type', 'application/pdf').send(pdf);
      }
      const table = rows.map((r) => [
        r.shipmentCode,
        `${r.customer} <${r.email}>`,
        r.mailboxCodes,
        csvNumber(r.pieces),
        csvNumber(r.weightKg, 2),
        csvNumber(r.volumeCm3),
        csvNumber(r.declaredUsd, 2),
        r.description,
      ]);
      const totalsRow = [
        'TOTALES',
        `${formatCountOf(totals.shipments, 'envíos')}, ${formatCountOf(totals.customers, 'clientes')}`,
        '',
        csvNumber(totals.pieces),
        csvNumber(totals.weightKg, 2),
        csvNumber(totals.volumeCm3),
        csvNumber(totals.declaredUsd, 2),
        '',
      ];
      if (format === 'xlsx') {
        const sheet = `Manifiesto ${departure.code}`;
        return sendXlsx(reply, manifestFileName(departure.code, format), [
          { sheet, headers: MANIFEST_CSV_HEADERS, batches: [table], totals: totalsRow },
        ]);
      }
      const body = toCsv(MANIFEST_CSV_HEADERS, [...table, totalsRow]);
      return reply.header('content-type', 'text/csv; charset=utf-8').send(body);
    });
  }
}
