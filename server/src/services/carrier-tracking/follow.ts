// Which numbers the first mile follows (docs/product/first-mile.md): a pre-alert saved with a
// number whose carrier is known (given, or detected from its shape) puts it on the list, once per
// physical parcel (its tracking_key), unregistered until the registration job hands it to the
// provider; receiving the parcel takes it off. Who hears about it: the one customer whose open
// pre-alert names it (two customers with the same number hear nothing until the warehouse decides).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  PREALERT_ESTADO_OF_CARRIER_STATE,
  trackingKey,
  type CarrierTrackingState,
  type FirstMileCarrier,
  type PrealertCarrier,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { carrierShipments, prealerts } from '../../db/schema';
import { OPEN_PREALERT_STATUSES } from '../../queries/reception';
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

/**
 * The pre-alerts whose customer hears about a number: those of the one customer with an open
 * pre-alert naming it; none when two customers named it (docs/product/first-mile.md#states).
 */
export async function soleFollower(tx: DbOrTx, key: string) {
  const rows = await tx
    .select({ id: prealerts.id, userId: prealerts.userId, trackingNumber: prealerts.trackingNumber })
    .from(prealerts)
    .where(
      and(
        sql`tracking_key(${prealerts.trackingNumber}) = ${key}`,
        inArray(prealerts.status, [...OPEN_PREALERT_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.userId)).size === 1 ? rows : [];
}

/** The pre-alert's «estado» from the carrier's state, where one stands for it (sole follower only). */
export async function syncPrealertEstado(
  tx: DbOrTx,
  key: string,
  state: CarrierTrackingState | null,
  /** soleFollower(key), when the caller already read it. */
  followers?: { id: string }[],
) {
  const estado = state ? PREALERT_ESTADO_OF_CARRIER_STATE[state] : null;
  if (!estado) return;
  const own = followers ?? (await soleFollower(tx, key));
  if (own.length === 0) return;
  await tx
    .update(prealerts)
    .set({ estadoTracking: estado })
    .where(
      inArray(
        prealerts.id,
        own.map((p) => p.id),
      ),
    );
}
