// createServer(): Fastify with tRPC under /trpc (the endpoint TRPC_ADAPTER chooses), the built
// client with SPA fallback, probes and metrics (http/operations.ts), security headers and masked
// request logs with request ids. Tests and start.ts both use it.
import http from 'node:http';
import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { HTTP_MESSAGES, TRPC_MAX_BATCH_CALLS, httpStatusMessage } from '@casillero/shared';
import { openDatabase, type Database } from './db/client';
import type { Config } from './env';
import { clientAddress, hopTrust } from './lib/client-address';
import { registerFileRoutes } from './files/routes';
import { httpErrorHandler } from './http/errors';
import { registerExportRoutes } from './http/exports';
import { registerLabelRoutes } from './http/labels';
import { registerInvoicePdfRoutes } from './http/invoice-pdf';
import { registerFiscalDocumentRoutes } from './http/fiscal-documents';
import { registerDepartureManifestRoutes } from './http/departure-manifest';
import { registerAllyStatementRoutes } from './http/ally-statement';
import { registerParcelImportRoutes } from './http/parcel-import';
import { registerCustomsSettlementRoutes } from './http/customs-settlement';
import { registerStreamedProcedures } from './trpc/streamed-procedures';
import { registerUnsubscribeRoutes } from './http/unsubscribe';
import { registerCarrierWebhookRoutes } from './http/carrier-webhooks';
import { registerWhatsappWebhookRoutes } from './http/whatsapp-webhook';
import { registerInboundMailWebhook } from './http/inbound-mail-webhook';
import { trackingProviderFor } from './services/carrier-tracking/providers';
import type { TrackingProvider } from './services/carrier-tracking/providers/provider';
import { EARLY_TAP_SCRIPT_SOURCE, registerClientSite, registerCompression } from './http/site';
import { registerPublicApi } from './api/routes';
import { closeLiveHub } from './live/hub';
import { noteTrpcError } from './http/metrics';
import { registerOperations, requestIdGenerator } from './http/operations';
import { createHttpContextFactory } from './trpc/context';
import { toTRPCErrorFromUnknown } from './trpc/errors';
import { anonymousQuery, inProcessQueries } from './trpc/in-process-queries';
import { trpcRoutes, type TrpcRouteOptions } from './trpc/fastify-adapter';
import { appRouter, type AppRouter } from './trpc/router';

const EMAIL_IN_TEXT = /([A-Za-z0-9._+-]{1,3})[A-Za-z0-9._+-]*@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Masks e-mails in logged text (URL-encoded too), keeping their first 3 characters (docs/product/security.md#e-mails-in-logs). */
export function maskEmailsIn(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Malformed escapes: mask the text as it is.
  }
  return decoded.replace(EMAIL_IN_TEXT, '$1***');
}

function loggerOptions(config: Config, logStream?: LogDestination): FastifyServerOptions['logger'] {
  if (config.nodeEnv === 'test' && !logStream) return false;
  const trust = hopTrust(config.trustProxy);
  return {
    level: config.logLevel,
    ...(logStream && { stream: logStream }),
    serializers: {
      req: (req) => ({ method: req.method, url: maskEmailsIn(req.url), remoteAddress: clientAddress(req.raw, trust) }),
    },
  };
}

/**
 * A request refused before any route runs (a malformed URL, a route parameter too long):
 * its status, with the Spanish message for it rather than Fastify's English one.
 */
function answerFrameworkError(error: FastifyError, _req: unknown, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  return reply.status(status).send({ error: httpStatusMessage(status) });
}

/**
 * A request Node's HTTP parser refuses (headers too large, a timeout, malformed HTTP): as
 * Fastify's default handler answers it, with a Spanish body.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (socket.writable) {
    const body = JSON.stringify({ error: httpStatusMessage(status) });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Where pino writes each log line (one JSON object per write). */
type LogDestination = { write(line: string): void };

export type CreateServerOptions = {
  config: Config;
  database?: Database;
  /** Where the log lines go instead of stdout (tests read them); logs even under NODE_ENV=test. */
  logStream?: LogDestination;
  /** The tracking providers whose webhooks are received; TRACKING_PROVIDER's by default. */
  trackingProviders?: readonly TrackingProvider[];
};

