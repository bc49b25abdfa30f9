// Claims (docs/product/claims.md), opened by the customers in Reclamos and answered by customer
// service at /admin/reclamos: the school shoes José's sister collected today came with a sole
// torn, approved in part (credit on his account and, the shipment invoiced with a factura, a
// credit note); and the weight Luis disputes on his dining set, assigned and waiting for the desk.
import { assignClaimInput, decideClaimInput, openClaimInput } from '@casillero/shared';
import { assignClaim, decideClaim, openClaim } from '../services/claims';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext } from './context';
import type { DemoPackages } from './packages';

export async function createClaims(
  ctx: DemoContext,
  cast: DemoCast,
  p: DemoPackages,
  deliveredShipmentId: string,
): Promise<void> {
  const { jose, luis } = cast.customers;
  const desk = cast.staff.atencion;
  const assign = (id: string, options: { appUrl: string; now?: Date }) =>
    asStaff(ctx, desk, 'claims.assign', () =>
      assignClaim(ctx.tx, desk.id, assignClaimInput.parse({ id, staffId: desk.id }), options),
    );

  const disputed = await openClaim(
    ctx.tx,
    luis.id,
    openClaimInput.parse({
      kind: 'weight_dispute',
      packageId: p.luisSea.id,
      text: 'Según la factura de Wayfair el juego de comedor pesa 34 kg con su caja; el almacén registró 38 kg.',
    }),
    { appUrl: ctx.config.appUrl, now: at(ctx, 1, 5) },
  );
  await assign(disputed.id, { appUrl: ctx.config.appUrl, now: at(ctx, 1, 2) });
  await endStaffWork(ctx);

  // Today's steps at the time they are taken (after the handover, whenever the demo starts).
  const today = { appUrl: ctx.config.appUrl };
  const damaged = await openClaim(
    ctx.tx,
    jose.id,
    openClaimInput.parse({
      kind: 'damaged',
      shipmentId: deliveredShipmentId,
      text: 'Mi hermana retiró hoy los zapatos en la agencia y a un par se le despegó la suela; la caja venía golpeada.',
    }),
    today,
  );
  await assign(damaged.id, today);
  await asStaff(ctx, desk, 'claims.decide', () =>
    decideClaim(
      ctx.tx,
      desk.id,
      decideClaimInput.parse({
        id: damaged.id,
        decision: 'partial',
        amountUsd: 25,
        reason: 'Reponemos el par dañado: abonamos su precio en tu cuenta.',
      }),
      today,
    ),
  );
  await endStaffWork(ctx);
}
