// GET /api/exports/audit.csv?q=…&actorId=…&action=…&entity=…&from=…&to=… (and audit.xlsx): the audit log's whole
// filtered (or searched) set, newest first, the action in Spanish, for staff who may read it;
// read by keyset a batch at a time and written as it is read (like the trackings export,
// decision 008).
import type { FastifyInstance } from 'fastify';
import {
  AUDIT_CSV_PATH,
  AUDIT_ENTITY_LABELS,
  AUDIT_OPERATION_LABELS,
  GENERIC_MESSAGES,
  auditActionLabel,
  auditFilters,
  roleLabel,
  SPREADSHEET_FORMATS,
  spreadsheetPath,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { requestStaff } from '../auth/request-session';
import { BUSINESS_TIME_ZONE, businessToday, csvMoment } from '../lib/business-clock';
import { sendSpreadsheetDownload } from './xlsx-download';
import { sendError } from './errors';
import { exportAuditBatches } from '../queries/audit';
import { containsNulChar } from '../lib/nul-char';

export const AUDIT_CSV_HEADERS = [
  'Fecha',
  'Persona',
  'Rol',
  'Acción',
  'Entidad',
  'Id',
  'Operación',
  'Antes',
  'Después',
  'IP',
  'Navegador',
] as const;

const csvDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

export function registerAuditExport(
  app: FastifyInstance,
  { db, config, batchSize = 2000 }: { db: Db; config: Config; batchSize?: number },
) {
  for (const format of SPREADSHEET_FORMATS) {
    app.get(spreadsheetPath(AUDIT_CSV_PATH, format), async (req, reply) => {
      if (!(await requestStaff(req, reply, db, config, 'audit.read'))) return reply;
      const parsed = auditFilters.safeParse(req.query ?? {});
      if (!parsed.success)
        return sendError(reply, 400, parsed.error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput);
      if (containsNulChar(parsed.data)) return sendError(reply, 400, GENERIC_MESSAGES.invalidInput);

      return sendSpreadsheetDownload(reply, format, {
        filename: `auditoria_${businessToday()}.csv`,
        sheet: 'Auditoría',
        headers: AUDIT_CSV_HEADERS,
        batches: exportAuditBatches(db, parsed.data, batchSize),
        cells: (e) => [
          csvMoment(e.createdAt, csvDate),
          e.actorName ? `${e.actorName} <${e.actorEmail}>` : (e.actorEmail ?? ''),
          roleLabel(e.actorRole),
          auditActionLabel(e.action),
          AUDIT_ENTITY_LABELS[e.entity] ?? e.entity,
          e.entityId,
          AUDIT_OPERATION_LABELS[e.operation] ?? e.operation,
          e.before ? JSON.stringify(e.before) : '',
          e.after ? JSON.stringify(e.after) : '',
          e.ip ?? '',
          e.userAgent ?? '',
        ],
      });
    });
  }
}
