// The customs estimates the customer's screens show (docs/product/customs.md#where-the-estimate-is-shown),
// computed here from the rules in effect so the client never needs the rules: each pre-alert's
// parcel on its own guía. The caller has already filtered the rows by their owner; the mailboxes
// read here are the same customer's.
import { and, eq, inArray } from 'drizzle-orm';
import {
  ORIGIN_OF_MAILBOX_LOCATION,
  prealertCustomsEstimate,
  shownEstimate,
  type CustomsEstimateShown,
  type PrealertForCustoms,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes } from '../db/schema';
import { customsRulesNow } from './customs';
import { getPricesInEffect } from './prices';

type PrealertRow = Omit<PrealertForCustoms, 'origin'> & { id: string; mailboxId: string | null };

/** Each pre-alert's estimate by its id; none for one that declares no value. */
export async function prealertEstimates(
  db: DbOrTx,
  userId: string,
  rows: PrealertRow[],
): Promise<Map<string, CustomsEstimateShown>> {
  const out = new Map<string, CustomsEstimateShown>();
  if (rows.length === 0) return out;
  const ids = [...new Set(rows.flatMap((r) => (r.mailboxId ? [r.mailboxId] : [])))];
  const [now, { prices }, boxes] = await Promise.all([
    customsRulesNow(db),
    getPricesInEffect(db),
    ids.length
      ? db
          .select({ id: mailboxes.id, location: mailboxes.location })
          .from(mailboxes)
          .where(and(inArray(mailboxes.id, ids), eq(mailboxes.userId, userId)))
      : Promise.resolve([]),
  ]);
  for (const r of rows) {
    const location = boxes.find((b) => b.id === r.mailboxId)?.location;
    const origin = (location && ORIGIN_OF_MAILBOX_LOCATION[location]) || null;
    const estimate = prealertCustomsEstimate(now, { ...r, origin }, prices);
    if (estimate) out.set(r.id, shownEstimate(now, estimate));
  }
  return out;
}
