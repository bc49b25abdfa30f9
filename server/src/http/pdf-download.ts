// A PDF that names a person (a customer's invoice, a fiscal note, the warehouse's labels): shown
// in the browser, and never kept by a shared cache.
import type { FastifyReply } from 'fastify';

/** Answers with the PDF inline, under `filename` (a plain file name: the caller's own). */
export function sendPrivatePdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.length)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${filename}"`)
    .send(pdf);
}
