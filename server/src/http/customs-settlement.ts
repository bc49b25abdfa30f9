// The customs settlement's dry run (docs/product/customs.md#settled-against-what-customs-charged):
//   POST /api/customs/settlement-preview  JSON { departureId, fileName, csv }, staff with
//   'customs.settle', same-origin only; answers the SettlementCheck (each line matched with its
//   shipment, its estimate and what its difference would become, or the errors).
// Apart from tRPC as the manifest's dry run is (http/parcel-import.ts): it changes nothing, so it
// is no audited mutation, and the file does not fit a query's URL. The settlement itself is the
// audited mutation customs.settle, on the same input.
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  CUSTOMS_SETTLEMENT_PREVIEW_PATH,
  GENERIC_MESSAGES,
  customsSettlementInput,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { isForeignRequest } from '../auth/request-origin';
import { requestStaff } from '../auth/request-session';
import { containsNulChar } from '../lib/nul-char';
import { checkSettlement } from '../services/customs-settlement/check';
import { sendError } from './errors';
import { answerWithProgress } from './progress-stream';

export function registerCustomsSettlementRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.post(CUSTOMS_SETTLEMENT_PREVIEW_PATH, async (req, reply) => {
    if (isForeignRequest(req, config)) return sendError(reply, 403, AUTH_MESSAGES.foreignOrigin);
    if (!(await requestStaff(req, reply, db, config, 'customs.settle'))) return reply;
    if (containsNulChar(req.body)) return sendError(reply, 400, GENERIC_MESSAGES.invalidInput);
    const parsed = customsSettlementInput.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, parsed.error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput);
    return answerWithProgress(req, reply, () => checkSettlement(db, parsed.data));
  });
}
