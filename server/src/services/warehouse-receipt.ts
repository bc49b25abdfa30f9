// Generated WR numbers: WR-<year of receipt>-<next value of warehouse_receipt_seq>. The
// sequence is shared by every server and never repeats (migration 0012); it starts at
// 1,000,000 so a generated number never meets one typed by hand.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';

/** The SQL expression of the next WR number, for INSERT … SELECT of many rows at once. */
export const nextWarehouseReceiptSql = sql<string>`'WR-' || to_char(now() at time zone 'America/Caracas', 'YYYY') || '-' || nextval('warehouse_receipt_seq')`;

/** One new WR number. */
export async function nextWarehouseReceipt(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ wr: string }>(await db.execute(sql`select ${nextWarehouseReceiptSql} as wr`));
  return row.wr;
}