export async function createServer({ config, database, logStream, trackingProviders }: CreateServerOptions) {
  const db = database ?? (await openDatabase(config));
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    genReqId: requestIdGenerator(config),
    // On close: idle keep-alive connections end at once, requests in flight are awaited.
    forceCloseConnections: 'idle',
    // Only for the forwarded host and protocol; the client's address is lib/client-address.ts's.
    trustProxy: config.trustProxy ? hopTrust(config.trustProxy) : false,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 8 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  const operations = await registerOperations(app, {
    config,
    database: db,
    procedurePaths: Object.keys(appRouter._def.procedures),
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from our own files only: the reception camera's barcode reader (ZXing).
        // One inline script, by its hash: the pages' taps before the app is ready (docs/decisions/036-early-taps.md).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", EARLY_TAP_SCRIPT_SOURCE],
        // Mantine injects its CSS variables in a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.appUrl.startsWith('https://'),
    // Chromium already keys agent clusters by origin (no document.domain); asked for explicitly,
    // it also wants a process for the origin alone, which it learns from the response: every
    // visit from another site waited for a second renderer, some 30 ms on the benchmark's phone
    // (docs/decisions/014-prerendered-and-compressed.md).
    originAgentCluster: false,
  });
  await app.register(fastifyCookie);
  await registerCompression(app);

  // Errors outside tRPC (a domain error, a body too large, an unsupported content type,
  // malformed JSON, a failing query in a file route or an export): never the framework's
  // English text (http/errors.ts).
  app.setErrorHandler(httpErrorHandler(config));

  const createContext = createHttpContextFactory(db.db, config);
  const trpcOptions = {
    router: appRouter,
    // The session lookup reads the database too: when it cannot be reached, the answer is 503
    // (trpc/errors.ts), as for a procedure.
    createContext: (opts: Parameters<typeof createContext>[0]) =>
      createContext(opts).catch((err: unknown) => {
        throw toTRPCErrorFromUnknown(err);
      }),
    onError({ error, path: procedure, ctx, req }) {
      noteTrpcError(req, procedure, error.code);
      const log = ctx?.log ?? req?.log ?? app.log;
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        log.error({ err: error.cause ?? error, procedure }, 'Error en procedimiento');
      } else if (error.code === 'SERVICE_UNAVAILABLE') {
        log.warn({ err: error.cause ?? error, procedure }, 'Servicio no disponible');
      }
    },
  } satisfies TrpcRouteOptions<AppRouter>['trpcOptions'];
  // A batch of more calls than the client ever sends is refused before any procedure runs, with
  // either endpoint.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/trpc/')) return;
    const procedures = req.url.slice('/trpc/'.length).split('?', 1)[0]!.split(',').length;
    if (procedures > TRPC_MAX_BATCH_CALLS) {
      return reply.status(413).send({ error: HTTP_MESSAGES.batchTooLarge });
    }
  });
  // docs/decisions/011: GET queries answered from the Fastify request, the rest by tRPC's own
  // handler; TRPC_ADAPTER=official hands every request to tRPC's plugin (same answers, slower).
  if (config.trpcAdapter === 'official') {
    await app.register(fastifyTRPCPlugin<AppRouter>, { prefix: '/trpc', trpcOptions });
  } else {
    await app.register(trpcRoutes<AppRouter>, { prefix: '/trpc', trpcOptions });
  }

  await registerFileRoutes(app, { db: db.db, config });
  await registerExportRoutes(app, { db: db.db, config });
  registerLabelRoutes(app, { db: db.db, config });
  registerDepartureManifestRoutes(app, { db: db.db, config });
  registerAllyStatementRoutes(app, { db: db.db, config });
  registerInvoicePdfRoutes(app, { db: db.db, config });
  registerFiscalDocumentRoutes(app, { db: db.db, config });
  registerParcelImportRoutes(app, { db: db.db, config });
  registerCustomsSettlementRoutes(app, { db: db.db, config });
  registerStreamedProcedures(app, { db: db.db, config });
  await registerUnsubscribeRoutes(app, { db: db.db, config });
  // The carriers' news from the tracking provider (docs/product/first-mile.md#webhooks).
  await registerCarrierWebhookRoutes(app, {
    db: db.db,
    config,
    providers: trackingProviders ?? [trackingProviderFor(config)],
  });
  // What customers write to the business's WhatsApp number (docs/product/whatsapp-desk.md).
  const whatsappDesk = await registerWhatsappWebhookRoutes(app, { db: db.db, config });
  // Pre-alerts from e-mail through Mailgun's inbound route (docs/product/prealerts-from-email.md#recepción).
  await registerInboundMailWebhook(app, { db: db.db, config });
  // The public REST API with keys (docs/product/public-api.md).
  await registerPublicApi(app, { db: db.db, config });

  await registerClientSite(app, config, inProcessQueries(db.db, config), anonymousQuery(db.db, config));

  return {
    app,
    database: db,
    operations,
    /** The WhatsApp desk's worker answering what the webhook stores: start.ts starts it, tests run it. */
    whatsappDesk,
    /** Listens on the configured port; returns the local URL. */
    async listen(): Promise<string> {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://localhost:${port}`;
    },
    /**
     * Ends the live streams (trpc live.events), which stay open as long as their page: closing
     * the app waits for every connection, so a shutdown runs this while it drains (a stream that
     * reconnects meanwhile has its connection dropped: http/operations.ts), and stop() beside
     * app.close().
     */
    endLiveStreams: () => closeLiveHub(db.db),
    async stop() {
      await Promise.all([app.close(), closeLiveHub(db.db)]);
      if (!database) await db.close();
    },
  };
}
