// The long check-and-apply requests of the admin's pages (the manifest import, the bank statement;
// docs/product/warehouse-intake.md#manifest-import, docs/product/admin-payments-and-billing.md#reconciliation)
// and how they tell the page how far they got. A page that asks for it (Accept:
// application/x-ndjson) gets its answer as one JSON object a line: a `progress` line after each
// batch of rows ("Comprobando filas… 2.000 de 10.000", "Aplicando… 3.000 de 10.000"), then the
// `result` or the `error`. Any other client (the benchmark, a script) gets the plain JSON answer.
//
// The progress travels in the request that does the work, not in a store the page polls: the
// replicas share nothing but the database, and the work's transaction holds it (with the embedded
// PGlite, every other query waits for it to end), so a poll could not be answered meanwhile.
//
// The dry run (/api/imports/preview, http/parcel-import.ts) answers through this helper, and so do
// the import and the statement (trpc/streamed-procedures.ts: their procedures through `createCaller`).
import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES, PROGRESS_CONTENT_TYPE, type ProgressLine, type ReportProgress } from '@casillero/shared';
import { asDomainError } from '../lib/database-errors';
import { HTTP_STATUS, sendError } from './errors';

/** A refusal's status and Spanish message. */
export type Refusal = { status: number; message: string };

/** A domain error as its refusal; null for an unexpected error (logged, answered as internal). */
function domainRefusal(error: unknown): Refusal | null {
  const domain = asDomainError(error);
  return domain ? { status: HTTP_STATUS[domain.code], message: domain.message } : null;
}

/**
 * Answers `run`'s result, streamed with its progress when the page asked for it. Until the first
 * progress report nothing is sent, so a refusal before the work starts (not signed in, no
 * permission, invalid input) keeps its own status; after it, the answer is a 200 whose last line
 * says the error.
 */
export async function answerWithProgress(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (report?: ReportProgress) => Promise<unknown>,
  refusalOf: (error: unknown) => Refusal | null = domainRefusal,
) {
  const streamed = (req.headers.accept ?? '').includes(PROGRESS_CONTENT_TYPE);
  let out: Writable | null = null;
  const open = () => {
    if (!out) {
      out = startStream(req, reply);
      void reply.send(out);
    }
    return out;
  };
  const lineOf = (line: ProgressLine<unknown>) => `${JSON.stringify(line)}\n`;
  /**
   * A progress line, resolved once it has left for the socket, compressed or not: the next batch's
   * queries wait for it, so it is not held back behind them (nor behind a page that went away).
   */
  const report: ReportProgress = (progress) =>
    new Promise<void>((resolve) => {
      const stream = open();
      stream.write(lineOf({ progress }));
      const onward = () => setImmediate(resolve);
      if (reply.raw.destroyed || !('flush' in stream)) onward();
      else (stream as Writable & { flush: (done: () => void) => void }).flush(onward);
    });
  try {
    const result = await run(streamed ? report : undefined);
    if (!streamed) return reply.send(result);
    open().end(lineOf({ result }));
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) req.log.error({ err: error }, 'Error no controlado');
    const answer = refusal ?? { status: 500, message: GENERIC_MESSAGES.internal };
    if (!out) return sendError(reply, answer.status, answer.message);
    open().end(lineOf({ error: answer.message }));
  }
  return reply;
}

/**
 * The streamed body: compressed here (brotli or gzip as the browser accepts), since the
 * compression plugin would hold the lines back until it had enough of them; it leaves a body
 * that already has its encoding alone.
 */
function startStream(req: FastifyRequest, reply: FastifyReply): Writable {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply
    .header('content-type', `${PROGRESS_CONTENT_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  if (!encoding) return new PassThrough();
  reply.header('content-encoding', encoding);
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.createGzip();
}
