// I7 (docs/product/claims.md#the-cap-across-claims): what the approved claims on a parcel paid,
// added up, never passes the parcel's limit; a shipment's own claims and its parcels' never pass
// the shipment's. Every payout is credit in the customer's ledger, once, and its credit note (if
// any) is never more than it.
import { sql } from 'drizzle-orm';
import { claimPayoutLimit } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { getClaimSettings } from '../../queries/claims';
import type { World } from '../world';

const CAPPED = sql`c.status in ('approved', 'partially_approved') and c.kind <> 'weight_dispute'`;

export async function claimCaps(world: World): Promise<string[]> {
  const out: string[] = [];
  const settings = await getClaimSettings(world.db);
  const parcels = rowsOf<{
    wr: string | null;
    paid: string;
    declared: string | null;
    insured: string | null;
    shipment_declared: string | null;
  }>(
    await world.db.execute(sql`
      select p.warehouse_receipt as wr, x.paid, p.estimated_value_usd_cents as declared, s.insured_value_usd_cents as insured,
             (select sum(q.estimated_value_usd_cents) from shipment_packages sq join packages q on q.id = sq.package_id
               where sq.shipment_id = s.id) as shipment_declared
      from (select c.package_id, sum(c.payout_usd_cents) as paid from claims c where c.package_id is not null and ${CAPPED}
            group by c.package_id) x
      join packages p on p.id = x.package_id
      left join shipment_packages sp on sp.package_id = p.id
      left join shipments s on s.id = sp.shipment_id`),
  );
  for (const p of parcels) {
    const insured = p.insured === null ? null : Number(p.insured);
    const limit = claimPayoutLimit(
      {
        insuredUsdCents: insured,
        declaredUsdCents: p.declared === null ? null : Number(p.declared),
        shipmentDeclaredUsdCents: insured === null ? null : Number(p.shipment_declared ?? 0),
      },
      settings,
    );
    if (Number(p.paid) > limit) out.push(`el paquete ${p.wr} cobró ${p.paid} en reclamos y su tope es ${limit}`);
  }
  const shipments = rowsOf<{ code: string; paid: string; insured: string | null; declared: string | null }>(
    await world.db.execute(sql`
      select s.shipment_code as code, s.insured_value_usd_cents as insured,
             (select sum(q.estimated_value_usd_cents) from shipment_packages sq join packages q on q.id = sq.package_id
               where sq.shipment_id = s.id) as declared,
             (select coalesce(sum(c.payout_usd_cents), 0) from claims c
               where ${CAPPED} and (c.shipment_id = s.id
                 or c.package_id in (select sp.package_id from shipment_packages sp where sp.shipment_id = s.id))) as paid
      from shipments s`),
  );
  for (const s of shipments) {
    const limit = claimPayoutLimit(
      {
        insuredUsdCents: s.insured === null ? null : Number(s.insured),
        declaredUsdCents: s.declared === null ? null : Number(s.declared),
      },
      settings,
    );
    if (Number(s.paid) > limit) out.push(`el envío ${s.code} y sus paquetes cobraron ${s.paid} y su tope es ${limit}`);
  }
  const payouts = rowsOf<{ number: number; payout: string; entry: string | null; note: string | null }>(
    await world.db.execute(sql`
      select c.number, c.payout_usd_cents as payout, le.usd_cents as entry,
             (select d.total_usd_cents from fiscal_documents d where d.source_key = 'claim:' || c.id) as note
      from claims c left join ledger_entries le on le.id = c.ledger_entry_id
      where c.status in ('approved', 'partially_approved')`),
  );
  for (const c of payouts) {
    if (Number(c.payout) > 0 && Number(c.entry) !== -Number(c.payout))
      out.push(`el reclamo ${c.number} pagó ${c.payout} y su asiento es ${c.entry}`);
    if (c.note !== null && Number(c.note) > Number(c.payout))
      out.push(`el reclamo ${c.number} pagó ${c.payout} y su nota de crédito es de ${c.note}`);
  }
  return out;
}
