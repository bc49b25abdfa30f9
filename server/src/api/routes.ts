// The public REST API under /api/v1 (docs/product/public-api.md): the endpoints of endpoints.ts,
// each behind a key (auth.ts) and answering for one customer (customer-scope.ts), its input parsed with the procedures' own zod schemas, its answer
// JSON in the shapes the OpenAPI document (openapi.ts, served at /api/v1/openapi.json) describes.
// Refusals: `{ error, code }`, the app's Spanish message and the domain error's code with the
// status of http/errors.ts. The reference page (/api/v1/docs) is rendered here from the document.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, GENERIC_MESSAGES, PUBLIC_API_BASE, httpStatusMessage } from '@casillero/shared';
import { ZodError } from 'zod';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { hopTrust } from '../lib/client-address';
import { asDomainError } from '../lib/database-errors';
import type { DomainError, DomainErrorCode } from '../lib/domain-error';
import { HTTP_STATUS } from '../http/errors';
import { invoicePdfFileName, renderInvoicePdf } from '../pdf/invoice';
import { authenticateApiKey, runApiWrite } from './auth';
import { createsSomething, idempotencyKeyOf, onceForKey, requestFingerprint } from './idempotency';
import { customerOfRequest } from './customer-scope';
import { ENDPOINTS, type Endpoint } from './endpoints';
import { buildOpenApiDocument } from './openapi';
import { renderReferencePage } from './reference';
import { TRY_IT_SCRIPT } from './try-it';

export type PublicApiOptions = { db: Db; config: Config };

const CODE_OF_STATUS: Readonly<Record<number, DomainErrorCode>> = Object.fromEntries(
  Object.entries(HTTP_STATUS).map(([code, status]) => [status, code as DomainErrorCode]),
);

function sendApiError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ error: message, code });
}

/** Every error of the API as `{ error, code }`: a domain error, invalid input, or the status's own message. */
function apiErrorHandler(config: Pick<Config, 'isProduction'>) {
  return (error: FastifyError | DomainError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
    // A domain error, or a database that cannot be reached (503, Retry-After): lib/database-errors.ts.
    const domain = asDomainError(error);
    if (domain) {
      if (domain.retryAfter !== undefined) reply.header('retry-after', String(Math.ceil(domain.retryAfter)));
      return sendApiError(reply, HTTP_STATUS[domain.code], domain.code, domain.message);
    }
    if (error instanceof ZodError) {
      return sendApiError(reply, 400, 'BAD_INPUT', error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput);
    }
    const { statusCode } = error as FastifyError;
    const status = statusCode && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'Error no controlado en la API');
    const message = status >= 500 && !config.isProduction ? error.message : httpStatusMessage(status);
    return sendApiError(reply, status, CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_INPUT'), message);
  };
}

function parseOr<T>(schema: { parse: (v: unknown) => T } | undefined, value: unknown): T | undefined {
  return schema ? schema.parse(value ?? {}) : undefined;
}

export async function registerPublicApi(app: FastifyInstance, { db, config }: PublicApiOptions) {
  const trust = hopTrust(config.trustProxy);
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApi = () => {
    document ??= buildOpenApiDocument(ENDPOINTS, config.appUrl);
    return document;
  };

  await app.register(
    async (api) => {
      api.setErrorHandler(apiErrorHandler(config));
      api.setNotFoundHandler((_req, reply) => sendApiError(reply, 404, 'NOT_FOUND', API_KEY_MESSAGES.routeNotFound));

      api.get('/openapi.json', async (_req, reply) =>
        reply.header('cache-control', 'public, max-age=300').send(openApi()),
      );
      api.get('/docs', async (_req, reply) =>
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(renderReferencePage(openApi())),
      );

      api.get('/docs/try.js', async (_req, reply) =>
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(TRY_IT_SCRIPT),
      );

      for (const endpoint of ENDPOINTS) registerEndpoint(api, endpoint);
    },
    { prefix: PUBLIC_API_BASE },
  );

  function registerEndpoint(api: FastifyInstance, endpoint: Endpoint) {
    api.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (req, reply) => {
        const caller = await authenticateApiKey(req, reply, db, config, trust, endpoint.scope);
        const customerId = await customerOfRequest(db, caller, req.query, endpoint);
        const input = {
          params: parseOr(endpoint.params, req.params),
          query: parseOr(endpoint.query, req.query),
          body: parseOr(endpoint.body, req.body),
        };
        reply.header('cache-control', 'private, no-store');
        const key = createsSomething(endpoint) ? idempotencyKeyOf(req.headers['idempotency-key']) : null;
        const run = (runDb: Db) => endpoint.handler({ db: runDb, config, caller, customerId }, input);
        let replayed = false;
        const result =
          endpoint.scope === 'write'
            ? await runApiWrite(db, caller, endpoint.auditAction ?? `api.${endpoint.operationId}`, async (tx) => {
                if (key === null) return run(tx);
                const fingerprint = requestFingerprint(endpoint.operationId, customerId, req.body);
                const once = await onceForKey(tx, caller.keyId, key, fingerprint, () => run(tx));
                replayed = once.replayed;
                return once.body;
              })
            : await run(db);
        if (replayed) reply.header('idempotent-replayed', 'true');
        if (endpoint.response === 'pdf') {
          const invoice = result as Parameters<typeof renderInvoicePdf>[0];
          const pdf = await renderInvoicePdf(invoice);
          return reply
            .header('content-type', 'application/pdf')
            .header('content-length', pdf.length)
            .header('content-disposition', `inline; filename="${invoicePdfFileName(invoice.number)}"`)
            .send(pdf);
        }
        return reply.status(endpoint.response.status).send(result);
      },
    });
  }
}
