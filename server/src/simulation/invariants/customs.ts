// I9 (docs/product/customs.md#settled-against-what-customs-charged): a shipment's customs is settled
// at most once; each settlement's difference is what was paid less the estimate, and it became a
// charge (over the threshold, customs charged more), a credit (over it, customs charged less) or
// nothing (absorbed); every charge or credit is one adjustment of that customer's own ledger for
// exactly the difference, and no entry serves two settlements. So the ledger's customs entries add
// up to the differences over the threshold, and to nothing else.
import { sql } from 'drizzle-orm';
import { formatUsdCents, settlementOutcome } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import type { World } from '../world';

type Row = {
  code: string;
  user_id: string;
  estimate: string;
  paid: string;
  difference: string;
  threshold: string;
  outcome: string;
  entry_id: string | null;
  entry_user: string | null;
  entry_kind: string | null;
  entry_cents: string | null;
  settled_times: string;
  entry_uses: string;
};

export async function customsSettled(world: World): Promise<string[]> {
  const rows = rowsOf<Row>(
    await world.db.execute(sql`
      select s.shipment_code as code, c.user_id, c.estimate_usd_cents as estimate, c.paid_usd_cents as paid,
             c.difference_usd_cents as difference, c.threshold_usd_cents as threshold, c.outcome,
             le.id as entry_id, le.user_id as entry_user, le.kind as entry_kind, le.usd_cents as entry_cents,
             (select count(*) from customs_settlements x where x.shipment_id = c.shipment_id) as settled_times,
             (select count(*) from customs_settlements x where x.ledger_entry_id = c.ledger_entry_id) as entry_uses
      from customs_settlements c
      join shipments s on s.id = c.shipment_id
      left join ledger_entries le on le.id = c.ledger_entry_id`),
  );
  const out: string[] = [];
  for (const r of rows) {
    const [estimate, paid, difference, threshold] = [r.estimate, r.paid, r.difference, r.threshold].map(Number);
    if (Number(r.settled_times) > 1)
      out.push(`${r.code}: sus impuestos de aduana se liquidaron ${r.settled_times} veces`);
    if (difference !== paid! - estimate!)
      out.push(`${r.code}: la diferencia ${formatUsdCents(difference!)} no es lo pagado menos lo estimado`);
    const expected = settlementOutcome(difference!, threshold!);
    if (r.outcome !== expected)
      out.push(`${r.code}: la diferencia quedó como '${r.outcome}' y debía ser '${expected}'`);
    if (r.outcome === 'absorbed') {
      if (r.entry_id) out.push(`${r.code}: una diferencia asumida por el negocio tiene un movimiento en la cuenta`);
      continue;
    }
    if (!r.entry_id) {
      out.push(`${r.code}: el cargo o abono de la liquidación no está en la cuenta del cliente`);
      continue;
    }
    if (r.entry_user !== r.user_id || r.entry_kind !== 'adjustment' || Number(r.entry_cents) !== difference)
      out.push(
        `${r.code}: el movimiento de la liquidación no es un ajuste de ${formatUsdCents(difference!)} del cliente`,
      );
    if (Number(r.entry_uses) > 1) out.push(`${r.code}: el movimiento de la liquidación sirve a más de una liquidación`);
  }
  return out;
}
