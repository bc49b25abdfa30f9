// Trackings and their history, made by the warehouse as in the admin's Trackings screen: the
// tracking service registers each (linking the customer's pending pre-alert of that number),
// then the status service moves it through every status on its way, one history entry each,
// and the repack service marks the ones that need a repack. Each entry is then dated along the
// tracking's story, from its creation to its last change.
import { eq } from 'drizzle-orm';
import {
  trackingCreateInput,
  trackingRepackInput,
  trackingStatusChangeInput,
  type TrackingStatus,
} from '@casillero/shared';
import { trackingHistory, trackings } from '../db/schema';
import { changeTrackingStatus, createTracking, requestTrackingRepack } from '../services/trackings';
import { asStaff, at, backdateNew, type DemoCast, type DemoContext } from './context';
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
        ? `Paquete recibido y pesado en almacén: ${t.actualWeight.toFixed(1)} kg.`
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

async function tracking(ctx: DemoContext, cast: DemoCast, t: TrackingSpec) {
  // One person in the warehouse registers it and moves it along (the history names them).
  const who = cast.staff.almacen;
  const steps = TRACKING_PATHS[t.status];
  const created = at(ctx, t.createdDaysAgo);
  const last = steps.length === 1 ? created : at(ctx, t.lastChangeDaysAgo);
  const moment = (i: number) =>
    steps.length === 1 ? created : new Date(created.getTime() + ((last.getTime() - created.getTime()) * i) / (steps.length - 1));

  const input = trackingCreateInput.parse({
    mailboxId: t.customer[t.country]!.mailbox.id,
    trackingNumber: t.trackingNumber,
    carrier: t.carrier,
    description: t.description,
    estimatedWeight: t.estimatedWeight,
    estimatedValue: t.estimatedValue,
    senderName: t.senderName,
    originCountry: t.originCountry,
    priority: t.priority,
    needsReempaque: false,
    reempaqueReason: null,
    notes: t.notes ?? null,
  });
  const { id } = await asStaff(ctx, who, 'trackings.create', () => createTracking(ctx.db, who, input, ctx.config));
  await backdateNew(ctx, trackingHistory, moment(0), eq(trackingHistory.trackingId, id));

  for (let i = 1; i < steps.length; i++) {
    const status = steps[i];
    const message = i === steps.length - 1 && t.lastMessage ? t.lastMessage : historyMessage(status, t);
    const actualWeight = t.actualWeight ?? 0;
    if (status === 'needs_reempaque') {
      const repack = trackingRepackInput.parse({ id, reason: t.reempaqueReason, actualWeight });
      await asStaff(ctx, who, 'trackings.requestRepack', () => requestTrackingRepack(ctx.db, who, repack, ctx.config));
    } else {
      const change = trackingStatusChangeInput.parse({ id, status, actualWeight, message });
      await asStaff(ctx, who, 'trackings.updateStatus', () => changeTrackingStatus(ctx.db, who, change, ctx.config));
    }
    await backdateNew(ctx, trackingHistory, moment(i), eq(trackingHistory.trackingId, id));
  }
  const [row] = await ctx.tx.update(trackings).set({ createdAt: created, updatedAt: last }).where(eq(trackings.id, id)).returning();
  return row;
}

export type DemoTrackings = Awaited<ReturnType<typeof createTrackings>>;

export async function createTrackings(ctx: DemoContext, cast: DemoCast, prealerts: DemoPrealerts) {
  const named: Partial<Record<NonNullable<TrackingSpec['key']>, typeof trackings.$inferSelect>> = {};
  for (const spec of trackingSpecs(cast.customers, prealerts)) {
    const row = await tracking(ctx, cast, spec);
    if (spec.key) named[spec.key] = row;
  }
  return named as Required<typeof named>;
}
