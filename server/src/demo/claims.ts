// Claims (docs/product/claims.md), opened by María in Reclamos and answered by customer service at
// /admin/reclamos: the pressure cooker Carmen collected today came with its lid cracked, approved
// in part (credit on María's account and, its shipment invoiced with a factura, a credit note);
// and a weight she disputes on a parcel on the shelf, assigned and waiting for the desk.
import { decideClaimInput, openClaimInput, assignClaimInput } from '@casillero/shared';
import { assignClaim, decideClaim, openClaim } from '../services/claims';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext } from './context';
import type { DemoPackages } from './packages';

export async function createClaims(
  ctx: DemoContext,
  cast: DemoCast,
  p: DemoPackages,
  deliveredShipmentId: string,
): Promise<void> {
  const maria = cast.customers.maria;
  const desk = cast.staff.atencion;
  // Today's steps at the time they are taken (after the handover, whenever the demo starts).
  const today = { appUrl: ctx.config.appUrl };

  const disputed = await openClaim(
    ctx.tx,
    maria.id,
    openClaimInput.parse({
      kind: 'weight_dispute',
      packageId: p.mariaInWarehouse.id,
      text: 'El bolso y la billetera pesan poco más de un kilo; el almacén registró 1,3 kg con una caja más grande de la que llegó.',
    }),
    { appUrl: ctx.config.appUrl, now: at(ctx, 1, 5) },
  );
  await asStaff(ctx, desk, 'claims.assign', () =>
    assignClaim(ctx.tx, desk.id, assignClaimInput.parse({ id: disputed.id, staffId: desk.id }), {
      appUrl: ctx.config.appUrl,
      now: at(ctx, 1, 2),
    }),
  );
  await endStaffWork(ctx);

  const damaged = await openClaim(
    ctx.tx,
    maria.id,
    openClaimInput.parse({
      kind: 'damaged',
      shipmentId: deliveredShipmentId,
      text: 'Mi mamá retiró hoy la olla de presión en la agencia y la tapa de vidrio venía rajada; la caja tenía un golpe en una esquina.',
    }),
    today,
  );
  await asStaff(ctx, desk, 'claims.assign', () =>
    assignClaim(ctx.tx, desk.id, assignClaimInput.parse({ id: damaged.id, staffId: desk.id }), today),
  );
  await asStaff(ctx, desk, 'claims.decide', () =>
    decideClaim(
      ctx.tx,
      desk.id,
      decideClaimInput.parse({
        id: damaged.id,
        decision: 'partial',
        amountUsd: 25,
        reason: 'Reponemos la tapa de vidrio: abonamos su precio en tu cuenta.',
      }),
      today,
    ),
  );
  await endStaffWork(ctx);
}
