import { TRPCError } from '@trpc/server';
import {
  idInput,
  PRIORITY_LABELS,
  TRACKING_MESSAGES,
  TRACKING_STATUS_LABELS,
  trackingCreateInput,
  trackingFilters,
  trackingListInput,
  trackingRepackInput,
  trackingStatusChangeInput,
  z,
} from '@casillero/shared';
import { toCsv } from '../../lib/csv';
import {
  BUSINESS_TIME_ZONE,
  countTrackings,
  exportTrackingRows,
  getTrackingDetail,
  getTrackingStats,
  listTrackingCarriers,
  listTrackingClients,
  listTrackings,
} from '../../queries/trackings';
import { changeTrackingStatus, createTracking, requestTrackingRepack } from '../../services/trackings';
import { getOwnTrackingDetail, listOwnTrackings } from '../../queries/client-trackings';
import { adminProcedure, protectedProcedure, router } from '../init';

/** The columns of the CSV export (admin spec §9). */
const CSV_HEADERS = [
  'Tracking',
  'Cliente',
  'Casillero',
  'Estado',
  'Transportista',
  'Peso estimado (kg)',
  'Valor estimado (USD)',
  'Prioridad',
  'Fecha',
] as const;

const csvDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** The file name's date, YYYY-MM-DD on the business's clock. */
const fileDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(d);

export const trackingsRouter = router({
  // --- Customer: Mis Trackings (own trackings only) --------------------------------------------
  mine: protectedProcedure.query(({ ctx }) => listOwnTrackings(ctx.db, ctx.user.id)),

  mineDetail: protectedProcedure.input(idInput).query(async ({ ctx, input }) => {
    const detail = await getOwnTrackingDetail(ctx.db, ctx.user.id, input.id);
    if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: TRACKING_MESSAGES.notFound });
    return detail;
  }),

  // --- Admin: the trackings panel (admin spec §2, §5, §7) --------------------------------------
  list: adminProcedure.input(trackingListInput).query(({ ctx, input }) => listTrackings(ctx.db, input)),

  count: adminProcedure.input(trackingFilters).query(({ ctx, input }) => countTrackings(ctx.db, input)),

  stats: adminProcedure.query(({ ctx }) => getTrackingStats(ctx.db)),

  carriers: adminProcedure.query(({ ctx }) => listTrackingCarriers(ctx.db)),

  clients: adminProcedure
    .input(z.object({ q: z.string().trim().max(100).optional() }).default({}))
    .query(({ ctx, input }) => listTrackingClients(ctx.db, input.q)),

  detail: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const detail = await getTrackingDetail(ctx.db, input.id);
    if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: TRACKING_MESSAGES.notFound });
    return detail;
  }),

  /** The whole filtered set as CSV text (UTF-8 with BOM), up to the export cap. */
  exportCsv: adminProcedure.input(trackingListInput).query(async ({ ctx, input }) => {
    const { rows, isTruncated } = await exportTrackingRows(ctx.db, input);
    const csv = toCsv(
      CSV_HEADERS,
      rows.map((r) => [
        r.trackingNumber,
        r.clientName ? `${r.clientName} <${r.clientEmail}>` : r.clientEmail,
        r.mailboxCode,
        TRACKING_STATUS_LABELS[r.status],
        r.carrier,
        r.estimatedWeight.toFixed(2),
        r.estimatedValue.toFixed(2),
        PRIORITY_LABELS[r.priority],
        csvDate.format(r.createdAt),
      ]),
    );
    return { filename: `trackings_${fileDate(new Date())}.csv`, csv, rowCount: rows.length, isTruncated };
  }),

  create: adminProcedure
    .input(trackingCreateInput)
    .mutation(({ ctx, input }) => createTracking(ctx.db, ctx.user, input, ctx.config)),

  updateStatus: adminProcedure
    .input(trackingStatusChangeInput)
    .mutation(({ ctx, input }) => changeTrackingStatus(ctx.db, ctx.user, input, ctx.config)),

  requestRepack: adminProcedure
    .input(trackingRepackInput)
    .mutation(({ ctx, input }) => requestTrackingRepack(ctx.db, ctx.user, input, ctx.config)),
});
