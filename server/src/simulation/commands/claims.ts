// Claims (docs/product/claims.md): a customer claims on one of their parcels or shipments (or
// another's, refused), the desk approves in full, in part, or rejects; a weight dispute upheld
// corrects the parcel and credits the difference of the two prices.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { CLAIM_KINDS, type ClaimDecision, type ClaimKind } from '@casillero/shared';
import { businessToday } from '../../lib/business-clock';
import { SimCommand, actorFor, attempt, choose, Nothing, Refused, type Model, told } from '../command';
import type { World } from '../world';
import { ids, owned } from './pick';

const pick = fc.nat({ max: 1000 });

class OpenClaim extends SimCommand {
  readonly name = 'abrir reclamo';
  constructor(
    readonly kind: ClaimKind,
    readonly onShipment: boolean,
    readonly pick: number,
    readonly stranger: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.stranger ? 'otro cliente' : 'su dueño'} reclama «${this.kind}» sobre ${this.onShipment ? 'el envío' : 'el paquete'} #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const subject = choose(
      await owned(
        world,
        this.onShipment
          ? sql`select id, user_id as owner from shipments order by created_at, shipment_code`
          : sql`select id, user_id as owner from packages order by warehouse_receipt`,
      ),
      this.pick,
    );
    if (!subject) return new Nothing('nada que reclamar');
    const who = actorFor(world, subject.owner, this.stranger);
    const userId = world.customers[who].userId;
    const extra =
      this.kind === 'not_in_mailbox'
        ? {
            carrierDeliveredOn: businessToday(new Date(Date.now() - 4 * 86_400_000)),
            carrierProof: {
              fileId: await world.file(userId, 'claim_photo'),
              thumbFileId: await world.file(userId, 'claim_photo'),
            },
          }
        : {};
    const done = await attempt(() =>
      world.as(who).claims.open({
        kind: this.kind,
        ...(this.onShipment ? { shipmentId: subject.id } : { packageId: subject.id }),
        text: 'Lo que pasó con mi paquete, contado en la simulación.',
        ...extra,
      }),
    );
    return done instanceof Refused ? done : `${who} abrió el reclamo`;
  }
}

class DecideClaim extends SimCommand {
  readonly name = 'decidir reclamo';
  constructor(
    readonly pick: number,
    readonly decision: ClaimDecision,
    readonly amountUsdCents: number,
    readonly heavier: boolean,
  ) {
    super();
  }
  toString() {
    const what = { approve: 'aprueba', partial: `aprueba en parte (${this.amountUsdCents} ¢)`, reject: 'rechaza' }[
      this.decision
    ];
    return `atención ${what} el reclamo abierto #${this.pick}${this.heavier ? ' (peso corregido al alza)' : ''}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await ids(
        world,
        sql`select concat(c.id, ';', coalesce(p.weight_kg::text, '1')) as id from claims c left join packages p on p.id = c.package_id
            where c.status in ('open', 'waiting_customer') order by c.number`,
      ),
      this.pick,
    );
    if (!row) return new Nothing('ningún reclamo abierto');
    const [id, weight] = row.split(';');
    const corrected = Math.max(0.1, Math.round(Number(weight) * (this.heavier ? 1.5 : 0.5) * 10) / 10);
    return told(() =>
      world.as('atencion').claims.decide({
        id,
        decision: this.decision,
        ...(this.decision === 'partial' ? { amountUsd: this.amountUsdCents / 100 } : {}),
        ...(this.decision === 'reject' ? { reason: 'No corresponde según la revisión del caso.' } : {}),
        weightKg: corrected,
        dimensionsCm: '20x20x10',
      }),
    );
  }
}

const openKind = fc.constantFrom<ClaimKind>(
  'lost',
  'lost',
  'damaged',
  'missing_items',
  'weight_dispute',
  ...CLAIM_KINDS,
);

export const claimCommands = [
  fc
    .tuple(openKind, fc.boolean(), pick, fc.nat({ max: 9 }))
    .map(([kind, onShipment, p, s]) => new OpenClaim(kind, onShipment, p, s === 0)),
  fc
    .tuple(
      pick,
      fc.constantFrom<ClaimDecision>('approve', 'partial', 'partial', 'reject'),
      fc.integer({ min: 1, max: 20_000 }),
      fc.nat({ max: 4 }),
    )
    .map(([p, d, cents, h]) => new DecideClaim(p, d, cents, h === 0)),
];
