// Trackings and their history, made by the warehouse as in the admin's Trackings screen: the
// tracking service registers each (linking the customer's pending pre-alert of that number), the
// repack service marks the ones that needed a repack, and the status service sets the status it
// has now (with its notification and audit entry). The steps in between are history entries of
// the same person; every entry is dated along the tracking's story, from its creation to its
// last change, once the warehouse is done.
import { sql } from 'drizzle-orm';
import {
  trackingCreateInput,
  trackingRepackInput,
  trackingStatusChangeInput,
  type TrackingStatus,
  formatKg,
} from '@casillero/shared';
import { trackingHistory, trackings } from '../db/schema';
import { changeTrackingStatus, createTracking, requestTrackingRepack } from '../services/trackings';
import { asStaff, at, endStaffWork, redate, type DemoCast, type DemoContext } from './context';
import type { DemoPrealerts } from './prealerts';
import { trackingSpecs, type TrackingSpec } from './trackings-data';

/** The statuses a tracking went through to reach its current one, oldest first. */
const TRACKING_PATHS: Record<TrackingStatus, TrackingStatus[]> = {
  created: ['created'],
  in_transit: ['created', 'in_transit'],
  arrived: ['created', 'in_transit', 'arrived'],
  in_warehouse: ['created', 'in_transit', 'arrived', 'in_warehouse'],
  needs_reempaque: ['created', 'in_transit', 'arrived', 'in_warehouse', 'needs_reempaque'],
  reempacado: ['created', 'in_transit', 'arrived', 'in_warehouse', 'needs_reempaque', 'reempacado'],
  ready_to_ship: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship'],
  shipped: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship', 'shipped'],
  delivered: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship', 'shipped', 'delivered'],
  problem: ['created', 'in_transit', 'problem'],
};

/** What the warehouse writes in the history at each step. */
function historyMessage(status: TrackingStatus, t: TrackingSpec): string {
  const warehouse = t.country === 'china' ? 'Beijing' : 'Miami';
  switch (status) {
    case 'created':
      return `Tracking registrado en el sistema (${t.carrier}).`;
    case 'in_transit':
      return `El paquete va en camino a nuestro almacén de ${warehouse}.`;
    case 'arrived':
      return `El paquete llegó al almacén de ${warehouse}.`;
    case 'in_warehouse':
      return t.actualWeight
        ? `Paquete recibido y pesado en almacén: ${formatKg(t.actualWeight, { decimals: 1, fixed: true })}.`
        : 'Paquete recibido y ubicado en almacén.';
    case 'needs_reempaque':
      return `Se requiere reempaque: ${t.reempaqueReason ?? 'el embalaje original no es apto para el envío.'}`;
    case 'reempacado':
      return 'Reempaque completado. El paquete quedó consolidado en una sola caja.';
    case 'ready_to_ship':
      return 'Listo para envío. Realiza el pago para autorizar el despacho a Venezuela.';
    case 'shipped':
      return 'Despachado hacia Venezuela.';
    case 'delivered':
      return 'Entregado al cliente en Venezuela.';
    case 'problem':
      return 'Se detectó un problema con el paquete. Te contactaremos pronto.';
  }
}

type HistoryRow = typeof trackingHistory.$inferInsert;
type Stamp = {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  history: { status: TrackingStatus; at: Date }[];
  written: HistoryRow[];
};

/** Registers the tracking and walks it through its statuses; answers the dates to give it. */
async function tracking(ctx: DemoContext, cast: DemoCast, t: TrackingSpec): Promise<Stamp> {
  // One person in the warehouse registers it and moves it along (the history names them).
  const who = cast.staff.almacen;
  const steps = TRACKING_PATHS[t.status];
  const created = at(ctx, t.createdDaysAgo);
  const last = steps.length === 1 ? created : at(ctx, t.lastChangeDaysAgo);
  const moment = (i: number) =>
    steps.length === 1
      ? created
      : new Date(created.getTime() + ((last.getTime() - created.getTime()) * i) / (steps.length - 1));

  const input = trackingCreateInput.parse({
    mailboxId: t.customer[t.country]!.mailbox.id,
    trackingNumber: t.trackingNumber,
    carrier: t.carrier,
    description: t.description,
    estimatedWeight: t.estimatedWeight,
    estimatedValueUsdCents: t.estimatedValueUsdCents,
    senderName: t.senderName,
    originCountry: t.originCountry,
    priority: t.priority,
    needsReempaque: false,
    reempaqueReason: null,
    notes: t.notes ?? null,
  });
  const { id } = await asStaff(ctx, who, 'trackings.create', () => createTracking(ctx.db, who, input, ctx.config));
  const actualWeight = t.actualWeight ?? 0;
  const written: HistoryRow[] = [];
  for (let i = 1; i < steps.length; i++) {
    const status = steps[i];
    const message = i === steps.length - 1 && t.lastMessage ? t.lastMessage : historyMessage(status, t);
    if (status === 'needs_reempaque') {
      const repack = trackingRepackInput.parse({ id, reason: t.reempaqueReason, actualWeight });
      await asStaff(ctx, who, 'trackings.requestRepack', () => requestTrackingRepack(ctx.db, who, repack, ctx.config));
    } else if (i === steps.length - 1) {
      const change = trackingStatusChangeInput.parse({ id, status, actualWeight, message });
      await asStaff(ctx, who, 'trackings.updateStatus', () => changeTrackingStatus(ctx.db, who, change, ctx.config));
    } else {
      // A step on the way, recorded by the same person weeks ago (see createTrackings).
      written.push({ trackingId: id, status, message, createdBy: who.id, createdAt: moment(i) });
    }
  }
  return {
    id,
    createdAt: created,
    updatedAt: last,
    history: steps.map((status, i) => ({ status, at: moment(i) })),
    written,
  };
}

type Named = { id: string; trackingNumber: string; description: string };
export type DemoTrackings = Record<NonNullable<TrackingSpec['key']>, Named>;

export async function createTrackings(
  ctx: DemoContext,
  cast: DemoCast,
  prealerts: DemoPrealerts,
): Promise<DemoTrackings> {
  const named = {} as DemoTrackings;
  const stamps: Stamp[] = [];
  for (const spec of trackingSpecs(cast.customers, prealerts)) {
    const stamp = await tracking(ctx, cast, spec);
    stamps.push(stamp);
    if (spec.key)
      named[spec.key] = { id: stamp.id, trackingNumber: spec.trackingNumber, description: spec.description };
  }
  await endStaffWork(ctx);

  // The steps between a tracking's registration and its current status go straight into its
  // history, all in one statement: walking every tracking through each of them with the status
  // service took twice the statements of the whole demo before, for notifications dropped later.
  await ctx.tx.insert(trackingHistory).values(stamps.flatMap((s) => s.written));
  // Every history entry dated along its tracking's story, in one statement (a status appears
  // once in a tracking's path, so the tracking and the status name the entry), then the trackings.
  const entries = stamps.flatMap((s) =>
    s.history.map((h) => ({ tracking_id: s.id, status: h.status, at: h.at.toISOString() })),
  );
  await ctx.tx.execute(sql`
    update ${trackingHistory} set created_at = v.at
    from json_to_recordset(${JSON.stringify(entries)}::json) as v(tracking_id uuid, status text, at timestamptz)
    where ${trackingHistory.trackingId} = v.tracking_id and ${trackingHistory.status}::text = v.status`);
  await redate(
    ctx,
    trackings,
    trackings.id,
    stamps.map((s) => ({ key: s.id, dates: { createdAt: s.createdAt, updatedAt: s.updatedAt } })),
  );
  return named;
}
