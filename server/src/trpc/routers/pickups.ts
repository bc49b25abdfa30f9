// The agency counter (/admin/mostrador) and proofs of delivery
// (docs/product/last-mile.md#agency-counters-and-proof-of-delivery). An 'agencia' user reaches
// only its agency's shipments (services/pickups/): another agency's is NOT_FOUND.
import {
  PICKUP_MESSAGES,
  counterDeliverInput,
  counterListInput,
  counterScanInput,
  homeDeliveryInput,
  pickupSettingsInput,
  pickupShipmentInput,
} from '@casillero/shared';
import {
  agencyChoices,
  agencyOfUser,
  deliverAtCounter,
  deliveryProofOf,
  getPickupSettings,
  listCounter,
  markReadyForPickup,
  recordHomeDelivery,
  setPickupSettings,
  unlockPickup,
} from '../../services/pickups';
import { protectedProcedure, router, staffProcedure } from '../init';

export const pickupsRouter = router({
  /** The counter's agency (null for staff who see every agency). */
  myAgency: staffProcedure('pickups.counter').query(({ ctx }) => agencyOfUser(ctx.db, ctx.user.id)),

  list: staffProcedure('pickups.counter')
    .input(counterListInput)
    .query(({ ctx, input }) => listCounter(ctx.db, ctx.user, input.tab)),

  /** The scan: an arriving shipment becomes "listo para retirar" and its code goes to the customer. */
  markReady: staffProcedure('pickups.counter')
    .input(counterScanInput)
    .mutation(({ ctx, input }) => markReadyForPickup(ctx.db, ctx.user, input.code, { appUrl: ctx.config.appUrl })),

  /** The handover with the code or the cédula, and a photo. */
  deliver: staffProcedure('pickups.counter')
    .input(counterDeliverInput)
    .mutation(({ ctx, input }) => deliverAtCounter(ctx.db, ctx.user, input, { appUrl: ctx.config.appUrl })),

  /** Lifts the lock left by five failed attempts (wrong codes or cédulas). */
  unlock: staffProcedure('pickups.manage')
    .input(pickupShipmentInput)
    .mutation(({ ctx, input }) => unlockPickup(ctx.db, input.shipmentId)),

  /** The proof of a home delivery, from the shipment's details in /admin/envios. */
  recordHomeDelivery: staffProcedure('shipments.write')
    .input(homeDeliveryInput)
    .mutation(({ ctx, input }) => recordHomeDelivery(ctx.db, ctx.user, input, { appUrl: ctx.config.appUrl })),

  /** A shipment's proof, for staff. */
  proof: staffProcedure('shipments.read')
    .input(pickupShipmentInput)
    .query(({ ctx, input }) => deliveryProofOf(ctx.db, input.shipmentId, null)),

  /** The customer's own shipment's proof; another's answers NOT_FOUND. */
  ownProof: protectedProcedure
    .input(pickupShipmentInput)
    .query(({ ctx, input }) => deliveryProofOf(ctx.db, input.shipmentId, ctx.user.id)),

  settings: staffProcedure('pickups.manage').query(({ ctx }) => getPickupSettings(ctx.db)),

  updateSettings: staffProcedure('pickups.manage')
    .input(pickupSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setPickupSettings(ctx.db, input),
      message: PICKUP_MESSAGES.settingsSaved,
    })),

  /** The agencies a new agency user can be bound to (the staff invitation). */
  agencies: staffProcedure('staff.manage').query(({ ctx }) => agencyChoices(ctx.db)),
});
