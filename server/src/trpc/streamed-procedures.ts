// The procedures the admin's pages call with their progress streamed (http/progress-stream.ts):
//   POST /api/imports/apply             parcelImports.applyFile, the same input
//   POST /api/reconciliation/statements reconciliation.upload, the same input
// Each calls its procedure through `createCaller` with the request's own context, told where to
// report: the same session, permission, origin check and audited transaction as over /trpc, and a
// refusal answered with the status and Spanish message tRPC would give it.
import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { PARCEL_IMPORT_APPLY_PATH, STATEMENT_UPLOAD_PATH } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { answerWithProgress, type Refusal } from '../http/progress-stream';
import { createHttpContextFactory } from './context';
import { toTRPCErrorFromUnknown } from './errors';
import { createCaller } from './router';

type Caller = ReturnType<typeof createCaller>;

/** A refusal as tRPC answers it; null for an unexpected error (logged, answered as internal). */
function refusalOf(error: unknown): Refusal | null {
  const mapped = toTRPCErrorFromUnknown(error);
  if (!(mapped instanceof TRPCError) || mapped.code === 'INTERNAL_SERVER_ERROR') return null;
  return { status: getHTTPStatusCodeFromError(mapped), message: mapped.message };
}

export function registerStreamedProcedures(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const createContext = createHttpContextFactory(db, config);
  const route = (path: string, call: (caller: Caller, input: unknown) => Promise<unknown>) =>
    app.post(path, (req, reply) =>
      answerWithProgress(
        req,
        reply,
        async (report) => {
          const ctx = await createContext({ req, res: reply });
          return call(createCaller({ ...ctx, progress: report }), req.body);
        },
        refusalOf,
      ),
    );
  // The input is checked by the procedure, as over /trpc.
  route(PARCEL_IMPORT_APPLY_PATH, (caller, input) => caller.parcelImports.applyFile(input as never));
  route(STATEMENT_UPLOAD_PATH, (caller, input) => caller.reconciliation.upload(input as never));
}
