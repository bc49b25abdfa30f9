// I7 (docs/product/claims.md#the-cap-across-claims): what the approved claims on a parcel paid,
// added up, never passes the parcel's limit; a shipment's own claims and its parcels' never pass
// the shipment's. Every payout is credit in the customer's ledger, once, and its credit note (if
// any) is never more than it.
import { sql } from 'drizzle-orm';
import { claimPayoutLimit, type ClaimSettings } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { getClaimSettings } from '../../queries/claims';
import type { World } from '../world';

/**
 * In one statement: each parcel that claims paid on (its value, its shipment's insured value and
 * declared total), each shipment that claims paid on (its own or its parcels'), and each payout
 * with its ledger entry and credit note.
 */
const FACTS = sql`
  with paid as (
    select c.id, c.number, c.package_id, c.shipment_id, c.payout_usd_cents as payout, c.kind, c.ledger_entry_id,
           c.status in ('approved', 'partially_approved') and c.kind <> 'weight_dispute' as capped
    from claims c where c.status in ('approved', 'partially_approved')
  ),
  declared as (
    select sp.shipment_id, sum(p.estimated_value_usd_cents) as total
    from shipment_packages sp join packages p on p.id = sp.package_id group by sp.shipment_id
  ),
  parcels as (
    select p.warehouse_receipt as wr, x.paid, p.estimated_value_usd_cents as declared,
           s.insured_value_usd_cents as insured, d.total as shipment_declared
    from (select package_id, sum(payout) as paid from paid where capped and package_id is not null group by package_id) x
    join packages p on p.id = x.package_id
    left join shipment_packages sp on sp.package_id = p.id
    left join shipments s on s.id = sp.shipment_id
    left join declared d on d.shipment_id = s.id
  ),
  on_shipment as (
    select coalesce(paid.shipment_id, sp.shipment_id) as shipment_id, sum(paid.payout) as paid
    from paid left join shipment_packages sp on sp.package_id = paid.package_id
    where paid.capped and coalesce(paid.shipment_id, sp.shipment_id) is not null
    group by 1
  ),
  shipments_paid as (
    select s.shipment_code as code, o.paid, s.insured_value_usd_cents as insured, d.total as declared
    from on_shipment o join shipments s on s.id = o.shipment_id left join declared d on d.shipment_id = s.id
  ),
  payouts as (
    select paid.number, paid.payout, le.usd_cents as entry,
           (select n.total_usd_cents from fiscal_documents n where n.source_key = 'claim:' || paid.id) as note
    from paid left join ledger_entries le on le.id = paid.ledger_entry_id
  )
  select json_build_object(
    'parcels', (select coalesce(json_agg(parcels), '[]') from parcels),
    'shipments', (select coalesce(json_agg(shipments_paid), '[]') from shipments_paid),
    'payouts', (select coalesce(json_agg(payouts), '[]') from payouts)) as facts`;

type Facts = {
  parcels: {
    wr: string | null;
    paid: number;
    declared: number | null;
    insured: number | null;
    shipment_declared: number | null;
  }[];
  shipments: { code: string; paid: number; insured: number | null; declared: number | null }[];
  payouts: { number: number; payout: number; entry: number | null; note: number | null }[];
};

/** The desk's settings do not change during the day: read once per run. */
const settingsOf = new WeakMap<World, ClaimSettings>();

export async function claimCaps(world: World): Promise<string[]> {
  const out: string[] = [];
  const settings = settingsOf.get(world) ?? (await getClaimSettings(world.db));
  settingsOf.set(world, settings);
  const [{ facts }] = rowsOf<{ facts: Facts }>(await world.db.execute(FACTS));
  for (const p of facts.parcels) {
    const limit = claimPayoutLimit(
      {
        insuredUsdCents: p.insured,
        declaredUsdCents: p.declared,
        shipmentDeclaredUsdCents: p.insured === null ? null : (p.shipment_declared ?? 0),
      },
      settings,
    );
    if (p.paid > limit) out.push(`el paquete ${p.wr} cobró ${p.paid} en reclamos y su tope es ${limit}`);
  }
  for (const s of facts.shipments) {
    const limit = claimPayoutLimit({ insuredUsdCents: s.insured, declaredUsdCents: s.declared }, settings);
    if (s.paid > limit) out.push(`el envío ${s.code} y sus paquetes cobraron ${s.paid} y su tope es ${limit}`);
  }
  for (const c of facts.payouts) {
    if (c.payout > 0 && c.entry !== -c.payout)
      out.push(`el reclamo ${c.number} pagó ${c.payout} y su asiento es ${c.entry}`);
    if (c.note !== null && c.note > c.payout)
      out.push(`el reclamo ${c.number} pagó ${c.payout} y su nota de crédito es de ${c.note}`);
  }
  return out;
}
