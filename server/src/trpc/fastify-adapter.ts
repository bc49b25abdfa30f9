// tRPC over Fastify (docs/decisions/011). GET queries, single or batched as httpBatchLink sends
// them (every read of the app), run on tRPC's own procedure call and error shaper straight from
// the Fastify request. Everything else (mutations, uploads, streaming links, subscriptions, HEAD,
// a procedure that does not exist or is not a query) goes to tRPC's official Fastify handler.
// Why: on Node 20 the official handler turns each request into a fetch Request, several
// AbortSignals and a web-stream Response; measured on the trackings list, that took about a
// fifth of the throughput, as much as the session lookup.
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import {
  getErrorShape,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
  TRPCError,
  type AnyProcedure,
  type AnyRouter,
  type inferRouterContext,
  type TRPCRequestInfo,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Registered with Fastify's `prefix` option, which places the routes (e.g. under `/trpc`). */
export type TrpcRouteOptions<TRouter extends AnyRouter> = {
  trpcOptions: FastifyHandlerOptions<TRouter, FastifyRequest, FastifyReply>;
};

/** One call of the request, in batch order; its index is its place in the list. */
type DirectCall = { path: string; procedure: AnyProcedure };

/**
 * The calls of a GET that the direct path answers exactly as the official handler would, or
 * null to leave the request to it.
 */
export async function directQueryCalls(
  req: FastifyRequest,
  router: AnyRouter,
  rawPath: string,
  isBatch: boolean,
): Promise<DirectCall[] | null> {
  if (req.method !== 'GET') return null;
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && contentType.split(';', 1)[0]!.trim().toLowerCase() !== 'application/json')
    return null;
  // Streaming links (httpBatchStreamLink, SSE) and connection params are the official handler's.
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return null;
  if (queryParam(req, 'connectionParams') !== undefined) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const paths = isBatch ? path.split(',') : [path];
  const calls: DirectCall[] = [];
  for (const p of paths) {
    const procedure = await getProcedureAtPath(router, p);
    if (!procedure || procedure._def.type !== 'query') return null;
    calls.push({ path: p, procedure });
  }
  return calls;
}

/** A result tRPC refuses to put in a plain JSON answer (it needs httpBatchStreamLink). */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/** The first value of a query parameter, as URLSearchParams.get gives it. */
function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

async function answerQueries<TRouter extends AnyRouter>(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: TrpcRouteOptions<TRouter>['trpcOptions'],
  directCalls: DirectCall[],
  isBatch: boolean,
) {
  const config = opts.router._def._config;
  const deserialize = (value: unknown) => config.transformer.input.deserialize(value);

  // Inputs are parsed once, when the first procedure asks, as the official handler does; a
  // failure there is the caller's (BAD_REQUEST), as there.
  let inputs: Record<number, unknown> | undefined;
  const readInputs = (): Record<number, unknown> => {
    try {
      inputs ??= parseInputs();
      return inputs;
    } catch (cause) {
      if (cause instanceof TRPCError) throw cause;
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: cause instanceof Error ? cause.message : 'Invalid input',
        cause,
      });
    }
  };
  const parseInputs = (): Record<number, unknown> => {
    const text = queryParam(req, 'input');
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    const byIndex: Record<number, unknown> = {};
    if (parsed !== undefined) {
      if (!isBatch) byIndex[0] = deserialize(parsed);
      else if (!isObject(parsed)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
      } else {
        for (const index of directCalls.keys())
          if (parsed[index] !== undefined) byIndex[index] = deserialize(parsed[index]);
      }
    }
    return byIndex;
  };

  // The procedures may watch for the client going away, as with the official handler.
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) abort.abort();
  };
  reply.raw.once('close', onClose);

  const calls = directCalls.map(({ path, procedure }, index) => ({
    batchIndex: index,
    path,
    procedure,
    getRawInput: async () => readInputs()[index],
    result: () => inputs?.[index],
  }));
  const info: TRPCRequestInfo = {
    accept: null,
    type: 'query',
    isBatchCall: isBatch,
    calls,
    connectionParams: null,
    signal: abort.signal,
    url: null,
  };

  let ctx: inferRouterContext<TRouter> | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await opts.createContext?.({ req, res: reply, info });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }

  const responses: TRPCResponse[] = await Promise.all(
    calls.map(async (call): Promise<TRPCResponse> => {
      try {
        if (ctxError) throw ctxError;
        const data: unknown = await call.procedure({
          path: call.path,
          getRawInput: call.getRawInput,
          ctx,
          type: 'query',
          signal: abort.signal,
          batchIndex: call.batchIndex,
        });
        if (isDataStream(data)) {
          throw new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
          });
        }
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const input = call.result();
        opts.onError?.({ error, path: call.path, input, ctx, type: 'query', req });
        return { error: getErrorShape({ config, error, type: 'query', path: call.path, input, ctx }) };
      }
    }),
  );
  reply.raw.off('close', onClose);

  const body = isBatch ? responses : responses[0]!;
  return reply
    .status(getHTTPStatusCode(body))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(JSON.stringify(transformTRPCResponse(config, body)));
}

/**
 * The tRPC endpoint, `<prefix>/:path`: a Fastify plugin (encapsulated, like the official one, so
 * its raw-body content-type parsers stay inside it).
 */
export async function trpcRoutes<TRouter extends AnyRouter>(app: FastifyInstance, options: TrpcRouteOptions<TRouter>) {
  const { trpcOptions } = options;
  // As the official plugin: tRPC reads JSON and form bodies itself.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  // Options that shape the answer beyond the protocol's defaults are the official handler's alone.
  const canAnswerDirectly =
    !trpcOptions.responseMeta &&
    trpcOptions.maxBatchSize === undefined &&
    (trpcOptions.allowBatching ?? trpcOptions.batching?.enabled ?? true);

  app.all('/:path', async (req, reply) => {
    const rawPath = (req.params as { path: string }).path;
    const isBatch = queryParam(req, 'batch') === '1';
    const calls = canAnswerDirectly ? await directQueryCalls(req, trpcOptions.router, rawPath, isBatch) : null;
    if (calls) return answerQueries(req, reply, trpcOptions, calls, isBatch);
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: rawPath });
    return reply;
  });
}
