// Fiscal files, apart from tRPC because they are files (docs/product/fiscal-invoices.md):
//   GET /api/fiscal-documents/:id/pdf
//       a note of credit or debit (a factura or nota de cobro downloads as its invoice's PDF);
//       a customer gets their own only (another's answers 404, as a missing one); staff need
//       'payments.read'.
//   GET /api/libro-de-ventas/:month.xlsx, …/:month.csv and …/:month.pdf
//       the sales book of a month (YYYY-MM), for staff who read reports: Excel for the accountant,
//       CSV for other systems, PDF to print.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  FISCAL_MESSAGES,
  SALES_BOOK_FORMATS,
  can,
  fiscalDocumentPdfPath,
  isStaffRole,
  salesBookInput,
  salesBookPath,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestStaff, requestUser } from '../auth/request-session';
import { findFiscalDocument } from '../queries/fiscal';
import { salesBook } from '../queries/sales-book';
import { fiscalDocumentPdfFileName, renderFiscalNotePdf } from '../pdf/fiscal-note';
import { salesBookCsv } from '../services/fiscal/sales-book-csv';
import { renderSalesBookPdf, salesBookFileName } from '../pdf/sales-book';
import { renderSalesBookXlsx } from '../services/fiscal/sales-book-xlsx';
import { getFiscalSettings } from '../services/fiscal/settings';
import { sendError } from './errors';
import { sendPrivatePdf } from './pdf-download';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerFiscalDocumentRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get<{ Params: { id: string } }>(fiscalDocumentPdfPath(':id'), async (req, reply) => {
    const user = await requestUser(req, reply, db, config);
    if (!user) return sendError(reply, 401, AUTH_MESSAGES.unauthorized);
    const isStaff = isStaffRole(user.role);
    if (isStaff && !can(user.role, 'payments.read')) return sendError(reply, 403, AUTH_MESSAGES.forbidden);
    const id = req.params.id;
    if (!UUID.test(id)) return sendError(reply, 404, FISCAL_MESSAGES.documentNotFound);
    const doc = await findFiscalDocument(db, id.toLowerCase(), isStaff ? undefined : user.id);
    if (!doc || (doc.kind !== 'nota_de_credito' && doc.kind !== 'nota_de_debito'))
      return sendError(reply, 404, FISCAL_MESSAGES.documentNotFound);
    const pdf = await renderFiscalNotePdf(doc);
    req.log.info({ document: doc.number, staff: isStaff }, 'Nota fiscal descargada');
    return sendPrivatePdf(reply, pdf, fiscalDocumentPdfFileName(doc.number));
  });

  for (const format of SALES_BOOK_FORMATS) {
    app.get<{ Params: { month: string } }>(salesBookPath(':month', format), async (req, reply) => {
      if (!(await requestStaff(req, reply, db, config, 'reports.read'))) return reply;
      const parsed = salesBookInput.safeParse({ month: req.params.month });
      if (!parsed.success) return sendError(reply, 400, FISCAL_MESSAGES.monthInvalid);
      const book = await salesBook(db, parsed.data.month);
      const { legalName, rif } = await getFiscalSettings(db);
      req.log.info({ month: book.month, format, rows: book.rows.length }, 'Libro de ventas descargado');
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${salesBookFileName(book.month, format)}"`);
      if (format === 'pdf') {
        return reply.header('content-type', 'application/pdf').send(await renderSalesBookPdf(book, { legalName, rif }));
      }
      if (format === 'xlsx') {
        return reply.header('content-type', XLSX_TYPE).send(await renderSalesBookXlsx(book, { legalName, rif }));
      }
      return reply.header('content-type', 'text/csv; charset=utf-8').send(salesBookCsv(book));
    });
  }
}
