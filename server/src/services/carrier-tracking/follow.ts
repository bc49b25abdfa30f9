// Which numbers the first mile follows (docs/product/first-mile.md): a pre-alert saved with a
// number whose carrier is known (given, or detected from its shape) puts it on the list, once per
// physical parcel (its tracking_key), unregistered until the registration job hands it to the
// provider; receiving the parcel takes it off. Who hears about it: the one customer whose open
// pre-alert names it (two customers with the same number hear nothing until the warehouse decides).
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  PREALERT_ESTADO_OF_CARRIER_STATE,
  trackingKey,
  type CarrierTrackingState,
  type FirstMileCarrier,
  type PrealertCarrier,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { carrierShipments, prealerts } from '../../db/schema';
import { OPEN_PREALERT_STATUSES_SQL } from '../../queries/reception';
import { pgTextArray } from '../notify';
import { detectFirstMileCarrier } from './detect';

/** The carrier a pre-alert stores: the one the customer chose, else the one its number's shape names. */
export function prealertCarrier(
  chosen: PrealertCarrier | null | undefined,
  trackingNumber: string | null,
): PrealertCarrier | null {
  if (chosen) return chosen;
  return trackingNumber ? detectFirstMileCarrier(trackingNumber) : null;
}

/**
 * Puts a pre-alert's number on the list of followed numbers (or names its carrier anew). Without a
 * carrier we recognise nothing is followed: the number stays as typed, and nobody is told of it.
 */
export async function followNumber(tx: DbOrTx, trackingNumber: string | null, carrier: PrealertCarrier | null) {
  if (!trackingNumber || !carrier || carrier === 'Otro') return null;
  const key = trackingKey(trackingNumber);
  if (key.length < 5) return null;
  const named = carrier as FirstMileCarrier;
  const [row] = await tx
    .insert(carrierShipments)
    .values({ trackingKey: key, trackingNumber, carrier: named })
    .onConflictDoUpdate({
      target: carrierShipments.trackingKey,
      // A corrected carrier is registered again when the provider had refused the number.
      set: {
        carrier: named,
        registeredAt: sql`case when ${carrierShipments.registrationError} is null then ${carrierShipments.registeredAt} end`,
        stoppedAt: sql`case when ${carrierShipments.registrationError} is null then ${carrierShipments.stoppedAt} end`,
        registrationError: null,
        updatedAt: new Date(),
      },
      setWhere: sql`${carrierShipments.carrier} is distinct from ${named}`,
    })
    .returning({ id: carrierShipments.id, state: carrierShipments.state });
  const state =
    row?.state ??
    (
      await tx
        .select({ state: carrierShipments.state })
        .from(carrierShipments)
        .where(eq(carrierShipments.trackingKey, key))
    )[0]?.state ??
    null;
  await syncPrealertEstado(tx, key, state);
  return { trackingKey: key };
}

/** Follows a number no more: the parcel is in the warehouse. */
export async function stopFollowing(tx: DbOrTx, trackingNumber: string | null, now = new Date()) {
  if (!trackingNumber) return;
  await tx
    .update(carrierShipments)
    .set({ stoppedAt: now, nextPollAt: null, updatedAt: now })
    .where(and(eq(carrierShipments.trackingKey, trackingKey(trackingNumber)), isNull(carrierShipments.stoppedAt)));
}

type Follower = { id: string; userId: string; trackingNumber: string | null };

/**
 * The pre-alerts whose customer hears about a number: those of the one customer with an open
 * pre-alert naming it; none when two customers named it (docs/product/first-mile.md#states).
 */
export async function soleFollower(tx: DbOrTx, key: string): Promise<Follower[]> {
  return (await soleFollowers(tx, [key])).get(key) ?? [];
}

/** soleFollower() of many numbers in one statement (a webhook delivery names several). */
export async function soleFollowers(tx: DbOrTx, keys: readonly string[]): Promise<Map<string, Follower[]>> {
  const out = new Map<string, Follower[]>();
  if (keys.length === 0) return out;
  const rows = rowsOf<{ id: string; user_id: string; tracking_number: string | null; key: string }>(
    await tx.execute(sql`
      select id, user_id, tracking_number, tracking_key(tracking_number) as key from ${prealerts}
      where tracking_key(tracking_number) = any(${pgTextArray(keys)}::text[])
        and status in ${OPEN_PREALERT_STATUSES_SQL}`),
  );
  for (const r of rows) {
    const list = out.get(r.key) ?? [];
    list.push({ id: r.id, userId: r.user_id, trackingNumber: r.tracking_number });
    out.set(r.key, list);
  }
  for (const [key, list] of out) if (new Set(list.map((r) => r.userId)).size !== 1) out.set(key, []);
  return out;
}

/** The pre-alert's «estado» from the carrier's state, where one stands for it (sole follower only). */
export async function syncPrealertEstado(
  tx: DbOrTx,
  key: string,
  state: CarrierTrackingState | null,
  /** soleFollower(key), when the caller already read it. */
  followers?: { id: string }[],
) {
  await syncPrealertEstados(tx, [{ state, followers: followers ?? (await soleFollower(tx, key)) }]);
}

/** syncPrealertEstado() of many numbers in one statement; a pre-alert already showing it is not written. */
export async function syncPrealertEstados(
  tx: DbOrTx,
  items: { state: CarrierTrackingState | null; followers: { id: string }[] }[],
) {
  const byEstado = new Map<string, string[]>();
  for (const { state, followers } of items) {
    const estado = state ? PREALERT_ESTADO_OF_CARRIER_STATE[state] : null;
    if (estado && followers.length > 0)
      byEstado.set(estado, [...(byEstado.get(estado) ?? []), ...followers.map((p) => p.id)]);
  }
  // One statement per «estado» (a delivery's numbers mostly end in one), by the primary key.
  for (const [estado, ids] of byEstado) {
    await tx.execute(sql`
      update ${prealerts} set estado_tracking = ${estado}::prealert_estado_tracking
      where id = any(${pgTextArray(ids)}::uuid[]) and estado_tracking <> ${estado}::prealert_estado_tracking`);
  }
}
