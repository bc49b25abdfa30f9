// An ally's monthly statement, apart from tRPC because it is a file (docs/product/allies.md#statement):
//   GET /api/aliado/estado-de-cuenta/YYYY-MM.xlsx, ….csv and ….pdf
//       an ally's own login only; the month's shipments of its own customers and the totals.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import {
  ALLY_STATEMENT_HEADERS,
  SHIPPING_METHOD_LABELS,
  allyMonthSchema,
  allyStatementPath,
  csvNumberHeader,
  formatCountOf,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestStaff } from '../auth/request-session';
import { csvMoment } from '../lib/business-clock';
import { csvNumber, toCsv } from '../lib/csv';
import { DomainError } from '../lib/domain-error';
import { allyOfUser, allyStatement } from '../queries/allies';
import { allyStatementFileName, renderAllyStatementPdf } from '../pdf/ally-statement';
import { sendError } from './errors';
import { sendXlsx } from './xlsx-download';

/** The CSV's header row: money and weight columns say their decimal point. */
const CSV_HEADERS = ALLY_STATEMENT_HEADERS.map((h, i) => (i >= 5 ? csvNumberHeader(h) : h));

const usd = (cents: number) => csvNumber(cents / 100, 2);

export function registerAllyStatementRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  for (const format of ['xlsx', 'csv', 'pdf'] as const) {
    app.get<{ Params: { month: string } }>(allyStatementPath(':month', format), async (req, reply) => {
      const user = await requestStaff(req, reply, db, config, 'allies.portal');
      if (!user) return reply;
      let ally: Awaited<ReturnType<typeof allyOfUser>>;
      try {
        ally = await allyOfUser(db, user.id);
      } catch (err) {
        if (err instanceof DomainError) return sendError(reply, 403, err.message);
        throw err;
      }
      const month = allyMonthSchema.safeParse(req.params.month);
      if (!month.success) return sendError(reply, 400, month.error.issues[0]!.message);
      const statement = await allyStatement(db, ally.id, month.data);
      req.log.info({ ally: ally.prefix, month: month.data, format }, 'Estado de cuenta de aliado descargado');
      reply
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${allyStatementFileName(ally.prefix, month.data, format)}"`,
        );
      if (format === 'pdf') {
        return reply.header('content-type', 'application/pdf').send(await renderAllyStatementPdf(ally, statement));
      }
      const t = statement.totals;
      const rows = statement.rows.map((r) => [
        csvMoment(r.createdAt),
        r.shipmentCode,
        `${r.customer} <${r.email}>`,
        r.mailboxCodes,
        SHIPPING_METHOD_LABELS[r.shippingMethod],
        csvNumber(r.weightKg, 2),
        usd(r.shippingUsdCents),
        usd(r.deliveryUsdCents),
        usd(r.totalUsdCents),
      ]);
      const totals = [
        'TOTALES',
        formatCountOf(t.shipments, 'envíos'),
        '',
        '',
        '',
        csvNumber(t.weightKg, 2),
        usd(t.shippingUsdCents),
        usd(t.deliveryUsdCents),
        usd(t.totalUsdCents),
      ];
      const filename = allyStatementFileName(ally.prefix, month.data, format);
      if (format === 'xlsx')
        return sendXlsx(reply, filename, [
          { sheet: `Estado de cuenta ${month.data}`, headers: CSV_HEADERS, batches: [rows], totals },
        ]);
      const body = toCsv(CSV_HEADERS, [...rows, totals]);
      return reply.header('content-type', 'text/csv; charset=utf-8').send(body);
    });
  }
}
