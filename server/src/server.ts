// createServer(): Fastify with tRPC under /trpc, the built client with SPA fallback,
// /healthz, security headers and masked request logs. Tests and main.ts both use it.
import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { GENERIC_MESSAGES, httpStatusMessage } from '@casillero/shared';
import { openDatabase, type Database } from './db/client';
import { REPO_ROOT, type Config } from './env';
import { registerFileRoutes } from './files/routes';
import { registerExportRoutes } from './http/exports';
import { createHttpContextFactory } from './trpc/context';
import { trpcRoutes, type TrpcRouteOptions } from './trpc/fastify-adapter';
import { appRouter, type AppRouter } from './trpc/router';

export const CLIENT_DIST = path.join(REPO_ROOT, 'client/dist');

const EMAIL_IN_TEXT = /([A-Za-z0-9._+-]{1,3})[A-Za-z0-9._+-]*@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Masks e-mails in logged text (URL-encoded too), keeping their first 3 characters (public spec §9). */
export function maskEmailsIn(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Malformed escapes: mask the text as it is.
  }
  return decoded.replace(EMAIL_IN_TEXT, '$1***');
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.nodeEnv === 'test') return false;
  return {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ method: req.method, url: maskEmailsIn(req.url), remoteAddress: req.ip }),
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

export type CreateServerOptions = { config: Config; database?: Database };

export async function createServer({ config, database }: CreateServerOptions) {
  const db = database ?? (await openDatabase(config));
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 8 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  await app.register(fastifyCookie);

  // Errors outside tRPC (a body too large, an unsupported content type, malformed JSON, a
  // failing query in a file route or an export): the Spanish message for the status, never
  // the framework's English text; an unexpected error shows its own message (never its stack)
  // only outside production, as it may name files or SQL.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'Error no controlado');
    const message = status >= 500 && !config.isProduction ? error.message : httpStatusMessage(status);
    return reply.status(status).send({ error: message });
  });

  await app.register(trpcRoutes<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createHttpContextFactory(db.db, config),
      onError({ error, path: procedure, ctx }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          (ctx?.log ?? app.log).error({ err: error.cause ?? error, procedure }, 'Error en procedimiento');
        }
      },
    } satisfies TrpcRouteOptions<AppRouter>['trpcOptions'],
  });

  await registerFileRoutes(app, { db: db.db, config });
  await registerExportRoutes(app, { db: db.db, config });

  app.get('/healthz', async (_req, reply) => {
    try {
      await db.db.execute(sql`select 1`);
      return { status: 'ok', database: db.driver };
    } catch {
      return reply.status(503).send({ status: 'error', database: db.driver });
    }
  });

  const hasClient = fs.existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      wildcard: false,
      maxAge: '1h',
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; index.html always must be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        if (filePath.endsWith('index.html')) res.header('cache-control', 'no-cache');
      },
    });
  }

  // SPA fallback: extension-less GETs outside the API get the client's index.html.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = req.method === 'GET' && !url.startsWith('/trpc') && !path.extname(url);
    if (isPage && hasClient) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (isPage) {
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>El cliente no está compilado: ejecuta <code>npm run build</code>.</p>');
    }
    return reply.status(404).send({ error: GENERIC_MESSAGES.notFound });
  });

  return {
    app,
    database: db,
    /** Listens on the configured port; returns the local URL. */
    async listen(): Promise<string> {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://localhost:${port}`;
    },
    async stop() {
      await app.close();
      if (!database) await db.close();
    },
  };
}
