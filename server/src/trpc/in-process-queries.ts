// A request's queries answered in its own process, for the pages the server renders with the
// customer's data (docs/decisions/033-server-rendered-signed-in-pages.md, http/signed-in-pages.ts).
// The session is checked by the same context factory as every tRPC request (validated, renewed
// or cleared exactly as for an API call), and each query runs through `createCaller` with that
// context: the same procedures, ownership filters and output checks as over HTTP.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getProcedureAtPath } from '@trpc/server/unstable-core-do-not-import';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { type Context, createHttpContextFactory, createInnerContext } from './context';
import { appRouter, createCaller } from './router';

/** A query by its path (`trackings.mine`) and input, answered as JSON as the browser receives it. */
export type InProcessQuery = (path: string, input: unknown) => Promise<unknown>;

/** A query through a caller of `ctx`: only queries (a render never changes anything), answered as JSON. */
function queriesOf(ctx: Context): InProcessQuery {
  const caller = createCaller(ctx);
  return async (path, input) => {
    const procedure = await getProcedureAtPath(appRouter, path);
    if (procedure?._def.type !== 'query') throw new Error(`${path}: no es una consulta`);
    const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
      input: unknown,
    ) => Promise<unknown>;
    const result = await call(input);
    // Exactly what the browser gets over HTTP (no transformer): JSON, dates as ISO strings.
    return result === undefined ? undefined : JSON.parse(JSON.stringify(result));
  };
}

/** For each request: its signed-in user's queries, or null when it has no valid session. */
export function inProcessQueries(db: Db, config: Config) {
  const createContext = createHttpContextFactory(db, config);
  return async (req: FastifyRequest, reply: FastifyReply): Promise<InProcessQuery | null> => {
    const ctx = await createContext({ req, res: reply });
    return ctx.user ? queriesOf(ctx) : null;
  };
}

/**
 * Queries as a visitor nobody knows asks them (no cookie, whoever's request it is): for the public
 * pages the server renders again when what they show changes (http/live-public-pages.ts).
 */
export function anonymousQuery(db: Db, config: Config): (path: string) => Promise<unknown> {
  // One context for every such query: without a session token it holds nobody's state.
  const queries = createInnerContext({ db, config }).then(queriesOf);
  return async (path) => (await queries)(path, undefined);
}
