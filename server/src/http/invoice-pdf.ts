// An invoice's PDF, apart from tRPC because it is a file (docs/product/admin-payments-and-billing.md#invoice-pdf):
//   GET /api/invoices/:id/pdf
//       a signed-in customer gets their own invoices only (another's answers 404, the same as a
//       missing one, so ids cannot be probed); staff need 'payments.read'.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, BILLING_MESSAGES, can, invoicePdfPath, isStaffRole } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestUser } from '../auth/request-session';
import { findInvoice } from '../queries/billing';
import { invoicePdfFileName, renderInvoicePdf } from '../pdf/invoice';
import { sendError } from './errors';
import { sendPrivatePdf } from './pdf-download';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type InvoicePdfRoutesOptions = { db: Db; config: Config };

export function registerInvoicePdfRoutes(app: FastifyInstance, { db, config }: InvoicePdfRoutesOptions) {
  app.get<{ Params: { id: string } }>(invoicePdfPath(':id'), async (req, reply) => {
    const user = await requestUser(req, reply, db, config);
    if (!user) return sendError(reply, 401, AUTH_MESSAGES.unauthorized);
    const isStaff = isStaffRole(user.role);
    if (isStaff && !can(user.role, 'payments.read')) return sendError(reply, 403, AUTH_MESSAGES.forbidden);

    const id = req.params.id;
    if (!UUID.test(id)) return sendError(reply, 404, BILLING_MESSAGES.invoiceNotFound);
    // The ownership filter is the query's: a customer's look-up never finds another's invoice.
    const invoice = await findInvoice(db, id.toLowerCase(), isStaff ? undefined : user.id);
    if (!invoice) return sendError(reply, 404, BILLING_MESSAGES.invoiceNotFound);

    const pdf = await renderInvoicePdf(invoice);
    req.log.info({ invoice: invoice.number, staff: isStaff }, 'Factura descargada');
    return sendPrivatePdf(reply, pdf, invoicePdfFileName(invoice.number));
  });
}
