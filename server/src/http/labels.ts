// Printable labels, apart from tRPC because they are a PDF (docs/product/warehouse-intake.md#labels):
//   GET /api/labels?packages=<id,…>&intakes=<id,…>
//       staff who may read packages; one 100×150 mm page per package or received parcel, in the
//       order given (packages first), at most LABELS_MAX_PER_REQUEST. An unknown id answers 404.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { LABELS_MAX_PER_REQUEST, LABELS_PATH, WAREHOUSE_MESSAGES } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestStaff } from '../auth/request-session';
import { businessToday } from '../lib/business-clock';
import { intakeLabels, packageLabels, renderLabelsPdf } from '../services/labels';
import { sendError } from './errors';
import { sendPrivatePdf } from './pdf-download';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of a comma-separated parameter, lower-case and without repeats; null if one is not an id. */
export function parseIdList(value: unknown): string[] | null {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string' || value.length > LABELS_MAX_PER_REQUEST * 40) return null;
  const ids = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!ids.every((id) => UUID.test(id))) return null;
  return [...new Set(ids)];
}

export type LabelRoutesOptions = { db: Db; config: Config };

export function registerLabelRoutes(app: FastifyInstance, { db, config }: LabelRoutesOptions) {
  app.get<{ Querystring: { packages?: unknown; intakes?: unknown } }>(LABELS_PATH, async (req, reply) => {
    if (!(await requestStaff(req, reply, db, config, 'packages.read'))) return reply;

    const packageIds = parseIdList(req.query.packages);
    const intakeIds = parseIdList(req.query.intakes);
    if (!packageIds || !intakeIds) return sendError(reply, 400, WAREHOUSE_MESSAGES.labelsInvalidId);
    const count = packageIds.length + intakeIds.length;
    if (count === 0) return sendError(reply, 400, WAREHOUSE_MESSAGES.labelsNone);
    if (count > LABELS_MAX_PER_REQUEST) return sendError(reply, 400, WAREHOUSE_MESSAGES.labelsTooMany);

    // An unknown id, or a package without its WR yet, is the service's domain error (http/errors.ts).
    const labels = [...(await packageLabels(db, packageIds)), ...(await intakeLabels(db, intakeIds))];
    const pdf = await renderLabelsPdf(labels);
    const filename =
      labels.length === 1 ? `etiqueta-${labels[0]!.warehouseReceipt}.pdf` : `etiquetas-${businessToday()}.pdf`;
    req.log.info({ labels: labels.length }, 'Etiquetas impresas');
    return sendPrivatePdf(reply, pdf, filename.replace(/[^A-Za-z0-9._-]/g, '_'));
  });
}
